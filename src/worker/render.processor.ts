import { join } from 'node:path';
import type { Logger } from 'pino';
import { ChildProcessCount } from '../common/child-process-count';
import { asRenderFailure, internalFailure, RenderFailure } from '../common/render-failure';
import type { AppConfig } from '../config/app-config';
import { probeMedia } from '../media/ffprobe';
import type { MediaFetcher } from '../media/media-fetcher';
import { encodingFor, type OutputExtension } from '../render/encoding-settings';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { MediaServer } from '../render/media-server';
import type { RenderEngines } from '../render/render-engines';
import { RenderCancelled, type RenderVideoResult } from '../render/render-engine';
import { previewGifFromVideo, thumbnailFromVideo, type PreviewPaths } from '../render/video-previews';
import type { RenderPlan } from '../render/plan/render-plan.types';
import { normaliseLoudness } from '../render/sound/loudness';
import { withDucking } from '../render/sound/trigger-sound';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskTransitions } from '../tasks/task-transitions';
import type { TaskEntity } from '../tasks/task.entity';
import type { StoredFile, StoredOutput } from '../tasks/task.types';
import type { ChunkedRenders, ChunkRun } from './chunked-render';
import { ProgressTracker } from './progress-tracker';
import { ProgressWriter } from './progress-writer';
import { prepareRender } from './render-inputs';
import { inRenderSession, type RenderSession } from './render-session';

/** Thrown to make Bull try the job again later: the account already runs its allowance of renders. */
export class AccountAtCapacity extends Error {
  constructor(taskId: string) {
    super(`account of ${taskId} is at its concurrent render allowance; waiting`);
    this.name = 'AccountAtCapacity';
  }
}

const VIDEO_CONTENT_TYPE = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } as const;
const PREVIEW_RETENTION_MS = 7 * 86_400_000;
/** Video, thumbnail and preview: the upload phase's progress counts them. */
const OUTPUT_FILE_COUNT = 3;

class Canceled extends Error {}

/** What the steps of one render share. */
interface RenderRun {
  task: TaskEntity;
  session: RenderSession;
  progress: ProgressWriter;
  /** Throws once the task has left `processing`. */
  checkCanceled(): void;
}

interface RenderedFiles {
  videoPath: string;
  extension: OutputExtension;
  thumbnailPath: string;
  gifPath: string;
}

/**
 * Thrown by a render the worker gave up on while shutting down: the task is left
 * `processing` for its job to be taken again, never failed.
 */
export class HandedBack extends Error {
  constructor(taskId: string) {
    super(`render of ${taskId} handed back to the queue at shutdown`);
    this.name = 'HandedBack';
  }
}

export interface RenderProcessorDeps {
  config: AppConfig;
  logger: Logger;
  workerId: string;
  transitions: TaskTransitions;
  fetcher: MediaFetcher;
  renderer: RenderEngines;
  mediaServer: MediaServer;
  /** This worker process's folder for its renders' files (work-area.ts). */
  workArea: string;
  storage: OutputStorage;
  metrics: WorkerMetrics;
  /** Long timelines are rendered in chunks by every worker (chunked-render.ts). */
  chunks: ChunkedRenders;
}

/**
 * One render job: download → render (video, thumbnail, preview) → upload, with
 * progress, cancel (the task's status is polled and the render aborted) and
 * every failure turned into a spec error on the task.
 */
export class RenderProcessor {
  private handingBack = false;
  private readonly running = new Set<RenderSession>();

  constructor(private readonly deps: RenderProcessorDeps) {}

  /** Stops every running render; from now on a render that breaks hands its task back instead of failing it. */
  handBack(): void {
    this.handingBack = true;
    for (const session of this.running) session.abort();
  }

  async handle(taskId: string): Promise<void> {
    const { transitions, workerId } = this.deps;
    const begun = await transitions.start(taskId, workerId);
    if (begun.kind === 'gone') return;
    if (begun.kind === 'busy') throw new AccountAtCapacity(taskId);
    try {
      if (begun.kind === 'crashed-too-often') {
        const message = `The render was interrupted ${begun.task.renderAttempts} times by worker crashes`;
        await transitions.fail(begun.task, new RenderFailure('WORKER_CRASHED', message, true));
      } else if (begun.kind === 'started') await this.run(begun.task);
    } finally {
      // Once the task's fate is recorded, every attempt's chunks, whichever way it ended (an earlier attempt's
      // coordinator may have died holding some). A chunk still running cannot be removed, but it then ends with
      // its task moved on and removes itself.
      await this.deps.chunks.removeChunks(begun.task);
    }
  }

