import { ApiProperty } from '@nestjs/swagger';
import {
  BooleanField,
  CheckedField,
  EnumField,
  IntegerField,
  NestedField,
  NumberField,
  StringField,
  OptionalField,
} from '../../common/validation/field-rules.decorator';
import { BLEND_MODES, FIT_MODES, type FitMode, LAYER_TYPES, SUBTITLE_PRESETS, type SubtitlePreset, WRAP_STRATEGIES } from './input-values';

/** Clip `properties` per track type; a key of another track type is an unknown field. */

export const HEX_COLOR = { maxLength: 7, pattern: /^#[0-9A-Fa-f]{6}$/, describe: 'must be a hex colour of the form #RRGGBB' };
const HEX_EXAMPLE = '#FFFFFF';

export class PositionDto {
  @ApiProperty({ description: 'Pixels from the left edge of the output canvas', example: 0 })
  @NumberField()
  x!: number;

  @ApiProperty({ description: 'Pixels from the top edge of the output canvas', example: 0 })
  @NumberField()
  y!: number;
}

export class ScaleDto {
  @ApiProperty({ description: 'Horizontal factor; 1.0 is the original size', example: 1, exclusiveMinimum: true, minimum: 0, maximum: 100 })
  @NumberField({ min: 0, minExclusive: true, max: 100 })
  x!: number;

  @ApiProperty({ description: 'Vertical factor; 1.0 is the original size', example: 1, exclusiveMinimum: true, minimum: 0, maximum: 100 })
  @NumberField({ min: 0, minExclusive: true, max: 100 })
  y!: number;
}

export class VideoClipPropertiesDto {
  @OptionalField({ type: () => ScaleDto, description: 'Scaling factors' })
  @NestedField(() => ScaleDto)
  scale?: ScaleDto;

  @OptionalField({ minimum: 0, maximum: 1, example: 1, description: '0.0 (transparent) to 1.0 (opaque)' })
  @NumberField({ min: 0, max: 1 })
  opacity?: number;

  @OptionalField({ type: () => PositionDto, description: 'Offset of the media in pixels from its fitted place' })
  @NestedField(() => PositionDto)
  position?: PositionDto;

  @OptionalField({ enum: FIT_MODES, default: 'contain' })
  @EnumField(FIT_MODES)
  fit?: FitMode;

  @OptionalField({ description: 'Degrees, clockwise; any finite number', example: 0 })
  @NumberField()
  rotation?: number;

  @OptionalField({ enum: BLEND_MODES, default: 'normal', description: 'CSS mix-blend-mode keyword' })
  @EnumField(BLEND_MODES)
  blend_mode?: string;

  @OptionalField({ enum: LAYER_TYPES })
  @EnumField(LAYER_TYPES)
  layer_type?: 'background' | 'foreground';

  @OptionalField({ description: 'Stacking order; higher is on top', example: 0 })
  @NumberField()
  z_index?: number;

  @OptionalField({ enum: FIT_MODES, deprecated: true, description: 'Deprecated; use fit' })
  @EnumField(FIT_MODES)
  background_fit?: FitMode;

  @OptionalField({ minimum: 0, maximum: 100, description: 'Blur radius in pixels; background layers only' })
  @NumberField({ min: 0, max: 100 })
  background_blur?: number;
}

export class AudioClipPropertiesDto {
  @OptionalField({ minimum: 0, maximum: 10, default: 1, description: 'Gain factor; 1 keeps the level' })
  @NumberField({ min: 0, max: 10 })
  volume?: number;

  @OptionalField({ minimum: 0, type: 'integer', description: 'Milliseconds; fade_in_ms + fade_out_ms ≤ clip length' })
  @IntegerField({ min: 0 })
  fade_in_ms?: number;

  @OptionalField({ minimum: 0, type: 'integer', description: 'Milliseconds; fade_in_ms + fade_out_ms ≤ clip length' })
  @IntegerField({ min: 0 })
  fade_out_ms?: number;
}

/** `auto` or a well-formed BCP 47 tag (checked by the runtime's own parser). */
export function isLanguageTag(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 35) return false;
  if (value === 'auto') return true;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export class TextWrappingDto {
  @OptionalField({ default: true })
  @BooleanField()
  enabled?: boolean;

  @OptionalField({ type: 'integer', minimum: 1, maximum: 200, example: 42 })
  @IntegerField({ min: 1, max: 200 })
  max_chars_per_line?: number;

  @OptionalField({ enum: WRAP_STRATEGIES, default: 'word', description: 'word breaks between words (and between CJK characters)' })
  @EnumField(WRAP_STRATEGIES)
  strategy?: 'word' | 'character' | 'none';

  @OptionalField({ default: 'auto', example: 'zh-Hans', description: '`auto` or a BCP 47 language tag' })
  @CheckedField('languageTag', isLanguageTag, 'must be "auto" or a BCP 47 language tag such as "en" or "zh-Hans"')
  language?: string;
}

export class OutlineDto {
  @OptionalField()
  @BooleanField()
  enabled?: boolean;

  @OptionalField({ minimum: 0, maximum: 50, description: 'Pixels' })
  @NumberField({ min: 0, max: 50 })
  width?: number;

  @OptionalField({ example: '#000000' })
  @StringField(HEX_COLOR)
  color?: string;

  @OptionalField({ minimum: 0, maximum: 50, description: 'Pixels' })
  @NumberField({ min: 0, max: 50 })
  blur?: number;
}

export class ShadowDto {
  @OptionalField()
  @BooleanField()
  enabled?: boolean;

  @OptionalField({ minimum: -1000, maximum: 1000, description: 'Pixels' })
  @NumberField({ min: -1000, max: 1000 })
  offset_x?: number;

  @OptionalField({ minimum: -1000, maximum: 1000, description: 'Pixels' })
  @NumberField({ min: -1000, max: 1000 })
  offset_y?: number;

  @OptionalField({ minimum: 0, maximum: 100, description: 'Pixels' })
  @NumberField({ min: 0, max: 100 })
  blur?: number;

  @OptionalField({ example: '#000000' })
  @StringField(HEX_COLOR)
  color?: string;

  @OptionalField({ minimum: 0, maximum: 1 })
  @NumberField({ min: 0, max: 1 })
  opacity?: number;
}

export class SubtitleClipPropertiesDto {
  @OptionalField({ enum: SUBTITLE_PRESETS, example: 'netflix' })
  @EnumField(SUBTITLE_PRESETS)
  preset?: SubtitlePreset;

  @OptionalField({ minimum: 8, maximum: 400, description: 'Pixels of the output canvas', example: 48 })
  @NumberField({ min: 8, max: 400 })
  font_size?: number;

  @OptionalField({ example: 'noto-serif-sc', description: 'A font key or alias; any other value is answered with INVALID_FONT' })
  @StringField({ maxLength: 64 })
  font_family?: string;

  @OptionalField({ example: HEX_EXAMPLE })
  @StringField(HEX_COLOR)
  color?: string;

  @OptionalField({
    type: () => PositionDto,
    description: 'Bottom-centre anchor of the text block, in pixels of the output canvas; absent = the preset place',
  })
  @NestedField(() => PositionDto)
  position?: PositionDto;

  @OptionalField({ type: () => TextWrappingDto })
  @NestedField(() => TextWrappingDto)
  text_wrapping?: TextWrappingDto;

  @OptionalField({ type: () => OutlineDto })
  @NestedField(() => OutlineDto)
  outline?: OutlineDto;

  @OptionalField({ type: () => ShadowDto })
  @NestedField(() => ShadowDto)
  shadow?: ShadowDto;
}
