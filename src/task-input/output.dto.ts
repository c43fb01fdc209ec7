import { ApiProperty } from '@nestjs/swagger';
import { CheckedField, EnumField, NestedField, OptionalField, OptionalNumber } from '../common/validation/field-rules.decorator';
import type { OutputFormat, OutputQuality } from '../common/spec-vocabulary';
import { ExtensionField } from './motion.dto';
import { OutputAudioDto } from './sound.dto';
import { OUTPUT_CODECS, OUTPUT_FORMATS, OUTPUT_QUALITIES, type OutputCodec } from './input-values';

/**
 * 4:2:0 encoders (H.264, H.265, VP8/9) need even sizes, so odd sizes are
 * refused up front rather than failing at render time. The upper bound is a
 * sanity limit; the model limits (422) are the real ceiling.
 */
export const MIN_DIMENSION = 16;
export const MAX_DIMENSION = 16384;
const DIMENSION_ISSUE = `must be an even whole number from ${MIN_DIMENSION} to ${MAX_DIMENSION}`;

export function isEvenDimension(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) % 2 === 0 && (value as number) >= MIN_DIMENSION && (value as number) <= MAX_DIMENSION;
}

export class ResolutionDto {
  @ApiProperty({ type: 'integer', minimum: MIN_DIMENSION, maximum: MAX_DIMENSION, multipleOf: 2, example: 1920 })
  @CheckedField('evenDimension', isEvenDimension, DIMENSION_ISSUE)
  width!: number;

  @ApiProperty({ type: 'integer', minimum: MIN_DIMENSION, maximum: MAX_DIMENSION, multipleOf: 2, example: 1080 })
  @CheckedField('evenDimension', isEvenDimension, DIMENSION_ISSUE)
  height!: number;
}

export class OutputDto {
  @ApiProperty({ type: () => ResolutionDto, description: 'Pixels; at most the model limit (either orientation)' })
  @NestedField(() => ResolutionDto)
  resolution!: ResolutionDto;

  @OptionalNumber({ min: 1, max: 120 }, { default: 30, description: 'Frames per second; fractions such as 29.97 allowed' })
  framerate?: number;

  @OptionalField({ enum: OUTPUT_FORMATS, default: 'mp4', description: 'prores needs the premium model' })
  @EnumField(OUTPUT_FORMATS)
  format?: OutputFormat;

  @OptionalField({ enum: OUTPUT_QUALITIES, default: 'standard' })
  @EnumField(OUTPUT_QUALITIES)
  quality?: OutputQuality;

  @OptionalField({
    enum: OUTPUT_CODECS,
    description: 'Default by format: mp4/mov h264, webm vp9, prores prores. Allowed: mp4 h264|h265; mov h264|prores; webm vp8|vp9; prores prores',
  })
  @EnumField(OUTPUT_CODECS)
  codec?: OutputCodec;

  @ExtensionField({ type: () => OutputAudioDto, description: 'The sound of the output as a whole' })
  @NestedField(() => OutputAudioDto)
  audio?: OutputAudioDto;
}
