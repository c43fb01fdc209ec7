import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiProperty } from '@nestjs/swagger';
import {
  describeString,
  isStringWithin,
  NestedField,
  OptionalField,
  OptionalNumber,
  PrimitiveArrayField,
  RequiredNumber,
  stringSchema,
} from '../common/validation/field-rules.decorator';
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

  @OptionalNumber(SOUND_LIMITS.amountDb, { default: SOUND_LIMITS.amountDb.default, description: 'How far the gain falls while a listed track sounds, in dB' })
  amount_db?: number;

  @OptionalNumber({ ...SOUND_LIMITS.attackMs, integer: true }, { default: SOUND_LIMITS.attackMs.default, description: 'Milliseconds the fall takes' })
  attack_ms?: number;

  @OptionalNumber({ ...SOUND_LIMITS.releaseMs, integer: true }, { default: SOUND_LIMITS.releaseMs.default, description: 'Milliseconds the way back takes' })
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
  @RequiredNumber(SOUND_LIMITS.targetLufs, { description: 'Integrated loudness of the output (ITU-R BS.1770), LUFS; met within 1 LU', example: -14 })
  target_lufs!: number;

  @OptionalNumber(SOUND_LIMITS.truePeakDb, { default: SOUND_LIMITS.truePeakDb.default, description: 'Highest true peak, dBTP' })
  true_peak_db?: number;
}

@ApiExtension('x-extension', true)
export class OutputAudioDto {
  @OptionalField({ type: () => LoudnessDto, description: 'Normalise the whole output to this loudness; absent = levels as mixed' })
  @NestedField(() => LoudnessDto)
  loudness?: LoudnessDto;
}