  /** A render job Bull gave up on (it stalled more than RENDER_MAX_ATTEMPTS times) for a task still queued or processing. */
  async givenUp(task: TaskEntity, error: unknown): Promise<void> {
    try {
      await this.deps.transitions.fail(task, internalFailure('crash', error));
    } finally {
      await this.deps.chunks.removeChunks(task);
    }
  }

  private async run(task: TaskEntity): Promise<void> {
    const { transitions, logger } = this.deps;
    logger.info({ task_id: task.id, attempt: task.renderAttempts }, 'render started');
    const stillProcessing = async () => (await transitions.status(task.id)) === 'processing';
    await inRenderSession(this.deps, task.id, stillProcessing, async (session) => {
      this.running.add(session);
      const uploaded: string[] = [];
      let chunks: ChunkRun | null = null;
      try {
        const ranges = await this.deps.chunks.rangesFor(task);
        // A long timeline's chunks are asked for at once: their workers fetch the media themselves while this one plans.
        chunks = ranges === null ? null : this.deps.chunks.start(task, ranges, session.signal);
        const processes = new ChildProcessCount();
        const output = await processes.run(() => this.render(task, session, uploaded, chunks));
        if (!(await transitions.complete(task, output.stored, output.phases))) await this.removeObjects(uploaded);
        else logger.info({ task_id: task.id, child_processes: processes.started }, 'render completed');
      } catch (error) {
        await this.removeObjects(uploaded);
        if (this.handingBack) throw new HandedBack(task.id);
        if (session.unwanted() || error instanceof Canceled || error instanceof RenderCancelled) {
          logger.info({ task_id: task.id }, 'render stopped: task canceled');
          return;
        }
        const failure = asRenderFailure(error);
        // Clients read the failure's message; what was thrown (stderr, paths, the exception) is its cause, logged here.
        if (error instanceof RenderFailure) logger.warn({ task_id: task.id, code: failure.code, err: failure }, 'render failed');
        else logger.error({ task_id: task.id, code: failure.code, err: failure }, 'render crashed');
        await transitions.fail(task, failure);
      } finally {
        this.running.delete(session);
      }
    });
  }

  private async render(
    task: TaskEntity,
    session: RenderSession,
    uploaded: string[],
    chunks: ChunkRun | null,
  ): Promise<{ stored: StoredOutput; phases: ReturnType<ProgressTracker['snapshot']>['phases'] }> {
    const { config, transitions } = this.deps;
    // A re-run after a crash starts over, but the reported percentage holds at what clients already saw.
    const progress = new ProgressWriter(new ProgressTracker(Date.now, task.progressPercentage), task, transitions, config.progressIntervalMs);
    const run: RenderRun = {
      task,
      session,
      progress,
      checkCanceled: () => {
        if (session.unwanted()) throw new Canceled();
      },
    };
    const plan = await this.plan(task, session, progress).catch(async (error: unknown) => {
      if (chunks !== null) await this.deps.chunks.abandon(chunks);
      throw error;
    });
    progress.enter('render');
    const files = await this.renderFiles(run, plan, chunks);
    const probe = await probeMedia(files.videoPath);
    run.checkCanceled();
    progress.enter('upload');
    const stored = await this.upload(run, files, uploaded);
    progress.tracker.finish();
    await progress.settled();
    return {
      stored: {
        ...stored,
        duration_ms: Math.round(probe.durationMs ?? task.timeline.duration_ms),
        resolution: { width: probe.video?.width ?? task.outputSettings.width, height: probe.video?.height ?? task.outputSettings.height },
        format: task.outputSettings.format,
      },
      phases: progress.tracker.snapshot().phases,
    };
  }

  /** The task's media fetched and its plan, with the gain of every ducking clip from the measured sound of its triggers. */
  private async plan(task: TaskEntity, session: RenderSession, progress: ProgressWriter): Promise<RenderPlan> {
    const planned = await prepareRender(this.deps, task, session, session.signal, (fraction) => progress.update(fraction));
    return withDucking(planned, task.timeline, { mediaPath: (src) => this.deps.mediaServer.localPath(src) }, session.signal);
  }

  /** The video, by one engine run or, for a long timeline, in chunks rendered by every worker and joined here. */
  private renderVideo(
    run: RenderRun,
    plan: RenderPlan,
    chunks: ChunkRun | null,
    paths: { outPath: string; previews: PreviewPaths },
  ): Promise<RenderVideoResult> {
    const { task, session, progress } = run;
    const { outPath, previews } = paths;
    const timeoutMs = this.deps.config.renderTimeoutMs ?? 60_000 + task.estimatedSeconds * 20_000;
    const onProgress = (fraction: number) => progress.update(fraction * 0.9);
    if (chunks !== null)
      return this.deps.chunks.coordinate({ plan, outPath, previews, workDir: session.workDir, signal: session.signal, timeoutMs, onProgress }, chunks);
    return this.deps.renderer.renderVideo({
      taskId: task.id,
      plan,
      output: task.outputSettings,
      outPath,
      previews,
      signal: session.signal,
      timeoutMs,
      onProgress,
    });
  }

