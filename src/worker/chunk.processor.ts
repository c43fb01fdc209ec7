/**
 * The `render-chunk` jobs of chunked renders (chunked-render.ts): any worker
 * renders a task's frame range into storage and says how it went in the
 * job's outcome. It never changes the task: it stops by itself once its task
 * is no longer `processing` under the attempt that asked for it.
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { asRenderFailure, internalFailure } from '../common/render-failure';
import type { ChunkJob, ChunkOutcome, RunningJob } from '../queue/job-registry';
import { encodingFor } from '../render/encoding-settings';
import type { RenderPlan } from '../render/plan/render-plan.types';
import { RenderCancelled } from '../render/render-engine';
import type { RenderEngines } from '../render/render-engines';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskEntity } from '../tasks/task.entity';
import type { TasksRepository } from '../tasks/tasks.repository';
import { chunkKey, type ChunkQueue } from './chunked-render';
import { prepareRender, type RenderInputsDeps } from './render-inputs';
import { inRenderSession, type RenderSession, type RenderSessionDeps } from './render-session';

/** A chunk publishes its progress at most this often. */
const CHUNK_PROGRESS_MS = 500;
/** Share of a chunk's progress its media download takes. */
const CHUNK_DOWNLOAD_SHARE = 0.1;

export interface ChunkProcessorDeps extends RenderInputsDeps, RenderSessionDeps {
  logger: Logger;
  workerId: string;
  tasks: Pick<TasksRepository, 'findById'>;
  jobs: Pick<ChunkQueue, 'removeChunk'>;
  storage: OutputStorage;
  renderer: RenderEngines;
}

/** Thrown by a chunk render the worker gave up on while shutting down: its job is taken again, never settled. */
export class ChunkHandedBack extends Error {
  constructor(chunk: ChunkJob) {
    super(`chunk ${chunk.index} of ${chunk.taskId} handed back to the queue at shutdown`);
    this.name = 'ChunkHandedBack';
  }
}

/** A chunk's failure as its outcome: what the coordinator fails the task with, as an unchunked render would have. */
function failedOutcome(error: unknown): Extract<ChunkOutcome, { kind: 'failed' }> {
  const failure = asRenderFailure(error);
  return {
    kind: 'failed',
    code: failure.code,
    message: failure.message,
    retryPossible: failure.retryPossible,
    details: { ...failure.details },
    suggestedAction: failure.suggestedAction ?? null,
  };
}

/** Whether the chunk is still its task's: the task is processing, under the attempt that asked for the chunk. */
function isChunkOf(task: TaskEntity, chunk: ChunkJob): boolean {
  return task.status === 'processing' && task.renderAttempts === chunk.attempt;
}

export class ChunkProcessor {
  private handingBack = false;
  private readonly running = new Set<() => void>();

  constructor(private readonly deps: ChunkProcessorDeps) {}

  /** Stops every running chunk; from now on a chunk that breaks is handed back instead of reporting a failure. */
  handBack(): void {
    this.handingBack = true;
    for (const stop of this.running) stop();
  }

  /** A `render-chunk` job: renders its frame range into storage and says how it went; never changes the task. */
  async renderChunk(chunk: ChunkJob, job: RunningJob): Promise<ChunkOutcome> {
    const current = () => this.currentTask(chunk);
    const task = await current();
    if (task === null) return { kind: 'stopped' };
    return inRenderSession(
      this.deps,
      `${task.id}.chunk-${chunk.index}`,
      async () => (await current()) !== null,
      async (session) => {
        this.running.add(session.abort);
        try {
          return await this.renderChunkIn(session, task, chunk, job, current);
        } finally {
          this.running.delete(session.abort);
        }
      },
    );
  }

