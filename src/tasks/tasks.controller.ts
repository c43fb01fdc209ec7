import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../auth/auth.types';
import type { HttpErrorCode } from '../common/error-codes';
import { CurrentPrincipal, PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { ApiErrorResponses } from '../openapi/api-error-responses.decorator';
import { ApiTaskIdParam } from '../openapi/api-parameters.decorator';
import { V3_SUCCESS_HEADERS } from '../openapi/reply-headers';
import {
  CanceledTaskResponse,
  CreatedTaskResponse,
  EstimatedVsActualResponse,
  RetriedTaskResponse,
  SubmittedRequestResponse,
  TaskFailureResponse,
  TaskListResponse,
  TaskOutputResponse,
  TaskRecordResponse,
} from './task.response';
import { CreateTaskDto } from '../task-input/create-task.dto';
import { ApiListTasksQuery, validateListQuery } from './dto/list-tasks-query.dto';
import { ExceededLimitResponse } from './exceeded-limit.response';
import { TasksService } from './tasks.service';

/** What POST /v3/tasks can answer (and so whatever creates a task the same way). */
export const CREATE_TASK_ERRORS = [
  'VALIDATION_ERROR',
  'INVALID_FONT',
  'INSUFFICIENT_CREDITS',
  'DUPLICATE_REQUEST_ID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'MODEL_LIMIT_EXCEEDED',
  'TIMELINE_TOO_COMPLEX',
  'QUOTA_EXCEEDED',
] as const satisfies readonly HttpErrorCode[];

@ApiTags('tasks')
@ApiBearerAuth()
@ApiHeader({ name: 'X-Service-Version', required: false, description: 'API date version; only 2025-01-17' })
// Referenced only from a oneOf (the record's nullable objects, the items of a 422's details), which Nest does not explore.
@ApiExtraModels(TaskOutputResponse, TaskFailureResponse, EstimatedVsActualResponse, ExceededLimitResponse)
@UseGuards(PermissionGuard)
@Controller('v3/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Post()
  @HttpCode(201)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Create a render task' })
  @ApiBody({ type: CreateTaskDto })
  @ApiCreatedResponse({ type: CreatedTaskResponse, headers: V3_SUCCESS_HEADERS, description: 'The task is queued' })
  @ApiErrorResponses(...CREATE_TASK_ERRORS)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<CreatedTaskResponse> {
    const { task, queuePosition } = await this.tasks.create(principal, body);
    return this.tasks.createdResponse(task, queuePosition);
  }

  @Get()
  @RequirePermission('tasks:read')
  @ApiOperation({ summary: 'List tasks, newest first' })
  @ApiListTasksQuery()
  @ApiOkResponse({ type: TaskListResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('VALIDATION_ERROR')
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<TaskListResponse> {
    return this.tasks.list(principal, validateListQuery(query));
  }

  @Get(':task_id')
  @RequirePermission('tasks:read')
  @ApiOperation({ summary: 'Read one task' })
  @ApiTaskIdParam()
  @ApiOkResponse({ type: TaskRecordResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('TASK_NOT_FOUND')
  get(@CurrentPrincipal() principal: Principal, @Param('task_id') taskId: string): Promise<TaskRecordResponse> {
    return this.tasks.get(principal, taskId);
  }

  @Get(':task_id/request')
  @RequirePermission('tasks:read')
  @ApiOperation({ summary: 'Read back the create body a task was submitted with (credentials left out)' })
  @ApiTaskIdParam()
  @ApiOkResponse({ type: SubmittedRequestResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('TASK_NOT_FOUND')
  submittedRequest(@CurrentPrincipal() principal: Principal, @Param('task_id') taskId: string): Promise<SubmittedRequestResponse> {
    return this.tasks.submittedRequest(principal, taskId);
  }

  @Delete(':task_id')
  @HttpCode(200)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Cancel a queued or processing task' })
  @ApiTaskIdParam()
  @ApiOkResponse({ type: CanceledTaskResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('TASK_NOT_FOUND', 'TASK_NOT_CANCELABLE')
  cancel(@CurrentPrincipal() principal: Principal, @Param('task_id') taskId: string): Promise<CanceledTaskResponse> {
    return this.tasks.cancel(principal, taskId);
  }

  @Post(':task_id/retry')
  @HttpCode(201)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Retry a failed task with the same configuration' })
  @ApiTaskIdParam()
  @ApiCreatedResponse({ type: RetriedTaskResponse, headers: V3_SUCCESS_HEADERS, description: 'The retry is queued' })
  @ApiErrorResponses('TASK_NOT_FOUND', 'TASK_NOT_RETRYABLE', 'TASK_ALREADY_RETRIED', 'INSUFFICIENT_CREDITS', 'QUOTA_EXCEEDED', 'UNSUPPORTED_MEDIA_TYPE')
  retry(@CurrentPrincipal() principal: Principal, @Param('task_id') taskId: string): Promise<RetriedTaskResponse> {
    return this.tasks.retry(principal, taskId);
  }
}
