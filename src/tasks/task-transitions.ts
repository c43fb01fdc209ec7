import type { AccountsRepository } from '../auth/accounts.repository';
import type { Principal } from '../auth/auth.types';
import type { CreditsService } from '../auth/credits.service';
import { rateLimitHeaders } from '../auth/request-gate';
import { ApiError } from '../common/api-error';
import { isoTime } from '../common/iso-time';
import type { RenderFailure } from '../common/render-failure';
import { utcMonthOf } from '../common/utc-month';
import type { Database } from '../database/database';
import type { StoredObjectsRepository } from '../retention/stored-objects.repository';
import { accuracyOf } from './estimate-model';
import type { TaskEventEntity } from './task-event.entity';
import type { TaskEventsRepository } from './task-events.repository';
import type { WebhookEventType } from '../task-input/task-input.types';
import { outputView, round2, type OutputUrlSigner } from './task-view';
import type { TaskEntity } from './task.entity';
import { PHASES, type PhaseName, type PhaseState, type StoredOutput, type TaskErrorRecord, type TaskStatus } from './task.types';
import type { TasksRepository } from './tasks.repository';

/** Hands events to webhook delivery once their unit of work has committed. */
export interface EventKicker {
  kick(taskId: string): Promise<void>;
  kickFirst(event: Pick<TaskEventEntity, 'id' | 'taskId' | 'deliveryStatus'>): Promise<void>;
}

/** The render queue, as the state machine moves it. */
export interface RenderJobs {
  enqueueRender(task: Pick<TaskEntity, 'id' | 'accountId' | 'priority'>): Promise<void>;
  removeRender(taskId: string): Promise<void>;
}

/** `ended`: the task already completed, failed or was canceled (a render job taken again after its worker died). */
export type BeginOutcome =
  | { kind: 'started'; task: TaskEntity }
  | { kind: 'busy' }
  | { kind: 'gone' }
  | { kind: 'ended'; task: TaskEntity }
  | { kind: 'crashed-too-often'; task: TaskEntity };

export interface ProgressSnapshot {
  percentage: number;
  phase: PhaseName;
  phaseProgress: number;
  phases: Record<PhaseName, PhaseState>;
}

export interface TaskTransitionsDeps {
  db: Database;
  tasks: TasksRepository;
  accounts: AccountsRepository;
  outbox: TaskEventsRepository;
  storedObjects: StoredObjectsRepository;
  credits: CreditsService;
  events: EventKicker;
  jobs: RenderJobs;
  signer: OutputUrlSigner;
  /** Renders a task may begin before worker crashes fail it. */
  maxAttempts: number;
  now?: () => number;
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

/** One move of a task from `from`: its changes, and what goes with them in the same unit of work. */
interface Move {
  from: readonly TaskStatus[];
  changes: Partial<TaskEntity> & { updatedAt: number };
  /** The outbox event reporting the move, delivered once it commits. */
  event?: { type: WebhookEventType; data: Record<string, unknown> };
  /** Gives the task's price back to its account (a render that will not be delivered). */
  refund?: boolean;
  /** What else the move does once it won (the stored outputs of a completed render, a canceled task's job removed). */
  alongside?: () => Promise<void>;
}

/**
 * The task state machine: every change of a task's status goes through here.
 *
 *   (new) ──admit──▶ queued ──start──▶ processing ──complete──▶ completed
 *                      │                   │ ▲ progress
 *                      └──cancel/fail──────┴──cancel/fail──▶ canceled / failed ──retry──▶ (new)
 *
 * Each move is a compare-and-set on the status, written with its outbox event
 * (and refund) in one unit of work; events and queue changes follow the commit.
 * Locks are taken in one order, the account first, so that concurrent moves
 * (PostgreSQL) never wait on each other in a circle.
 */
export class TaskTransitions {
  private readonly now: () => number;