  private async renderChunkIn(
    session: RenderSession,
    task: TaskEntity,
    chunk: ChunkJob,
    job: RunningJob,
    current: () => Promise<TaskEntity | null>,
  ): Promise<ChunkOutcome> {
    const { storage, logger, workerId } = this.deps;
    const key = chunkKey(task.id, chunk.attempt, chunk.index, encodingFor(task.outputSettings).extension);
    const log = { task_id: task.id, chunk: chunk.index, attempt: chunk.attempt, worker_id: workerId };
    logger.info(log, 'chunk started');
    const startedAt = Date.now();
    let lastReport = 0;
    const report = (fraction: number) => {
      if (Date.now() - lastReport < CHUNK_PROGRESS_MS) return;
      lastReport = Date.now();
      void job.progress(Math.floor(fraction * 100)).catch(() => undefined);
    };
    try {
      const plan = await prepareRender(this.deps, task, session, session.signal, (f) => report(f * CHUNK_DOWNLOAD_SHARE));
      const preparedMs = Date.now() - startedAt;
      const outPath = join(session.workDir, `chunk.${encodingFor(task.outputSettings).extension}`);
      const rendered = await this.deps.renderer.renderVideo({
        taskId: task.id,
        plan,
        output: task.outputSettings,
        outPath,
        frames: { from: chunk.fromFrame, to: chunk.toFrame },
        signal: session.signal,
        timeoutMs: this.chunkTimeoutMs(task, chunk, plan),
        onProgress: (f) => report(CHUNK_DOWNLOAD_SHARE + f * (1 - CHUNK_DOWNLOAD_SHARE)),
      });
      await storage.put(key, outPath, 'application/octet-stream').catch((error: unknown) => {
        throw internalFailure('storage', error);
      });
      // The coordinator removes the chunks when it ends: one it can no longer see must not outlive it.
      if ((await current()) === null) {
        await storage.delete(key).catch(() => undefined);
        return { kind: 'stopped' };
      }
      const split =
        rendered.split === undefined ? {} : { stills: rendered.split.stills, stills_ms: rendered.split.stillsMs, composite_ms: rendered.split.compositeMs };
      const timings = { chunk_ms: Date.now() - startedAt, prepare_ms: preparedMs, ...split };
      logger.info({ ...log, engine: rendered.engine, frames: chunk.toFrame - chunk.fromFrame, ...timings }, 'chunk rendered');
      return { kind: 'rendered', key, engine: rendered.engine, workerId };
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      if (this.handingBack) throw new ChunkHandedBack(chunk);
      if (session.unwanted() || error instanceof RenderCancelled || session.signal.aborted) {
        logger.info(log, 'chunk stopped: its task moved on');
        return { kind: 'stopped' };
      }
      const outcome = failedOutcome(error);
      logger.warn({ ...log, code: outcome.code, err: error }, 'chunk failed');
      return outcome;
    }
  }

  /**
   * A chunk job that ended (with `outcome`, or failed for good with none): when its task moved on, its
   * coordinator no longer follows it and has removed the chunks it could, so this job and its file go now.
   */
  async ended(chunk: ChunkJob, outcome: ChunkOutcome | null): Promise<void> {
    const task = await this.deps.tasks.findById(chunk.taskId);
    if (task !== null && isChunkOf(task, chunk)) return;
    await this.deps.jobs.removeChunk(chunk.taskId, chunk.attempt, chunk.index);
    // The chunk's own key, not the one its result names: a job's result must not choose what is deleted.
    if (outcome?.kind === 'rendered' && task !== null) {
      await this.deps.storage.delete(chunkKey(task.id, chunk.attempt, chunk.index, encodingFor(task.outputSettings).extension));
    }
  }

  /** The chunk's task while it is still the chunk's. */
  private async currentTask(chunk: ChunkJob): Promise<TaskEntity | null> {
    const task = await this.deps.tasks.findById(chunk.taskId);
    return task !== null && isChunkOf(task, chunk) ? task : null;
  }

  /** The chunk's share of the render limit (RENDER_TIMEOUT_MS or the task's default), never under a minute. */
  private chunkTimeoutMs(task: TaskEntity, chunk: ChunkJob, plan: RenderPlan): number {
    const whole = this.deps.config.renderTimeoutMs ?? 60_000 + task.estimatedSeconds * 20_000;
    return Math.max(60_000, Math.ceil((whole * (chunk.toFrame - chunk.fromFrame)) / plan.durationInFrames));
  }
}
