import { applyDecorators } from '@nestjs/common';
import { ApiParam, ApiQuery } from '@nestjs/swagger';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, MAX_LIST_OFFSET } from '../tasks/dto/list-tasks-query.dto';
import { USAGE_PERIODS } from '../usage/usage-query.dto';
import { TASK_STATUSES } from '../tasks/task.types';

/*
 * The controllers read their query as a plain record and validate it with
 * validateListQuery / validateUsageQuery (the DTOs), so Nest cannot infer the
 * parameters: these decorators describe them from the same constants.
 */

export function ApiTaskIdParam(): MethodDecorator & ClassDecorator {
  return ApiParam({ name: 'taskId', description: 'Task identifier (tsk_ + 26 characters)', example: 'tsk_01m82ey3w9y7j458wxb9m2y1j4', schema: { type: 'string', pattern: '^tsk_[0-9a-z]{26}$' } });
}

export function ApiEventIdParam(): MethodDecorator & ClassDecorator {
  return ApiParam({ name: 'eventId', description: 'Event identifier (the webhook-id of the delivery)', schema: { type: 'string' } });
}

export function ApiListTasksQuery(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'status', required: false, schema: { type: 'string', enum: [...TASK_STATUSES] } }),
    ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT } }),
    ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 } }),
    ApiQuery({ name: 'created_after', required: false, description: 'Only tasks created at or after this instant (inclusive)', schema: { type: 'string', format: 'date-time' } }),
    ApiQuery({ name: 'created_before', required: false, description: 'Only tasks created before this instant (exclusive)', schema: { type: 'string', format: 'date-time' } }),
  );
}

export function ApiUsageQuery(): MethodDecorator {
  return ApiQuery({ name: 'period', required: false, description: 'UTC calendar period', schema: { type: 'string', enum: [...USAGE_PERIODS], default: 'current_month' } });
}
