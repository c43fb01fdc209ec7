import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../database/database';
import { type Admitted, TaskAdmission, type TaskAdmissionDeps } from './task-admission';
import type { JobQueues } from '../queue/job-queues';
import { DEFAULT_PRICE_LIST, type PriceList, renderCostUsd } from '../config/price-list';
import type { TaskEventEntity } from './task-event.entity';
import type { TaskEventsRepository } from './task-events.repository';
import { WEBHOOK_EVENT_TYPES } from './dto/input-values';
import { type EstimateModel, workUnitsOf } from './estimate-model';
import type { CreateTaskInput } from './task-input.types';
import { TaskEntity } from './task.entity';
import { PHASES, PRIORITY_RANK, type PhaseName, type PhaseState } from './task.types';
import { submittedInput, submittedRequestView } from './submitted-request';
import { ownedTask, ownedTaskRecord } from './task-ownership';
import { type OutputUrlSigner, taskRecord, taskSummary } from './task-view';
import type { ListFilter, TasksRepository } from './tasks.repository';
import type { WebhookCredentials } from './webhook-credentials';

/** What to do with events once the transaction that wrote them has committed. */
export interface EventKicker {
  kick(taskId: string): Promise<void>;
  kickFirst(event: Pick<TaskEventEntity, 'id' | 'taskId' | 'deliveryStatus'>): Promise<void>;
}

export interface TaskRulesPort {
  validate(body: unknown): CreateTaskInput;
  check(input: CreateTaskInput): void;
}

export function emptyPhases(): Record<PhaseName, PhaseState> {
  return Object.fromEntries(PHASES.map((phase) => [phase, { completed: false, duration_seconds: 0, progress: 0 }])) as Record<PhaseName, PhaseState>;
}

/** The lifecycle fields of a task no worker has touched yet: the one definition of "not started". */
export function unstartedState() {
  return {
    status: 'queued' as const,
    startedAt: null,
    completedAt: null,
    failedAt: null,
    canceledAt: null,
    canceledBy: null,
    progressPercentage: 0,
    progressPhase: null,
    phases: emptyPhases(),
    output: null,
    error: null,
    processingSeconds: null,
    retriedBy: null,
    renderAttempts: 0,
    workerId: null,
  } satisfies Partial<TaskEntity>;
}

/** What the task endpoints read, write and call: what admission does (its `db` also opens a cancel's unit of work), and more. */
export interface TasksServiceDeps extends TaskAdmissionDeps {
  rules: TaskRulesPort;
  resolveOutput: (input: CreateTaskInput) => TaskEntity['outputSettings'];
  jobs: JobQueues;
  events: EventKicker;
  estimates: EstimateModel;
  signer: OutputUrlSigner;
  /** Seals the webhook's secret and header values as a task is written, opens them for a retry or the request view. */
  credentials: WebhookCredentials;
  prices?: PriceList;
  now?: () => number;
}

/** The five task endpoints: create, read, list, cancel, retry. */
export class TasksService {
  private readonly tasks: TasksRepository;
  private readonly outbox: TaskEventsRepository;
  private readonly rules: TaskRulesPort;
  private readonly jobs: JobQueues;
  private readonly events: EventKicker;
  private readonly signer: OutputUrlSigner;
  private readonly prices: PriceList;
  private readonly now: () => number;
  private readonly admission: TaskAdmission;

  constructor(private readonly deps: TasksServiceDeps) {
    this.admission = new TaskAdmission(deps);
    this.tasks = deps.tasks;
    this.outbox = deps.outbox;
    this.rules = deps.rules;
    this.jobs = deps.jobs;
    this.events = deps.events;
    this.signer = deps.signer;
    this.prices = deps.prices ?? DEFAULT_PRICE_LIST;
    this.now = deps.now ?? Date.now;
  }

  async create(principal: Principal, body: unknown) {
    const input = this.rules.validate(body);
    this.rules.check(input);
    return this.createFrom(principal, input, null);
  }

