/**
 * Chunked renders, the coordinator's side (docs/deploy.md, "Chunked renders"):
 * a long timeline is cut into frame ranges when its render starts; each range
 * is a `render-chunk` job that any worker sharing the queue, database and
 * storage renders (chunk.processor.ts), and the worker that holds the task's
 * render job follows them, then joins them without encoding the video again,
 * with the whole timeline's sound mixed once.
 *
 * The task's state is only ever changed by its render job (the coordinator):
 * a chunk reports its outcome in its job.
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { internalFailure, RenderFailure } from '../common/render-failure';
import type { ChunkState, RenderPriority } from '../queue/job-queues';
import type { AppConfig } from '../config/app-config';
import type { ChunkJob, ChunkOutcome } from '../queue/job-registry';
import type { CompositorRenderer } from '../render/compositor/compositor-renderer';
import { encodingFor } from '../render/encoding-settings';
import { chunkRanges, type FrameRange } from '../render/plan/frame-range';
import { timelineFrames } from '../render/plan/frames';
import type { RenderPlan } from '../render/plan/render-plan.types';
import { RenderCancelled, stopOnAbortOrTimeout, type RenderVideoResult } from '../render/render-engine';
import { middleFrame, PREVIEW_MAX_SECONDS, previewGifFromVideo, thumbnailFromVideo, type PreviewPaths } from '../render/video-previews';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskEntity } from '../tasks/task.entity';

/** How often the coordinator reads its chunks' jobs. */
const CHUNK_POLL_MS = 250;

/** The queue's side of chunk jobs (JobQueues). */
export interface ChunkQueue {
  enqueueChunk(chunk: ChunkJob, priority: RenderPriority): Promise<void>;
  chunkState(taskId: string, attempt: number, index: number): Promise<ChunkState>;
  removeChunk(taskId: string, attempt: number, index: number): Promise<void>;
  chunkWorkers(): Promise<number | null>;
}

export interface ChunkedRendersDeps {
  config: AppConfig;
  logger: Logger;
  jobs: ChunkQueue;
  storage: OutputStorage;
  compositor: CompositorRenderer;
}

type RenderedChunk = Extract<ChunkOutcome, { kind: 'rendered' }>;

/** A task's chunks, asked for and followed from the start of its render (see `ChunkedRenders.start`). */
export interface ChunkRun {
  task: TaskEntity;
  ranges: FrameRange[];
  /** Every chunk rendered, in order; rejects at the first failure, crash or stop. */
  rendered: Promise<RenderedChunk[]>;
  /** Each chunk, as soon as it is rendered (rejected with `rendered` if the run fails first). */
  chunks: Array<Promise<RenderedChunk>>;
  /** Mean progress of the chunks, 0-1, to whoever listens (the coordinator, once the plan is ready). */
  onProgress: (fraction: number) => void;
  /** Milliseconds just spent with none of the chunks asked for taken by a worker (they waited in the queue). */
  onQueued: (ms: number) => void;
  abort: AbortController;
}

