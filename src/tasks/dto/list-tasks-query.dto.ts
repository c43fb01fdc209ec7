import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { CheckedField, EnumField, IntegerField, OptionalField } from '../../common/validation/field-rules.decorator';
import { isIsoTimestamp, parseIsoTimestamp } from '../../common/validation/iso-timestamp';
import { validateQuery } from '../../common/validation/validate-body';
import { TASK_STATUSES, TaskStatus } from '../task.types';
import type { ListFilter } from '../tasks.repository';

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;
export const MAX_LIST_OFFSET = 1_000_000_000;

/**
 * Query strings carry text: only plain decimal integers become numbers (so a
 * refusal echoes `limit=101` and `offset=-1` alike, as numbers). Anything else
 * ("", "1e3", " 5", a repeated parameter) stays as given and is refused, where
 * implicit conversion would turn "" into 0 or "abc" into NaN.
 */
export function decimalToNumber({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
}

const TIMESTAMP_ISSUE = 'must be an ISO 8601 timestamp such as 2025-01-17T09:30:00Z';

export class ListTasksQueryDto {
  @OptionalField({ enum: TASK_STATUSES })
  @EnumField(TASK_STATUSES)
  status?: TaskStatus;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT })
  @Transform(decimalToNumber, { toClassOnly: true })
  @IntegerField({ min: 1, max: MAX_LIST_LIMIT })
  limit: number = DEFAULT_LIST_LIMIT;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 })
  @Transform(decimalToNumber, { toClassOnly: true })
  @IntegerField({ min: 0, max: MAX_LIST_OFFSET })
  offset: number = 0;

  @OptionalField({ format: 'date-time', description: 'Only tasks created at or after this instant', example: '2025-01-01T00:00:00Z' })
  @CheckedField('isoTimestamp', isIsoTimestamp, TIMESTAMP_ISSUE)
  created_after?: string;

  @OptionalField({ format: 'date-time', description: 'Only tasks created before this instant', example: '2025-02-01T00:00:00Z' })
  @CheckedField('isoTimestamp', isIsoTimestamp, TIMESTAMP_ISSUE)
  created_before?: string;
}

/**
 * The controller reads its query as a plain record and validates it with
 * validateListQuery (this DTO), so Nest cannot infer the parameters: this
 * describes them from the same constants.
 */
export function ApiListTasksQuery(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'status', required: false, schema: { type: 'string', enum: [...TASK_STATUSES] } }),
    ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT } }),
    ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 } }),
    ApiQuery({
      name: 'created_after',
      required: false,
      description: 'Only tasks created at or after this instant (inclusive)',
      schema: { type: 'string', format: 'date-time' },
    }),
    ApiQuery({
      name: 'created_before',
      required: false,
      description: 'Only tasks created before this instant (exclusive)',
      schema: { type: 'string', format: 'date-time' },
    }),
  );
}

/** GET /v3/tasks query → the repository's filter (timestamps as epoch milliseconds). */
export function validateListQuery(query: unknown): ListFilter {
  const dto = validateQuery(ListTasksQueryDto, query);
  const filter: ListFilter = { limit: dto.limit, offset: dto.offset };
  if (dto.status !== undefined) filter.status = dto.status;
  if (dto.created_after !== undefined) filter.createdAfter = epochMs(dto.created_after);
  if (dto.created_before !== undefined) filter.createdBefore = epochMs(dto.created_before);
  return filter;
}

function epochMs(validTimestamp: string): number {
  return (parseIsoTimestamp(validTimestamp) as Date).getTime();
}