  /** Renders the video with its thumbnail and preview (made in the same run by the compositor, else cut from the video). */
  private async renderFiles(run: RenderRun, plan: RenderPlan, chunks: ChunkRun | null): Promise<RenderedFiles> {
    const { task, session, progress } = run;
    const { workDir, signal } = session;
    const encoding = encodingFor(task.outputSettings);
    const videoPath = join(workDir, `output.${encoding.extension}`);
    const previews = { thumbnailPath: join(workDir, 'thumbnail.jpg'), gifPath: join(workDir, 'preview.gif') };
    const videoStartedAt = Date.now();
    const rendered = await this.renderVideo(run, plan, chunks, { outPath: videoPath, previews });
    run.checkCanceled();
    const videoMs = Date.now() - videoStartedAt;
    const loudness = await this.normalise(run, plan, videoPath);
    void this.deps.metrics.renderFinished({
      engine: rendered.engine,
      width: plan.width,
      height: plan.height,
      frames: plan.durationInFrames,
      seconds: videoMs / 1000,
    });
    const previewsStartedAt = Date.now();
    if (!rendered.previewsMade) {
      await Promise.all([
        thumbnailFromVideo({ videoPath, outPath: previews.thumbnailPath, width: plan.width, durationInFrames: plan.durationInFrames, fps: plan.fps, signal }),
        previewGifFromVideo({ videoPath, outPath: previews.gifPath, width: plan.width, signal }),
      ]);
    }
    progress.tracker.update(1);
    this.deps.logger.info(
      {
        task_id: task.id,
        engine: rendered.engine,
        frames: plan.durationInFrames,
        video_ms: videoMs,
        previews_ms: rendered.previewsMade ? 0 : Date.now() - previewsStartedAt,
        ...loudness,
        ...(rendered.split ? { stills: rendered.split.stills, stills_ms: rendered.split.stillsMs, composite_ms: rendered.split.compositeMs } : {}),
      },
      'render timings',
    );
    return { videoPath, extension: encoding.extension, ...previews };
  }

  /** Normalises the finished video's loudness in place when the output asks for it; what it did, for the log. */
  private async normalise(run: RenderRun, plan: RenderPlan, videoPath: string): Promise<Record<string, unknown>> {
    const loudness = run.task.outputSettings.loudness;
    if (loudness === undefined) return {};
    const startedAt = Date.now();
    const encoding = encodingFor(run.task.outputSettings);
    const outcome = await normaliseLoudness({ path: videoPath, loudness, encoding, plan, signal: run.session.signal });
    run.checkCanceled();
    return {
      loudness_ms: Date.now() - startedAt,
      loudness_lufs: outcome === null ? 'silent' : [outcome.before.integratedLufs, outcome.after.integratedLufs],
      true_peak_db: outcome?.after.truePeakDb,
      loudness_passes: outcome?.passes ?? 0,
    };
  }

  /** Uploads the video, thumbnail and preview one after another, each key noted in `uploaded` before its upload starts. */
  private async upload(run: RenderRun, files: RenderedFiles, uploaded: string[]): Promise<Pick<StoredOutput, 'video' | 'thumbnail' | 'preview'>> {
    const { task, progress } = run;
    const completedAt = Date.now();
    const prefix = `${task.accountId}/${task.id}`;
    const previewsExpireAt = completedAt + PREVIEW_RETENTION_MS;
    let done = 0;
    const put = async (path: string, key: string, contentType: string, expiresAt: number): Promise<StoredFile> => {
      run.checkCanceled();
      uploaded.push(key);
      const { sizeBytes } = await this.deps.storage.put(key, path, contentType).catch((error: unknown) => {
        throw internalFailure('storage', error);
      });
      done += 1;
      progress.update(done / OUTPUT_FILE_COUNT);
      return { key, size_bytes: sizeBytes, expires_at: expiresAt };
    };
    const videoExpiresAt = completedAt + task.retentionHours * 3_600_000;
    return {
      video: await put(files.videoPath, `${prefix}/video.${files.extension}`, VIDEO_CONTENT_TYPE[files.extension], videoExpiresAt),
      thumbnail: await put(files.thumbnailPath, `${prefix}/thumbnail.jpg`, 'image/jpeg', previewsExpireAt),
      preview: await put(files.gifPath, `${prefix}/preview.gif`, 'image/gif', previewsExpireAt),
    };
  }

  private async removeObjects(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.deps.storage.delete(key).catch(() => undefined)));
  }
}
