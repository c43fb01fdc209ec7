import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JSON_VALUE } from '../openapi/error.response';
import type { ComplexityExceeded, ModelLimitExceeded } from './create-pipeline';

// A record, so a new limit of the business rules without a place here fails to compile.
const EXCEEDED_LIMIT_SET: Record<ComplexityExceeded['limit'] | ModelLimitExceeded['limit'], true> = {
  max_tracks: true,
  max_clips_per_track: true,
  max_clips: true,
  max_resolution: true,
  max_duration_seconds: true,
  supported_formats: true,
};

/**
 * One limit a 422 TIMELINE_TOO_COMPLEX or MODEL_LIMIT_EXCEEDED went over: the
 * error envelope's `details` is an array of these (the envelope refers to this
 * schema by its name, EXCEEDED_LIMIT_SCHEMA; TasksController registers it).
 */
export class ExceededLimitResponse {
  @ApiProperty({ enum: Object.keys(EXCEEDED_LIMIT_SET), enumName: 'ExceededLimit' })
  limit!: ComplexityExceeded['limit'] | ModelLimitExceeded['limit'];

  @ApiProperty({ description: 'The limit: a count, seconds, a resolution {width, height} or the supported formats', oneOf: JSON_VALUE })
  allowed!: unknown;

  @ApiProperty({ description: 'What the request asked for, in the same form', oneOf: JSON_VALUE })
  provided!: unknown;

  @ApiPropertyOptional({ description: 'MODEL_LIMIT_EXCEEDED: the model whose limit it is' })
  model?: string;

  @ApiPropertyOptional({ description: "max_clips_per_track: the path of the track's clips" })
  field?: string;
}
