import type { AccountsRepository } from '../auth/accounts.repository';
import type { CreditsService } from '../auth/credits.service';
import type { RenderFailure } from '../common/render-failure';
import type { Database } from '../database/database';
import type { StoredObjectsRepository } from '../retention/stored-objects.repository';
import type { TaskEventsRepository } from './task-events.repository';
import type { EventKicker } from './tasks.service';
import type { TaskEntity } from './task.entity';
import type { PhaseName, PhaseState, StoredOutput, TaskErrorRecord } from './task.types';
import { accuracyOf } from './estimate-model';
import type { TasksRepository } from './tasks.repository';
import { round2, type OutputUrlSigner } from './task-view';
import { isoTime } from '../common/iso-time';

export type BeginOutcome = { kind: 'started'; task: TaskEntity } | { kind: 'busy' } | { kind: 'gone' } | { kind: 'crashed-too-often'; task: TaskEntity };

/** What the worker side of the state machine reads and writes. */
export interface TaskLifecycleDeps {
  /** Opens the unit of work each transition runs in. */
  db: Database;
  tasks: TasksRepository;
  accounts: AccountsRepository;
  outbox: TaskEventsRepository;
  storedObjects: StoredObjectsRepository;
  credits: CreditsService;
  events: EventKicker;
  signer: OutputUrlSigner;
  maxAttempts: number;
  now?: () => number;
}

/**
 * The worker side of the state machine. Every transition is a compare-and-set
 * on the task's status and writes its event to the outbox in the same
 * transaction; events are kicked to the delivery queue after commit.
 */
export class TaskLifecycle {
  private readonly now: () => number;

