import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import { alreadyRetried, type CreatePipeline } from './create-pipeline';
import { WEBHOOK_EVENT_TYPES } from '../task-input/input-values';
import { submittedRequestView } from './submitted-request';
import { ownedTask, ownedTaskRecord } from './task-ownership';
import type { TaskTransitions } from './task-transitions';
import { type OutputUrlSigner, taskRecord, taskSummary } from './task-view';
import type { TaskEntity } from './task.entity';
import type { ListFilter, TasksRepository } from './tasks.repository';
import type { WebhookCredentials } from './webhook-credentials';

export interface TasksServiceDeps {
  tasks: TasksRepository;
  pipeline: CreatePipeline;
  transitions: TaskTransitions;
  /** Opens the webhook's sealed secret and header values for the request view (which then leaves them out). */
  credentials: WebhookCredentials;
  signer: OutputUrlSigner;
  now?: () => number;
}

/** The task endpoints: create, read, list, cancel, retry. */
export class TasksService {
  private readonly now: () => number;

  constructor(private readonly deps: TasksServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  create(principal: Principal, body: unknown, beforeCommit?: () => Promise<void>) {
    return this.deps.pipeline.create(principal, body, beforeCommit);
  }

  /** Whether a body would pass every check of a create before admission; throws the refusal a create would answer. */
  check(body: unknown): void {
    this.deps.pipeline.check(body);
  }

  createdResponse(task: TaskEntity, queuePosition: number) {
    return {
      task_id: task.id,
      status: task.status,
      created_at: new Date(task.createdAt).toISOString(),
      estimated_duration_seconds: Math.round(task.estimatedSeconds),
      queue_position: queuePosition,
      priority: task.priority,
      links: { self: `/v3/tasks/${task.id}`, cancel: `/v3/tasks/${task.id}` },
      // The events that will be sent: all six unless the request chose some.
      webhook: { url: task.webhook.url, events: task.webhook.events ?? [...WEBHOOK_EVENT_TYPES] },
    };
  }

  async get(principal: Principal, taskId: string) {
    return taskRecord(await ownedTaskRecord(this.deps.tasks, principal, taskId), this.deps.signer, this.now());
  }

  async submittedRequest(principal: Principal, taskId: string) {
    const task = await ownedTask(this.deps.tasks, principal, taskId);
    return submittedRequestView(task, this.deps.credentials.open(task));
  }

  async list(principal: Principal, filter: ListFilter) {
    const { tasks, total } = await this.deps.tasks.list(principal.accountId, filter);
    return {
      tasks: tasks.map(taskSummary),
      pagination: { total, limit: filter.limit, offset: filter.offset, has_more: filter.offset + tasks.length < total },
    };
  }

  async cancel(principal: Principal, taskId: string) {
    const task = await ownedTask(this.deps.tasks, principal, taskId);
    const { canceled, at } = await this.deps.transitions.cancel(task, 'user_request');
    if (!canceled) {
      const current = await ownedTask(this.deps.tasks, principal, taskId);
      throw new ApiError('TASK_NOT_CANCELABLE', `The task is ${current.status} and can no longer be canceled`, {
        details: { task_id: task.id, status: current.status },
      });
    }
    return {
      task_id: task.id,
      status: 'canceled' as const,
      canceled_at: new Date(at).toISOString(),
      message: task.status === 'processing' ? 'The render was stopped and the task canceled' : 'The task was removed from the queue and canceled',
    };
  }

  async retry(principal: Principal, taskId: string) {
    const original = await ownedTask(this.deps.tasks, principal, taskId);
    if (original.status !== 'failed') {
      throw new ApiError('TASK_NOT_RETRYABLE', `Only failed tasks can be retried; this task is ${original.status}`, {
        details: { task_id: original.id, status: original.status },
      });
    }
    if (original.retriedBy) throw alreadyRetried(original.retriedBy);
    const { task } = await this.deps.pipeline.retry(principal, original);
    return {
      task_id: task.id,
      original_task_id: original.id,
      status: task.status,
      created_at: new Date(task.createdAt).toISOString(),
      retry_count: task.retryCount,
    };
  }
}