export interface CoordinateArgs {
  plan: RenderPlan;
  outPath: string;
  /** Cut from the chunks that hold their frames as soon as those are rendered. */
  previews: PreviewPaths;
  workDir: string;
  signal: AbortSignal;
  timeoutMs: number;
  onProgress: (fraction: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function chunkKey(taskId: string, attempt: number, index: number, extension: string): string {
  return `chunks/${taskId}/${attempt}-${index}.${extension}`;
}

export class ChunkedRenders {
  constructor(private readonly deps: ChunkedRendersDeps) {}

  /** The frame ranges a timeline of `durationInFrames` at `fps` is rendered in; null when it is rendered whole. */
  rangesOf({ durationInFrames, fps }: { durationInFrames: number; fps: number }): FrameRange[] | null {
    const { minSeconds, seconds } = this.deps.config.chunking;
    if (durationInFrames <= minSeconds * fps) return null;
    const ranges = chunkRanges(durationInFrames, fps, seconds);
    return ranges.length > 1 ? ranges : null;
  }

  private rangesOfTask(task: TaskEntity): FrameRange[] | null {
    const fps = task.outputSettings.framerate;
    return this.rangesOf({ durationInFrames: timelineFrames(task.timeline.duration_ms, fps), fps });
  }

  /**
   * The ranges of a task's render, when it is worth splitting: long enough, and at least CHUNK_MIN_WORKERS
   * worker processes serve chunks (one worker alone would render the chunks one by one, each with its
   * fixed cost, slower than the whole). When Redis does not say how many serve, it is split.
   */
  async rangesFor(task: TaskEntity): Promise<FrameRange[] | null> {
    const ranges = this.rangesOfTask(task);
    if (ranges === null) return null;
    const workers = await this.deps.jobs.chunkWorkers().catch(() => null);
    if (workers !== null && workers < this.deps.config.chunking.minWorkers) {
      this.deps.logger.info({ task_id: task.id, chunk_workers: workers }, 'rendering whole: too few workers serve chunks to split it');
      return null;
    }
    return ranges;
  }

  /**
   * Asks for the task's chunks now (at most CHUNKS_PER_TASK queued at once) and
   * follows them in the background, so they render while this worker fetches the
   * media and plans. `coordinate` joins them, `abandon` stops following them.
   */
  start(task: TaskEntity, ranges: FrameRange[], signal: AbortSignal): ChunkRun {
    const abort = new AbortController();
    signal.addEventListener('abort', () => abort.abort(), { once: true });
    const settle = ranges.map(() => ({ resolve: (_chunk: RenderedChunk) => undefined, reject: (_error: unknown) => undefined }));
    const chunks = settle.map((handle) => new Promise<RenderedChunk>((resolve, reject) => Object.assign(handle, { resolve, reject })));
    const run: ChunkRun = { task, ranges, abort, onProgress: () => undefined, onQueued: () => undefined, rendered: Promise.resolve([]), chunks };
    const follow = {
      onProgress: (fraction: number) => run.onProgress(fraction),
      onQueued: (ms: number) => run.onQueued(ms),
      onRendered: (index: number, chunk: RenderedChunk) => settle[index].resolve(chunk),
    };
    this.deps.logger.info({ task_id: task.id, attempt: task.renderAttempts, chunks: ranges.length }, 'render split into chunks');
    run.rendered = this.followChunks(task, ranges, abort.signal, follow);
    // Observed by coordinate or abandon; never left unhandled meanwhile.
    for (const promise of [run.rendered, ...chunks]) promise.catch(() => undefined);
    run.rendered.catch((error: unknown) => settle.forEach((handle) => handle.reject(error)));
    return run;
  }

  /** Stops following a run that will not be joined (the plan failed); `removeChunks` drops its chunks. */
  async abandon(run: ChunkRun): Promise<void> {
    run.abort.abort();
    await run.rendered.catch(() => undefined);
  }

  /**
   * Every chunk job and file of every attempt of the task so far, whether or not this attempt was split: an
   * earlier attempt's coordinator may have died holding chunks, and a later one may render whole when fewer
   * workers serve chunks. Called once the task's fate is recorded: a chunk still running then cannot be
   * removed, but it ends after its task moved on and removes itself (ChunkProcessor.ended).
   */
  async removeChunks(task: TaskEntity): Promise<void> {
    const ranges = this.rangesOfTask(task);
    if (ranges === null) return;
    const extension = encodingFor(task.outputSettings).extension;
    const removals: Array<Promise<unknown>> = [];
    for (let attempt = 1; attempt <= task.renderAttempts; attempt++) {
      for (let index = 0; index < ranges.length; index++) {
        removals.push(this.deps.jobs.removeChunk(task.id, attempt, index).catch(() => undefined));
        removals.push(this.deps.storage.delete(chunkKey(task.id, attempt, index, extension)).catch(() => undefined));
      }
    }
    await Promise.all(removals);
  }

  /** The coordinator: waits for the run's chunks and joins them into `outPath`; the caller removes them (`removeChunks`). */
  async coordinate(args: CoordinateArgs, run: ChunkRun): Promise<RenderVideoResult> {
    const { plan, workDir } = args;
    const { task, ranges, abort } = run;
    const { storage, logger } = this.deps;
    const extension = encodingFor(task.outputSettings).extension;
    run.onProgress = args.onProgress;
    const stop = stopOnAbortOrTimeout(args.signal, args.timeoutMs, () => abort.abort());
    // The limit counts render time, as for an unchunked render, whose clock starts when a worker takes it: time
    // during which none of the chunks asked for had a worker (they waited behind other tasks) moves it later.
    run.onQueued = (ms) => stop.postpone(ms);
    const startedAt = Date.now();
    const chunkPaths = ranges.map((_, index) => join(workDir, `chunk-${index}.${extension}`));
    const soundTrackPath = join(workDir, 'sound-track');
    try {
      // While the chunks render: the sound is mixed, each chunk is fetched once rendered, and the previews are cut
      // from the chunks that hold their frames. What is left after the last chunk is copying streams.
      const sound = this.deps.compositor.mixSoundTrack({ plan, output: task.outputSettings, outPath: soundTrackPath, signal: abort.signal });
      const fetched = run.chunks.map((chunk, index) => chunk.then((outcome) => storage.copyTo(outcome.key, chunkPaths[index])));
      const previews = this.previewsFromChunks(plan, run, fetched, chunkPaths, args.previews, abort.signal);
      for (const promise of [sound, previews, ...fetched]) promise.catch(() => undefined);
      const rendered = await run.rendered;
      await Promise.all([sound, ...fetched]);
      const renderMs = Date.now() - startedAt;
      await this.deps.compositor.joinChunks({ plan, output: task.outputSettings, chunkPaths, soundTrackPath, outPath: args.outPath, signal: abort.signal });
      const previewsMade = await previews;
      logger.info(
        {
          task_id: task.id,
          chunks: ranges.length,
          chunk_workers: [...new Set(rendered.map((outcome) => outcome.workerId))],
          chunks_ms: renderMs,
          join_ms: Date.now() - startedAt - renderMs,
        },
        'chunked render joined',
      );
      return { outPath: args.outPath, durationInFrames: plan.durationInFrames, engine: rendered[0].engine, previewsMade };
    } catch (error) {
      if (stop.timedOut()) throw new RenderFailure('PROCESSING_TIMEOUT', `Rendering took longer than ${args.timeoutMs} ms`, true);
      if (abort.signal.aborted && !(error instanceof RenderFailure)) throw new RenderCancelled('chunked render');
      throw error;
    } finally {
      stop.dispose();
    }
  }

  /**
   * The thumbnail from the chunk that holds the video's middle frame and the GIF from the first chunk, each
   * once that chunk is fetched; false (the caller cuts them from the joined video) when the first chunk is
   * shorter than the GIF.
   */
  private async previewsFromChunks(
    plan: RenderPlan,
    run: ChunkRun,
    fetched: Array<Promise<void>>,
    chunkPaths: string[],
    paths: PreviewPaths,
    signal: AbortSignal,
  ): Promise<boolean> {
    const { ranges } = run;
    if (ranges[0].to - ranges[0].from < PREVIEW_MAX_SECONDS * plan.fps) return false;
    const middle = middleFrame(plan.durationInFrames);
    const holder = ranges.findIndex((range) => middle >= range.from && middle < range.to);
    const thumbnail = fetched[holder].then(() =>
      thumbnailFromVideo({
        videoPath: chunkPaths[holder],
        outPath: paths.thumbnailPath,
        width: plan.width,
        durationInFrames: plan.durationInFrames,
        fps: plan.fps,
        frame: middle - ranges[holder].from,
        signal,
      }),
    );
    const gif = fetched[0].then(() => previewGifFromVideo({ videoPath: chunkPaths[0], outPath: paths.gifPath, width: plan.width, signal }));
    await Promise.all([thumbnail, gif]);
    return true;
  }

  /**
   * A chunk job's result names where it stored its file; the coordinator copies that object into the task's
   * output, so it accepts only the key it computes itself for the chunk, never another object of the storage.
   */
  private checkChunkKey(task: TaskEntity, attempt: number, index: number, reported: string): void {
    if (reported === chunkKey(task.id, attempt, index, encodingFor(task.outputSettings).extension)) return;
    this.deps.logger.error({ task_id: task.id, chunk: index, attempt, reported_key: reported }, 'a chunk job reported a file it was not asked to write');
    throw new RenderFailure('RENDER_FAILED', 'A chunk of the render reported a file it was not asked to write', true);
  }

  /** Keeps up to CHUNKS_PER_TASK chunk jobs in the queue until every chunk is rendered; reports their mean progress. */
  private async followChunks(
    task: TaskEntity,
    ranges: FrameRange[],
    signal: AbortSignal,
    on: { onProgress: (fraction: number) => void; onQueued: (ms: number) => void; onRendered: (index: number, chunk: RenderedChunk) => void },
  ): Promise<RenderedChunk[]> {
    const attempt = task.renderAttempts;
    const rendered: RenderedChunk[] = [];
    const progress = ranges.map(() => 0);
    const waiting = ranges.map((_, index) => index);
    const inFlight = new Set<number>();
    const enqueue = (index: number) =>
      this.deps.jobs.enqueueChunk({ taskId: task.id, attempt, index, fromFrame: ranges[index].from, toFrame: ranges[index].to }, task.priority);
    while (waiting.length > 0 || inFlight.size > 0) {
      while (inFlight.size < this.deps.config.chunking.perTask && waiting.length > 0) {
        const index = waiting.shift() ?? 0;
        await enqueue(index);
        inFlight.add(index);
      }
      const polledAt = Date.now();
      await sleep(CHUNK_POLL_MS);
      if (signal.aborted) throw new RenderCancelled('chunked render');
      let working = false;
      for (const index of [...inFlight]) {
        const state = await this.deps.jobs.chunkState(task.id, attempt, index);
        working ||= state.kind !== 'pending' || state.started;
        if (state.kind === 'pending') progress[index] = Math.max(progress[index], state.progress);
        else if (state.kind === 'missing')
          await enqueue(index); // lost with Redis's data: asked again
        else if (state.kind === 'crashed') {
          throw internalFailure('chunkCrash', new Error(`chunk ${index}: ${state.reason}`));
        } else if (state.outcome.kind === 'failed') {
          const { code, message, retryPossible, details, suggestedAction } = state.outcome;
          throw new RenderFailure(code as RenderFailure['code'], message, retryPossible, details, suggestedAction ?? undefined);
        } else if (state.outcome.kind === 'stopped') {
          throw new RenderCancelled('chunked render');
        } else {
          this.checkChunkKey(task, attempt, index, state.outcome.key);
          rendered[index] = state.outcome;
          on.onRendered(index, state.outcome);
          progress[index] = 1;
          inFlight.delete(index);
        }
      }
      on.onProgress(progress.reduce((sum, p) => sum + p, 0) / ranges.length);
      if (!working) on.onQueued(Date.now() - polledAt);
    }
    return rendered;
  }
}
