import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { HTTP_ERROR_STATUS, type HttpErrorCode } from '../common/error-codes';
import { NULL_VALUE } from './nullable-schema';

export const JSON_VALUE = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'object', additionalProperties: true },
  { type: 'array', items: {} },
];
/** The items of a 422's `details`: declared by the tasks folder, which owns those rules (src/tasks/exceeded-limit.response.ts). */
export const EXCEEDED_LIMIT_SCHEMA = 'ExceededLimitResponse';

/** One problem of a 400 VALIDATION_ERROR (`details` is an array of these). */
export class ValidationIssueResponse {
  @ApiProperty({ description: 'Path of the field, e.g. input.timeline.tracks[0].clips[1].properties.opacity' })
  field!: string;

  @ApiProperty({ description: 'What is wrong with it' })
  issue!: string;

  @ApiProperty({ description: 'The value as sent (null when the field was missing; long strings are shortened)', oneOf: [...JSON_VALUE, NULL_VALUE] })
  provided_value!: unknown;
}

export class ErrorBodyResponse {
  @ApiProperty({ enum: Object.keys(HTTP_ERROR_STATUS), enumName: 'ErrorCode' })
  code!: HttpErrorCode;

  @ApiProperty()
  message!: string;

  @ApiPropertyOptional({
    description:
      'VALIDATION_ERROR and INVALID_FONT: an array of problems; TIMELINE_TOO_COMPLEX and MODEL_LIMIT_EXCEEDED: an array of exceeded limits; ' +
      'other codes: an object (e.g. task_id, status)',
    oneOf: [
      { type: 'array', items: { $ref: getSchemaPath(ValidationIssueResponse) } },
      { type: 'array', items: { $ref: getSchemaPath(EXCEEDED_LIMIT_SCHEMA) } },
      { type: 'object', additionalProperties: true },
    ],
  })
  details?: ValidationIssueResponse[] | Array<Record<string, unknown>> | Record<string, unknown>;

  @ApiProperty({ description: 'Also sent as the X-Request-Id header', example: 'req_01m82f3y3ehb8rsqh12m5yh12f' })
  request_id!: string;

  @ApiPropertyOptional()
  suggested_action?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Seconds to wait before retrying (rate limiting)' })
  retry_after?: number;
}

/** The one body of every non-2xx answer (src/common/error-envelope.ts). */
export class ErrorEnvelopeResponse {
  @ApiProperty({ type: ErrorBodyResponse })
  error!: ErrorBodyResponse;
}