  private async createFrom(principal: Principal, input: CreateTaskInput, original: TaskEntity | null) {
    const now = this.now();
    const output = this.deps.resolveOutput(input);
    const priority = input.metadata?.priority ?? 'standard';
    const model = input.model ?? 'standard';
    const durationMs = input.input.timeline.duration_ms;
    const outputMinutes = durationMs / 60_000;
    const costUsd = renderCostUsd(this.prices, model, output.quality, priority, outputMinutes);
    const id = newId('tsk');
    const task: TaskEntity = Object.assign(new TaskEntity(), {
      id,
      accountId: principal.accountId,
      requestId: original ? null : (input.request_id ?? null),
      ...unstartedState(),
      priority,
      priorityRank: PRIORITY_RANK[priority],
      model,
      timeline: input.input.timeline,
      outputSettings: output,
      outputRequest: input.input.output,
      ...this.deps.credentials.seal(id, input.webhook),
      userReference: input.metadata?.user_reference ?? null,
      tags: input.metadata?.tags ?? [],
      retentionHours: input.metadata?.retention_hours ?? 24,
      createdAt: now,
      estimatedSeconds: await this.deps.estimates.estimateSeconds(output, durationMs),
      quality: output.quality,
      workUnits: workUnitsOf(output, durationMs),
      outputMinutes,
      costUsd,
      retryOf: original?.id ?? null,
      retryCount: original ? original.retryCount + 1 : 0,
      concurrencyLimit: principal.limits.concurrentRenders,
      updatedAt: now,
    });
    let admitted: Admitted;
    try {
      admitted = await this.admission.admit(principal, task, original);
    } catch (error) {
      throw await this.explainCreateFailure(error, principal, input, original);
    }
    // After commit, together (one Redis round trip for the answer to wait on): a failed render add leaves a
    // queued task without a job, which the reaper re-enqueues; a failed webhook add, a pending event the sweep sends.
    await Promise.all([this.jobs.enqueueRender(task).catch(() => undefined), this.events.kickFirst(admitted.queued).catch(() => undefined)]);
    return { task, queuePosition: admitted.queuePosition };
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
    return taskRecord(await ownedTaskRecord(this.tasks, principal, taskId), this.signer, this.now());
  }

  async submittedRequest(principal: Principal, taskId: string) {
    const task = await this.mustFind(principal, taskId);
    return submittedRequestView(task, this.deps.credentials.open(task));
  }

  async list(principal: Principal, filter: ListFilter) {
    const { tasks, total } = await this.tasks.list(principal.accountId, filter);
    return {
      tasks: tasks.map(taskSummary),
      pagination: { total, limit: filter.limit, offset: filter.offset, has_more: filter.offset + tasks.length < total },
    };
  }

  async cancel(principal: Principal, taskId: string) {
    const task = await this.mustFind(principal, taskId);
    const now = this.now();
    const won = await this.deps.db.transaction(async () => {
      const ok = await this.tasks.transition(task.id, ['queued', 'processing'], {
        status: 'canceled',
        canceledAt: now,
        canceledBy: 'user_request',
        updatedAt: now,
      });
      if (!ok) return false;
      await this.deps.credits.refund(task.accountId, task.costUsd);
      await this.outbox.append(task, 'task.canceled', now, {
        canceled_at: new Date(now).toISOString(),
        canceled_by: 'user_request',
        processing_time_seconds: task.startedAt === null ? 0 : Math.round((now - task.startedAt) / 10) / 100,
      });
      return true;
    });
    if (!won) {
      const current = await this.mustFind(principal, taskId);
      throw new ApiError('TASK_NOT_CANCELABLE', `The task is ${current.status} and can no longer be canceled`, {
        details: { task_id: task.id, status: current.status },
      });
    }
    // A queued job is removed; a running render sees the status change within a second and stops.
    await this.jobs.removeRender(task.id).catch(() => undefined);
    await this.events.kick(task.id).catch(() => undefined);
    return {
      task_id: task.id,
      status: 'canceled' as const,
      canceled_at: new Date(now).toISOString(),
      message: task.status === 'processing' ? 'The render was stopped and the task canceled' : 'The task was removed from the queue and canceled',
    };
  }

  async retry(principal: Principal, taskId: string) {
    const original = await this.mustFind(principal, taskId);
    if (original.status !== 'failed') {
      throw new ApiError('TASK_NOT_RETRYABLE', `Only failed tasks can be retried; this task is ${original.status}`, {
        details: { task_id: original.id, status: original.status },
      });
    }
    if (original.retriedBy) throw this.alreadyRetried(original.retriedBy);
    const { task } = await this.createFrom(principal, submittedInput(original, this.deps.credentials.open(original)), original);
    return {
      task_id: task.id,
      original_task_id: original.id,
      status: task.status,
      created_at: new Date(task.createdAt).toISOString(),
      retry_count: task.retryCount,
    };
  }

  private alreadyRetried(retryId: string): ApiError {
    return new ApiError('TASK_ALREADY_RETRIED', 'This task has already been retried; retry the retry instead', {
      details: { retry_task_id: retryId },
    });
  }

  private async explainCreateFailure(error: unknown, principal: Principal, input: CreateTaskInput, original: TaskEntity | null) {
    if (error instanceof ApiError) {
      if (error.code === 'TASK_ALREADY_RETRIED' && original) {
        const fresh = await this.tasks.findForAccount(principal.accountId, original.id);
        return this.alreadyRetried(fresh?.retriedBy ?? '');
      }
      return error;
    }
    if (isUniqueViolation(error) && input.request_id && !original) {
      const existing = await this.tasks.findByRequestId(principal.accountId, input.request_id);
      if (existing) {
        return new ApiError('DUPLICATE_REQUEST_ID', `request_id ${input.request_id} was already used`, {
          details: { task_id: existing.id, request_id: input.request_id },
        });
      }
    }
    return error;
  }

  private mustFind(principal: Principal, taskId: string): Promise<TaskEntity> {
    return ownedTask(this.tasks, principal, taskId);
  }
}
