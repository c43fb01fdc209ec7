import { ApiProperty } from '@nestjs/swagger';
import { RENDER_ERROR_CODES } from '../common/error-codes';
import { ResolutionResponse } from '../models/model.response';
import { nullableEnum, nullableRef } from '../openapi/nullable-schema';
import { MODEL_IDS, PRIORITIES, WEBHOOK_EVENT_TYPES } from '../task-input/input-values';
import type { ModelId, Priority, WebhookEventType } from '../task-input/task-input.types';
import { TASK_STATUSES, type TaskStatus } from './task.types';
import { CreateTaskDto } from '../task-input/create-task.dto';

const TASK_ID = { description: 'Task identifier (prefix tsk_)', example: 'tsk_01m82ey3w9y7j458wxb9m2y1j4' };
const TIMESTAMP = { type: 'string', format: 'date-time' } as const;
const NULLABLE_TIMESTAMP = { ...TIMESTAMP, nullable: true } as const;
const CURRENT_PHASES = ['download', 'render', 'upload', 'completed'] as const;

export class TaskLinksResponse {
  @ApiProperty({ description: 'Path of the task (GET)', example: '/v3/tasks/tsk_01m82ey3w9y7j458wxb9m2y1j4' })
  self!: string;

  @ApiProperty({ description: 'Path to cancel the task (DELETE)', example: '/v3/tasks/tsk_01m82ey3w9y7j458wxb9m2y1j4' })
  cancel!: string;
}

export class CreatedTaskWebhookResponse {
  @ApiProperty()
  url!: string;

  // No description here: nest copies it into the shared WebhookEventType schema.
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true })
  events!: WebhookEventType[];
}

/** The fields every answer about one task starts with (inherited, they come first in each schema). */
class TaskBaseResponse {
  @ApiProperty(TASK_ID)
  task_id!: string;

  @ApiProperty({ enum: TASK_STATUSES, enumName: 'TaskStatus' })
  status!: TaskStatus;

  @ApiProperty(TIMESTAMP)
  created_at!: string;
}

/** POST /v3/tasks → 201. */
export class CreatedTaskResponse extends TaskBaseResponse {
  @ApiProperty({ type: 'integer', minimum: 0 })
  estimated_duration_seconds!: number;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Place among all waiting tasks (1 = next)' })
  queue_position!: number;

  @ApiProperty({ enum: PRIORITIES, enumName: 'Priority' })
  priority!: Priority;

  @ApiProperty({ type: TaskLinksResponse })
  links!: TaskLinksResponse;

  @ApiProperty({ type: CreatedTaskWebhookResponse, description: 'The webhook URL and the events that will be sent (all six unless the request chose some)' })
  webhook!: CreatedTaskWebhookResponse;
}

export class PhaseStateResponse {
  @ApiProperty()
  completed!: boolean;

  @ApiProperty({ type: 'number', minimum: 0 })
  duration_seconds!: number;
}

export class TaskPhasesResponse {
  @ApiProperty({ type: PhaseStateResponse })
  download!: PhaseStateResponse;

  @ApiProperty({ type: PhaseStateResponse })
  render!: PhaseStateResponse;

  @ApiProperty({ type: PhaseStateResponse })
  upload!: PhaseStateResponse;
}

export class TaskProgressResponse {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 })
  percentage!: number;

  @ApiProperty(nullableEnum(CURRENT_PHASES, { description: 'null until the render starts' }))
  current_phase!: (typeof CURRENT_PHASES)[number] | null;

  @ApiProperty({ type: TaskPhasesResponse })
  phases!: TaskPhasesResponse;
}

export class TaskOutputResponse {
  @ApiProperty({ type: 'string', nullable: true, description: 'Pre-signed URL; null once expired' })
  video_url!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'Pre-signed URL of a JPEG; null once expired (7 days after completion)' })
  thumbnail_url!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'Pre-signed URL of a GIF; null once expired (7 days after completion)' })
  preview_url!: string | null;

  @ApiProperty({ type: 'integer' })
  duration_ms!: number;

  @ApiProperty({ type: 'integer' })
  file_size_bytes!: number;

  @ApiProperty({ type: ResolutionResponse })
  resolution!: ResolutionResponse;

  @ApiProperty({ example: 'mp4' })
  format!: string;

  @ApiProperty(TIMESTAMP)
  expires_at!: string;

  @ApiProperty({ description: 'true after expires_at: the video is gone and video_url null (the thumbnail and preview last 7 days from completion)' })
  expired!: boolean;
}

/** Why a render failed (task record `error`, also in task.failed). */
export class TaskFailureResponse {
  @ApiProperty({ enum: RENDER_ERROR_CODES, enumName: 'RenderErrorCode' })
  code!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  details!: Record<string, unknown>;

  @ApiProperty()
  retry_possible!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  suggested_action!: string | null;
}

