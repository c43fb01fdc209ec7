import { RenderFailure } from '../common/render-failure';
import type { Database } from '../database/database';
import { StoredObjectEntity } from '../retention/stored-object.entity';
import { appendEvent } from '../webhooks/outbox';
import { refundCredits } from './credits';
import type { EventKicker } from './tasks.service';
import { TaskEntity } from './task.entity';
import type { PhaseName, PhaseState, StoredOutput, TaskErrorRecord } from './task.types';
import { accuracyOf } from './estimate-model';
import type { TasksRepository } from './tasks.repository';
import { round2, type OutputUrlSigner } from './task-view';
import { isoTime } from '../common/iso-time';

export type BeginOutcome = { kind: 'started'; task: TaskEntity } | { kind: 'busy' } | { kind: 'gone' } | { kind: 'crashed-too-often'; task: TaskEntity };


/**
 * The worker side of the state machine. Every transition is a compare-and-set
 * on the task's status and writes its event to the outbox in the same
 * transaction; events are kicked to the delivery queue after commit.
 */
export class TaskLifecycle {
  constructor(
    private readonly db: Database,
    private readonly tasks: TasksRepository,
    private readonly events: EventKicker,
    private readonly signer: OutputUrlSigner,
    private readonly maxAttempts: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * queued → processing, unless the account already runs its allowance of renders
   * (then the job waits). A task found `processing` is a re-run after a worker crash.
   */
  async begin(taskId: string, workerId: string): Promise<BeginOutcome> {
    const outcome = await this.db.transaction(async (manager): Promise<BeginOutcome> => {
      const task = await this.tasks.findById(taskId, manager);
      if (!task || (task.status !== 'queued' && task.status !== 'processing')) return { kind: 'gone' };
      const now = this.now();
      if (task.status === 'processing') {
        if (task.renderAttempts >= this.maxAttempts) return { kind: 'crashed-too-often', task };
        await this.tasks.transition(manager, taskId, ['processing'], { renderAttempts: task.renderAttempts + 1, workerId, updatedAt: now });
        return { kind: 'started', task: { ...task, renderAttempts: task.renderAttempts + 1, workerId } as TaskEntity };
      }
      // Two workers must not both take an account's last slot.
      await this.tasks.lockAccount(manager, task.accountId);
      if ((await this.tasks.countProcessing(task.accountId, manager)) >= task.concurrencyLimit) return { kind: 'busy' };
      const changes = { status: 'processing' as const, startedAt: now, workerId, renderAttempts: 1, progressPhase: 'download' as const, updatedAt: now };
      if (!(await this.tasks.transition(manager, taskId, ['queued'], changes))) return { kind: 'gone' };
      await appendEvent(manager, task, 'task.started', now, {
        started_at: isoTime(now),
        estimated_completion: isoTime(now + task.estimatedSeconds * 1000),
        worker_id: workerId,
      });
      return { kind: 'started', task: Object.assign(task, changes) };
    });
    if (outcome.kind === 'started') await this.events.kick(taskId).catch(() => undefined);
    return outcome;
  }

  async status(taskId: string): Promise<TaskEntity['status'] | null> {
    return (await this.tasks.findById(taskId))?.status ?? null;
  }

  /** Records progress; writes a task.progress event when `emitEvent` (the caller throttles). */
  async progress(task: TaskEntity, snapshot: { percentage: number; phase: PhaseName; phaseProgress: number; phases: Record<PhaseName, PhaseState> }, emitEvent: boolean): Promise<void> {
    const now = this.now();
    await this.db.transaction(async (manager) => {
      const updated = await this.tasks.transition(manager, task.id, ['processing'], {
        progressPercentage: snapshot.percentage,
        progressPhase: snapshot.phase,
        phases: snapshot.phases,
        updatedAt: now,
      });
      if (!updated || !emitEvent) return;
      const elapsed = task.startedAt === null ? 0 : now - task.startedAt;
      const remainingMs = snapshot.percentage > 0 ? (elapsed * (100 - snapshot.percentage)) / snapshot.percentage : task.estimatedSeconds * 1000;
      await appendEvent(manager, task, 'task.progress', now, {
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
    if (emitEvent) await this.events.kick(task.id).catch(() => undefined);
  }

  /** processing → completed with its output and stored objects; false when a cancel won the race. */
  async complete(task: TaskEntity, output: StoredOutput, phases: Record<PhaseName, PhaseState>): Promise<boolean> {
    const now = this.now();
    const processingSeconds = (now - (task.startedAt ?? now)) / 1000;
    const won = await this.db.transaction(async (manager) => {
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
      if (!(await this.tasks.transition(manager, task.id, ['processing'], changes))) return false;
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
      await manager.getRepository(StoredObjectEntity).upsert(objects, ['key']);
      const sign = (file: StoredOutput['video']) => this.signer.signedUrl(file.key, new Date(file.expires_at));
      await appendEvent(manager, task, 'task.completed', now, {
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
    if (won) await this.events.kick(task.id).catch(() => undefined);
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
      suggested_action: failure.suggestedAction ?? (failure.retryPossible ? 'Retry the task with POST /v3/tasks/{task_id}/retry' : 'Fix the request and create a new task'),
    };
    const processingSeconds = task.startedAt === null ? 0 : (now - task.startedAt) / 1000;
    const won = await this.db.transaction(async (manager) => {
      const changes = { status: 'failed' as const, failedAt: now, error, processingSeconds, updatedAt: now };
      if (!(await this.tasks.transition(manager, task.id, ['processing', 'queued'], changes))) return false;
      await refundCredits(manager, task.accountId, task.costUsd);
      await appendEvent(manager, task, 'task.failed', now, {
        failed_at: isoTime(now),
        processing_time_seconds: round2(processingSeconds),
        error,
      });
      return true;
    });
    if (won) await this.events.kick(task.id).catch(() => undefined);
    return won;
  }

  /** Gives back the attempt of renders a stopping worker hands back to the queue. */
  async handBack(taskIds: string[]): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.dataSource
      .createQueryBuilder()
      .update(TaskEntity)
      .set({ renderAttempts: () => 'render_attempts - 1' })
      .where("id IN (:...taskIds) AND status = 'processing' AND render_attempts > 0", { taskIds })
      .execute();
  }
}