  constructor(private readonly deps: TaskTransitionsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * A new task, or the retry of `original`, enters the queue: within its
   * account's monthly quota and credits, claiming its original, counted by the
   * database (its queue position is read back after its insert). A refusal
   * writes nothing; so does one by `beforeCommit`, which runs once the task is
   * in (a batch takes the item's rate-limit count there, so that only created
   * tasks are counted). Returns the task's queue position.
   */
  async admit(principal: Principal, task: TaskEntity, original: TaskEntity | null, beforeCommit?: () => Promise<void>): Promise<number> {
    const { db, tasks, accounts, credits, outbox } = this.deps;
    return db.transaction(async () => {
      await accounts.lock(task.accountId);
      const used = await tasks.createdInMonth(task.accountId, utcMonthOf(task.createdAt).start);
      refuseOverQuota(principal, used, task.createdAt);
      await credits.charge(task.accountId, task.costUsd);
      if (original && !(await tasks.claimRetry(original.id, task.id, task.createdAt))) {
        throw new ApiError('TASK_ALREADY_RETRIED', 'This task has already been retried');
      }
      await tasks.insert(task);
      await beforeCommit?.();
      const place = await tasks.queuePlace(task);
      const queued = await outbox.append(task, 'task.queued', task.createdAt, {
        queue_position: place.ahead + 1,
        estimated_start_time: isoTime(task.createdAt + place.secondsAhead * 1000),
        priority: task.priority,
      });
      // A lost render job leaves a queued task without one, which the reaper enqueues again; a lost kick, an event the sweep sends.
      db.afterCommit(() => this.deps.jobs.enqueueRender(task));
      db.afterCommit(() => this.deps.events.kickFirst(queued));
      return place.ahead + 1;
    });
  }

  /**
   * queued → processing, unless the account already runs its allowance of renders
   * (then the job waits). A task found `processing` is a re-run after a worker crash.
   */
  async start(taskId: string, workerId: string): Promise<BeginOutcome> {
    const { db, tasks, accounts, maxAttempts } = this.deps;
    return db.transaction(async (): Promise<BeginOutcome> => {
      const task = await tasks.findById(taskId);
      if (!task) return { kind: 'gone' };
      if (task.status !== 'queued' && task.status !== 'processing') return { kind: 'ended', task };
      // Two workers must not both take an account's last slot.
      await accounts.lock(task.accountId);
      const now = this.now();
      if (task.status === 'processing') {
        if (task.renderAttempts >= maxAttempts) return { kind: 'crashed-too-often', task };
        const rerun = { renderAttempts: task.renderAttempts + 1, workerId, updatedAt: now };
        return (await this.move(task, { from: ['processing'], changes: rerun })) ? { kind: 'started', task: Object.assign(task, rerun) } : { kind: 'gone' };
      }
      if ((await tasks.countProcessing(task.accountId)) >= task.concurrencyLimit) return { kind: 'busy' };
      const changes = { status: 'processing' as const, startedAt: now, workerId, renderAttempts: 1, progressPhase: 'download' as const, updatedAt: now };
      const started = await this.move(task, {
        from: ['queued'],
        changes,
        event: {
          type: 'task.started',
          data: { started_at: isoTime(now), estimated_completion: isoTime(now + task.estimatedSeconds * 1000), worker_id: workerId },
        },
      });
      return started ? { kind: 'started', task: Object.assign(task, changes) } : { kind: 'gone' };
    });
  }

  /** Records progress; with `emitEvent` (the caller throttles), a task.progress event too. */
  async progress(task: TaskEntity, snapshot: ProgressSnapshot, emitEvent: boolean): Promise<void> {
    const now = this.now();
    const elapsed = task.startedAt === null ? 0 : now - task.startedAt;
    const remainingMs = snapshot.percentage > 0 ? (elapsed * (100 - snapshot.percentage)) / snapshot.percentage : task.estimatedSeconds * 1000;
    const { phases } = snapshot;
    await this.move(task, {
      from: ['processing'],
      changes: { progressPercentage: snapshot.percentage, progressPhase: snapshot.phase, phases, updatedAt: now },
      event: emitEvent
        ? {
            type: 'task.progress',
            data: {
              progress: {
                percentage: snapshot.percentage,
                current_phase: snapshot.phase,
                phase_progress: round2(snapshot.phaseProgress),
                estimated_completion: isoTime(now + remainingMs),
              },
              phases: {
                download: { completed: phases.download.completed, duration_seconds: round2(phases.download.duration_seconds) },
                render: { completed: phases.render.completed, progress: round2(phases.render.progress) },
                upload: { completed: phases.upload.completed, progress: round2(phases.upload.progress) },
              },
            },
          }
        : undefined,
    });
  }

  /** processing → completed with its output and stored objects; false when a cancel won the race. */
  async complete(task: TaskEntity, output: StoredOutput, phases: Record<PhaseName, PhaseState>): Promise<boolean> {
    const now = this.now();
    const processingSeconds = (now - (task.startedAt ?? now)) / 1000;
    const { expired: _expired, ...delivered } = await outputView(output, this.deps.signer, now);
    return this.move(task, {
      from: ['processing'],
      changes: {
        status: 'completed',
        completedAt: now,
        output,
        phases,
        progressPercentage: 100,
        progressPhase: 'completed',
        processingSeconds,
        updatedAt: now,
      },
      alongside: () =>
        this.deps.storedObjects.record(
          (['video', 'thumbnail', 'preview'] as const).map((kind) => ({
            key: output[kind].key,
            accountId: task.accountId,
            taskId: task.id,
            kind,
            sizeBytes: output[kind].size_bytes,
            createdAt: now,
            expiresAt: output[kind].expires_at,
            deletedAt: null,
          })),
        ),
      event: {
        type: 'task.completed',
        data: {
          completed_at: isoTime(now),
          processing_time_seconds: round2(processingSeconds),
          output: delivered,
          performance: {
            estimated_vs_actual: {
              estimated_seconds: task.estimatedSeconds,
              actual_seconds: round2(processingSeconds),
              accuracy: round2(accuracyOf(task.estimatedSeconds, processingSeconds)),
            },
          },
        },
      },
    });
  }

  /** processing (or queued, for a job that can no longer run) → failed with a spec error, refunded. */
  async fail(task: TaskEntity, failure: RenderFailure): Promise<boolean> {
    const now = this.now();
    const error: TaskErrorRecord = {
      code: failure.code,
      message: failure.message,
      details: { media_url: null, http_status: null, retry_after_seconds: null, ...failure.details },
      retry_possible: failure.retryPossible,
      suggested_action:
        failure.suggestedAction ?? (failure.retryPossible ? 'Retry the task with POST /v3/tasks/{task_id}/retry' : 'Fix the request and create a new task'),
    };
    const processingSeconds = task.startedAt === null ? 0 : (now - task.startedAt) / 1000;
    return this.move(task, {
      from: ['processing', 'queued'],
      changes: { status: 'failed', failedAt: now, error, processingSeconds, updatedAt: now },
      refund: true,
      event: { type: 'task.failed', data: { failed_at: isoTime(now), processing_time_seconds: round2(processingSeconds), error } },
    });
  }

  /** queued or processing → canceled, refunded; its queued job is removed (a running render sees the status and stops). */
  async cancel(task: TaskEntity, by: 'user_request' | 'system'): Promise<{ canceled: boolean; at: number }> {
    const now = this.now();
    const processingSeconds = task.startedAt === null ? 0 : (now - task.startedAt) / 1000;
    const canceled = await this.move(task, {
      from: ['queued', 'processing'],
      changes: { status: 'canceled', canceledAt: now, canceledBy: by, processingSeconds, updatedAt: now },
      refund: true,
      alongside: async () => this.deps.db.afterCommit(() => this.deps.jobs.removeRender(task.id)),
      event: {
        type: 'task.canceled',
        data: {
          canceled_at: isoTime(now),
          canceled_by: by,
          processing_time_seconds: round2(processingSeconds),
        },
      },
    });
    return { canceled, at: now };
  }

  /** Gives back the attempt of renders a stopping worker hands back to the queue. */
  handBack(taskIds: string[]): Promise<void> {
    return this.deps.tasks.returnAttempts(taskIds);
  }

  async status(taskId: string): Promise<TaskStatus | null> {
    return (await this.deps.tasks.findById(taskId))?.status ?? null;
  }

  /** A move in one unit of work (joining the caller's, if any); false when the task was no longer in `from`. */
  private move(task: TaskEntity, move: Move): Promise<boolean> {
    const { db, tasks, accounts, credits, outbox, events } = this.deps;
    return db.transaction(async () => {
      if (move.refund) await accounts.lock(task.accountId);
      if (!(await tasks.transition(task.id, move.from, move.changes))) return false;
      if (move.refund) await credits.refund(task.accountId, task.costUsd);
      await move.alongside?.();
      if (move.event) {
        await outbox.append(task, move.event.type, move.changes.updatedAt, move.event.data);
        db.afterCommit(() => events.kick(task.id));
      }
      return true;
    });
  }
}

/** 429 QUOTA_EXCEEDED once the account's tasks created this month (`used`) reach the key's monthly allowance. */
function refuseOverQuota(principal: Principal, used: number, now: number): void {
  const limit = principal.limits.monthlyRenders;
  if (used < limit) return;
  const resetAt = Math.floor(utcMonthOf(now).end / 1000);
  const retryAfterSeconds = resetAt - Math.floor(now / 1000);
  throw new ApiError('QUOTA_EXCEEDED', `The monthly quota of ${limit} renders is used up`, {
    details: { monthly_renders: limit, used },
    headers: {
      ...rateLimitHeaders({ allowed: false, limit, remaining: 0, resetAt, retryAfterSeconds }, 'monthly_renders'),
      'Retry-After': String(retryAfterSeconds),
    },
    suggestedAction: 'Wait for the next month or move the key to a higher tier',
  });
}