export class EstimatedVsActualResponse {
  @ApiProperty({ type: 'number', description: 'Estimated seconds' })
  estimated!: number;

  @ApiProperty({ type: 'number', description: 'Actual processing seconds' })
  actual!: number;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 1 })
  accuracy!: number;
}

export class TaskRecordMetadataResponse {
  @ApiProperty({ type: 'string', nullable: true })
  user_reference!: string | null;

  @ApiProperty({ type: [String] })
  tags!: string[];

  @ApiProperty({ type: 'number', nullable: true })
  processing_time_seconds!: number | null;

  @ApiProperty(nullableRef(EstimatedVsActualResponse))
  estimated_vs_actual!: EstimatedVsActualResponse | null;
}

/** GET /v3/tasks/{task_id} → 200: every field present at every state, null until set. */
export class TaskRecordResponse extends TaskBaseResponse {
  @ApiProperty(NULLABLE_TIMESTAMP)
  started_at!: string | null;

  @ApiProperty(NULLABLE_TIMESTAMP)
  completed_at!: string | null;

  @ApiProperty(NULLABLE_TIMESTAMP)
  failed_at!: string | null;

  @ApiProperty(NULLABLE_TIMESTAMP)
  canceled_at!: string | null;

  @ApiProperty({ enum: PRIORITIES, enumName: 'Priority' })
  priority!: Priority;

  @ApiProperty({ enum: MODEL_IDS, enumName: 'ModelId' })
  model!: ModelId;

  @ApiProperty({ type: TaskProgressResponse })
  progress!: TaskProgressResponse;

  @ApiProperty(nullableRef(TaskOutputResponse))
  output!: TaskOutputResponse | null;

  @ApiProperty(nullableRef(TaskFailureResponse))
  error!: TaskFailureResponse | null;

  @ApiProperty({ type: TaskRecordMetadataResponse })
  metadata!: TaskRecordMetadataResponse;

  @ApiProperty({ type: 'integer' })
  estimated_duration_seconds!: number;

  @ApiProperty({ type: 'string', nullable: true, description: 'The failed task this one retries' })
  original_task_id!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'The task that retried this one' })
  retried_by!: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  retry_count!: number;

  @ApiProperty({ type: TaskLinksResponse })
  links!: TaskLinksResponse;
}

export class TaskSummaryMetadataResponse {
  @ApiProperty({ type: 'string', nullable: true })
  user_reference!: string | null;

  @ApiProperty({ type: [String] })
  tags!: string[];
}

export class TaskSummaryResponse extends TaskBaseResponse {
  @ApiProperty(NULLABLE_TIMESTAMP)
  completed_at!: string | null;

  @ApiProperty({ type: TaskSummaryMetadataResponse })
  metadata!: TaskSummaryMetadataResponse;
}

export class PaginationResponse {
  @ApiProperty({ type: 'integer', minimum: 0 })
  total!: number;

  @ApiProperty({ type: 'integer', minimum: 1 })
  limit!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  offset!: number;

  @ApiProperty()
  has_more!: boolean;
}

/** GET /v3/tasks → 200, newest first. */
export class TaskListResponse {
  @ApiProperty({ type: [TaskSummaryResponse] })
  tasks!: TaskSummaryResponse[];

  @ApiProperty({ type: PaginationResponse })
  pagination!: PaginationResponse;
}

/** DELETE /v3/tasks/{task_id} → 200. */
export class CanceledTaskResponse {
  @ApiProperty(TASK_ID)
  task_id!: string;

  @ApiProperty({ enum: ['canceled'] })
  status!: 'canceled';

  @ApiProperty(TIMESTAMP)
  canceled_at!: string;

  @ApiProperty()
  message!: string;
}

/** POST /v3/tasks/{task_id}/retry → 201. */
export class RetriedTaskResponse {
  @ApiProperty({ ...TASK_ID, description: 'The new task' })
  task_id!: string;

  @ApiProperty({ description: 'The failed task it retries' })
  original_task_id!: string;

  @ApiProperty({ enum: TASK_STATUSES, enumName: 'TaskStatus' })
  status!: TaskStatus;

  @ApiProperty(TIMESTAMP)
  created_at!: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  retry_count!: number;
}

/** GET /v3/tasks/{task_id}/request → 200. */
export class SubmittedRequestResponse {
  @ApiProperty(TASK_ID)
  task_id!: string;

  @ApiProperty({ type: 'string', nullable: true, description: "The failed task this one retries (its request is that task's)", example: null })
  retry_of!: string | null;

  @ApiProperty({
    type: () => CreateTaskDto,
    description: "The create body as submitted, without the fields listed in redacted_fields; a retry shows its original's configuration",
  })
  request!: CreateTaskDto;

  @ApiProperty({
    type: [String],
    description: "Paths of submitted fields left out because they are credentials for the client's own server (webhook.secret, webhook.headers.<name>)",
    example: ['webhook.secret'],
  })
  redacted_fields!: string[];
}
