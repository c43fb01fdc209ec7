import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiProperty } from '@nestjs/swagger';
import {
  describeString,
  IntegerField,
  isStringWithin,
  NestedField,
  NumberField,
  OptionalField,
  PrimitiveArrayField,
  stringSchema,
} from '../../common/validation/field-rules.decorator';
import { ExtensionField } from './motion.dto';
import { ID_RULES, SOUND_LIMITS } from './input-values';

@ApiExtension('x-extension', true)
export class DuckingDto {
  @ApiProperty({
    type: 'array',
    items: stringSchema(ID_RULES),
    minItems: 1,
    maxItems: SOUND_LIMITS.maxUnder,
    uniqueItems: true,
    description: "Ids of the audio or video tracks whose sound lowers this clip's (not the clip's own track)",
    example: ['voice'],
  })
  @PrimitiveArrayField(
    { minSize: 1, maxSize: SOUND_LIMITS.maxUnder, unique: true },
    { check: (value) => isStringWithin(value, ID_RULES), describe: describeString(ID_RULES), of: 'track ids' },
  )
  under!: string[];

  @OptionalField({ minimum: 1, maximum: 40, default: SOUND_LIMITS.amountDb.default, description: 'How far the gain falls while a listed track sounds, in dB' })
  @NumberField({ min: SOUND_LIMITS.amountDb.min, max: SOUND_LIMITS.amountDb.max })
  amount_db?: number;

  @OptionalField({ type: 'integer', minimum: 0, maximum: 2000, default: SOUND_LIMITS.attackMs.default, description: 'Milliseconds the fall takes' })
  @IntegerField({ min: SOUND_LIMITS.attackMs.min, max: SOUND_LIMITS.attackMs.max })
  attack_ms?: number;

  @OptionalField({ type: 'integer', minimum: 0, maximum: 5000, default: SOUND_LIMITS.releaseMs.default, description: 'Milliseconds the way back takes' })
  @IntegerField({ min: SOUND_LIMITS.releaseMs.min, max: SOUND_LIMITS.releaseMs.max })
  release_ms?: number;
}

/** `ducking` of an audio clip, or of a video clip for its sound; the track ids against the timeline are a cross-field rule. */
export function DuckingField(): PropertyDecorator {
  return applyDecorators(
    ExtensionField({ type: () => DuckingDto, description: 'Lowers this clip while any listed track sounds (above -45 dBFS)' }),
    NestedField(() => DuckingDto),
  );
}

@ApiExtension('x-extension', true)
export class LoudnessDto {
  @ApiProperty({ minimum: -36, maximum: -8, description: 'Integrated loudness of the output (ITU-R BS.1770), LUFS; met within 1 LU', example: -14 })
  @NumberField({ min: SOUND_LIMITS.targetLufs.min, max: SOUND_LIMITS.targetLufs.max })
  target_lufs!: number;

  @OptionalField({ minimum: -9, maximum: 0, default: SOUND_LIMITS.truePeakDb.default, description: 'Highest true peak, dBTP' })
  @NumberField({ min: SOUND_LIMITS.truePeakDb.min, max: SOUND_LIMITS.truePeakDb.max })
  true_peak_db?: number;
}

@ApiExtension('x-extension', true)
export class OutputAudioDto {
  @OptionalField({ type: () => LoudnessDto, description: 'Normalise the whole output to this loudness; absent = levels as mixed' })
  @NestedField(() => LoudnessDto)
  loudness?: LoudnessDto;
}
