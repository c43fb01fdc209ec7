import { Controller, Get, Headers, Param, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../auth/auth.types';
import { CurrentPrincipal, PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { ApiErrorResponses } from '../openapi/api-error-responses.decorator';
import { ApiTaskIdParam } from '../openapi/api-parameters.decorator';
import { V3_SUCCESS_HEADERS } from '../openapi/reply-headers';
import { openSseResponse } from './sse-response';
import { TaskEventStreams } from './task-event-streams';

const STREAM_EXAMPLE = [
  'id: evt_01jhx8m3c7a5v2r9k4t6w8y0zq',
  'event: task.queued',
  'data: {"event":"task.queued","timestamp":"2025-01-17T10:00:00.000Z","task_id":"tsk_01jhx8m3c6f0d4b7n2p5r8s1tv","data":{"queue_position":1,"estimated_start_time":"2025-01-17T10:00:00.000Z","priority":"standard"}}',
  '',
  ': keep-alive',
  '',
  '',
].join('\n');

@ApiTags('tasks')
@ApiBearerAuth()
@ApiHeader({ name: 'X-Service-Version', required: false, description: 'API date version; only 2025-01-17' })
@UseGuards(PermissionGuard)
@Controller('v3/tasks/:task_id/events')
export class TaskEventsController {
  constructor(private readonly streams: TaskEventStreams) {}

  @Get()
  @RequirePermission('tasks:read')
  @ApiOperation({
    summary: "Follow a task's events live (Server-Sent Events)",
    description:
      'The events the webhooks carry (same ids and JSON payloads), past ones first, then new ones as they happen; ' +
      'the stream ends after task.completed, task.failed or task.canceled. Comment lines keep a quiet stream alive.',
  })
  @ApiTaskIdParam()
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume after this event id; an unknown id replays the whole history' })
  @ApiOkResponse({
    description: 'An event stream: `id: <event id>`, `event: <type>`, `data: <webhook JSON body>` per event',
    content: { 'text/event-stream': { schema: { type: 'string' }, example: STREAM_EXAMPLE } },
    headers: V3_SUCCESS_HEADERS,
  })
  @ApiErrorResponses('TASK_NOT_FOUND')
  async stream(
    @CurrentPrincipal() principal: Principal,
    @Param('task_id') taskId: string,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const start = await this.streams.prepare(principal, taskId, lastEventId);
    start(openSseResponse(reply));
  }
}
