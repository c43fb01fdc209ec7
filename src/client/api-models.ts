import type { components, operations } from './api-types';

/**
 * What the client sends and receives. Request bodies come straight from the
 * generated OpenAPI types. The served document does not declare response
 * schemas yet, so each response type is the generated one when the document
 * has it and otherwise the shape below (written from the spec and the
 * service's views); once the document declares a response, the generated
 * type wins and any disagreement with this code fails type-checking.
 */
type JsonOf<Responses, Status extends number> = Status extends keyof Responses
  ? Responses[Status] extends { content: { 'application/json': infer Body } }
    ? Body
    : never
  : never;

type Documented<Op extends keyof operations, Status extends number, Fallback> = [JsonOf<operations[Op]['responses'], Status>] extends [never]
  ? Fallback
  : JsonOf<operations[Op]['responses'], Status>;

export type CreateTaskBody = components['schemas']['CreateTaskDto'];

export type TaskStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'canceled';
export type TaskPhase = 'download' | 'render' | 'upload' | 'completed';
export type UsagePeriod = 'current_month' | 'last_month' | 'current_week' | 'last_week' | 'today' | 'yesterday';

export interface TaskOutput {
  video_url: string | null;
  thumbnail_url: string | null;
  preview_url: string | null;
  duration_ms: number;
  file_size_bytes: number;
  resolution: { width: number; height: number };
  format: string;
  expires_at: string;
  expired?: boolean;
}

export interface TaskFailure {
  code: string;
  message: string;
  details?: Record<string, unknown> | null;
  retry_possible?: boolean;
  suggested_action?: string;
}

interface PhaseState {
  completed: boolean;
  duration_seconds: number;
}

export type TaskRecord = Documented<
  'TasksController_get',
  200,
  {
    task_id: string;
    status: TaskStatus;
    created_at: string;
    started_at: string | null;
    completed_at: string | null;
    failed_at?: string | null;
    canceled_at?: string | null;
    priority?: string;
    model?: string;
    progress: { percentage: number; current_phase: TaskPhase | null; phases: Record<'download' | 'render' | 'upload', PhaseState> };
    output: TaskOutput | null;
    error?: TaskFailure | null;
    metadata: { user_reference: string | null; tags: string[]; processing_time_seconds: number | null; estimated_vs_actual: unknown };
    original_task_id?: string | null;
    retry_count?: number;
  }
>;

export type CreatedTask = Documented<
  'TasksController_create',
  201,
  {
    task_id: string;
    status: TaskStatus;
    created_at: string;
    estimated_duration_seconds: number;
    queue_position: number;
    priority: string;
    links: { self: string; cancel: string };
    webhook: { url: string; events: string[] | null };
  }
>;

export type TaskList = Documented<
  'TasksController_list',
  200,
  {
    tasks: { task_id: string; status: TaskStatus; created_at: string; completed_at: string | null; metadata: { user_reference: string | null; tags: string[] } }[];
    pagination: { total: number; limit: number; offset: number; has_more: boolean };
  }
>;

export type CanceledTask = Documented<'TasksController_cancel', 200, { task_id: string; status: 'canceled'; canceled_at: string; message: string }>;

export type RetriedTask = Documented<
  'TasksController_retry',
  201,
  { task_id: string; original_task_id: string; status: TaskStatus; created_at: string; retry_count: number }
>;

export type DeliveryList = Documented<
  'DeliveriesController_list',
  200,
  {
    task_id: string;
    deliveries: {
      event_id: string;
      event: string;
      sequence: number;
      status: 'pending' | 'delivered' | 'failed' | string;
      created_at: string;
      finished_at: string | null;
      next_attempt_at: string | null;
      attempts: { attempt: number; started_at: string; duration_ms: number | null; http_status: number | null; error: string | null }[];
    }[];
  }
>;

export type Redelivery = Documented<'DeliveriesController_redeliver', 202, { event_id: string; status: 'pending'; message: string }>;

export interface ModelRecord {
  id: string;
  name: string;
  description: string;
  max_resolution: { width: number; height: number };
  max_duration_seconds: number;
  supported_formats: string[];
  pricing_tier: string;
}

export type ModelList = Documented<'ModelsController_list', 200, { models: ModelRecord[] }>;

export type UsageRecord = Documented<
  'UsageController_get',
  200,
  {
    period: UsagePeriod;
    period_start: string;
    period_end: string;
    usage: {
      total_renders: number;
      successful_renders: number;
      failed_renders: number;
      total_processing_minutes: number;
      total_output_minutes: number;
      storage_used_gb: number;
    };
    limits: { monthly_renders: number | null; concurrent_renders: number | null; max_storage_gb: number | null };
    costs: { total_usd: number; breakdown: { rendering_usd: number; storage_usd: number; bandwidth_usd: number } };
  }
>;

/** The error envelope of every non-2xx answer. */
export interface ErrorEnvelope {
  error: {
    code: string;
    message: string;
    details?: unknown;
    request_id?: string;
    documentation_url?: string;
    suggested_action?: string;
    retry_after?: number;
  };
}

export interface ListTasksQuery {
  status?: TaskStatus;
  limit?: number;
  offset?: number;
  created_after?: string;
  created_before?: string;
}