  constructor(private readonly deps: TaskLifecycleDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * queued → processing, unless the account already runs its allowance of renders
   * (then the job waits). A task found `processing` is a re-run after a worker crash.
   */
  async begin(taskId: string, workerId: string): Promise<BeginOutcome> {
    const outcome = await this.deps.db.transaction(async (): Promise<BeginOutcome> => {
      const task = await this.deps.tasks.findById(taskId);
      if (!task || (task.status !== 'queued' && task.status !== 'processing')) return { kind: 'gone' };
      const now = this.now();
      if (task.status === 'processing') {
        if (task.renderAttempts >= this.deps.maxAttempts) return { kind: 'crashed-too-often', task };
        await this.deps.tasks.transition(taskId, ['processing'], { renderAttempts: task.renderAttempts + 1, workerId, updatedAt: now });
        return { kind: 'started', task: { ...task, renderAttempts: task.renderAttempts + 1, workerId } };
      }
      // Two workers must not both take an account's last slot.
      await this.deps.accounts.lock(task.accountId);
      if ((await this.deps.tasks.countProcessing(task.accountId)) >= task.concurrencyLimit) return { kind: 'busy' };
      const changes = { status: 'processing' as const, startedAt: now, workerId, renderAttempts: 1, progressPhase: 'download' as const, updatedAt: now };
      if (!(await this.deps.tasks.transition(taskId, ['queued'], changes))) return { kind: 'gone' };
      await this.deps.outbox.append(task, 'task.started', now, {
        started_at: isoTime(now),
        estimated_completion: isoTime(now + task.estimatedSeconds * 1000),
        worker_id: workerId,
      });
      return { kind: 'started', task: Object.assign(task, changes) };
    });
    if (outcome.kind === 'started') await this.deps.events.kick(taskId).catch(() => undefined);
    return outcome;
  }

  async status(taskId: string): Promise<TaskEntity['status'] | null> {
    return (await this.deps.tasks.findById(taskId))?.status ?? null;
  }

  /** Records progress; writes a task.progress event when `emitEvent` (the caller throttles). */
  async progress(
    task: TaskEntity,
    snapshot: { percentage: number; phase: PhaseName; phaseProgress: number; phases: Record<PhaseName, PhaseState> },
    emitEvent: boolean,
  ): Promise<void> {
    const now = this.now();
    await this.deps.db.transaction(async () => {
      const updated = await this.deps.tasks.transition(task.id, ['processing'], {
        progressPercentage: snapshot.percentage,
        progressPhase: snapshot.phase,
        phases: snapshot.phases,
        updatedAt: now,
      });
      if (!updated || !emitEvent) return;
      const elapsed = task.startedAt === null ? 0 : now - task.startedAt;
      const remainingMs = snapshot.percentage > 0 ? (elapsed * (100 - snapshot.percentage)) / snapshot.percentage : task.estimatedSeconds * 1000;
      await this.deps.outbox.append(task, 'task.progress', now, {
        progress: {
          percentage: snapshot.percentage,
          current_phase: snapshot.phase,
          phase_progress: round2(snapshot.phaseProgress),
          estimated_completion: isoTime(now + remainingMs),
        },
        phases: {
          download: { completed: snapshot.phases.download.completed, duration_seconds: round2(snapshot.phases.download.duration_seconds) },
          render: { completed: snapshot.phases.render.completed, progress: round2(snapshot.phases.render.progress) },
          upload: { completed: snapshot.phases.upload.completed, progress: round2(snapshot.phases.upload.progress) },
        },
      });
    });
    if (emitEvent) await this.deps.events.kick(task.id).catch(() => undefined);
  }

  /** processing → completed with its output and stored objects; false when a cancel won the race. */
  async complete(task: TaskEntity, output: StoredOutput, phases: Record<PhaseName, PhaseState>): Promise<boolean> {
    const now = this.now();
    const processingSeconds = (now - (task.startedAt ?? now)) / 1000;
    const won = await this.deps.db.transaction(async () => {
      const changes = {
        status: 'completed' as const,
        completedAt: now,
        output,
        phases,
        progressPercentage: 100,
        progressPhase: 'completed' as const,
        processingSeconds,
        updatedAt: now,
      };
      if (!(await this.deps.tasks.transition(task.id, ['processing'], changes))) return false;
      const objects = (['video', 'thumbnail', 'preview'] as const).map((kind) => ({
        key: output[kind].key,
        accountId: task.accountId,
        taskId: task.id,
        kind,
        sizeBytes: output[kind].size_bytes,
        createdAt: now,
        expiresAt: output[kind].expires_at,
        deletedAt: null,
      }));
      await this.deps.storedObjects.record(objects);
      const sign = (file: StoredOutput['video']) => this.deps.signer.signedUrl(file.key, new Date(file.expires_at));
      await this.deps.outbox.append(task, 'task.completed', now, {
        completed_at: isoTime(now),
        processing_time_seconds: round2(processingSeconds),
        output: {
          video_url: await sign(output.video),
          thumbnail_url: await sign(output.thumbnail),
          preview_url: await sign(output.preview),
          duration_ms: output.duration_ms,
          file_size_bytes: output.video.size_bytes,
          resolution: output.resolution,
          format: output.format,
          expires_at: isoTime(output.video.expires_at),
        },
        performance: {
          estimated_vs_actual: {
            estimated_seconds: task.estimatedSeconds,
            actual_seconds: round2(processingSeconds),
            accuracy: round2(accuracyOf(task.estimatedSeconds, processingSeconds)),
          },
        },
      });
      return true;
    });
    if (won) await this.deps.events.kick(task.id).catch(() => undefined);
    return won;
  }

  /** processing (or queued, for a job that can no longer run) → failed with a spec error. */
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
    const won = await this.deps.db.transaction(async () => {
      const changes = { status: 'failed' as const, failedAt: now, error, processingSeconds, updatedAt: now };
      if (!(await this.deps.tasks.transition(task.id, ['processing', 'queued'], changes))) return false;
      await this.deps.credits.refund(task.accountId, task.costUsd);
      await this.deps.outbox.append(task, 'task.failed', now, {
        failed_at: isoTime(now),
        processing_time_seconds: round2(processingSeconds),
        error,
      });
      return true;
    });
    if (won) await this.deps.events.kick(task.id).catch(() => undefined);
    return won;
  }

  /** Gives back the attempt of renders a stopping worker hands back to the queue. */
  handBack(taskIds: string[]): Promise<void> {
    return this.deps.tasks.returnAttempts(taskIds);
  }
}
