import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Logger } from 'pino';
import { RenderFailure } from '../common/render-failure';
import type { AppConfig } from '../config/app-config';
import { DownloadBudget } from '../media/download-budget';
import { probeMedia } from '../media/ffprobe';
import type { FetchedMedia, MediaExpectation, MediaFetcher } from '../media/media-fetcher';
import { encodingFor, type OutputExtension } from '../render/encoding-settings';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { MediaServer } from '../render/media-server';
import type { RenderEngines } from '../render/render-engines';
import { RenderCancelled } from '../render/render-engine';
import { previewGifFromVideo, thumbnailFromVideo } from '../render/video-previews';
import type { RenderPlan } from '../render/plan/render-plan.types';
import { planTimeline, type MediaKind } from '../render/plan/timeline-planner';
import { parseSubtitleFileAsync, type SubtitleCueMs } from '../subtitles/subtitle-parser';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskLifecycle } from '../tasks/task-lifecycle';
import type { TaskEntity } from '../tasks/task.entity';
import type { PhaseName, StoredFile, StoredOutput } from '../tasks/task.types';
import type { TrackType } from '../tasks/task-input.types';
import { ProgressTracker } from './progress-tracker';

/** Thrown to make Bull try the job again later: the account already runs its allowance of renders. */
export class AccountAtCapacity extends Error {
  constructor(taskId: string) {
    super(`account of ${taskId} is at its concurrent render allowance; waiting`);
    this.name = 'AccountAtCapacity';
  }
}

const EXPECTATION: Record<TrackType, MediaExpectation> = { video: 'visual', audio: 'audio', subtitle: 'subtitle' };
const VIDEO_CONTENT_TYPE = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } as const;
const PREVIEW_RETENTION_MS = 7 * 86_400_000;
const STATUS_POLL_MS = 500;
const PROGRESS_WRITE_MS = 1_000;
/** Video, thumbnail and preview: the upload phase's progress counts them. */
const OUTPUT_FILE_COUNT = 3;

class Canceled extends Error {}

/** A clip's place in the timeline, the key of its fetched media. */
function clipKey(trackIndex: number, clipIndex: number): string {
  return `${trackIndex}/${clipIndex}`;
}

function fetchedAt(media: Map<string, FetchedMedia>, key: string): FetchedMedia {
  const fetched = media.get(key);
  if (!fetched) throw new Error(`no media was fetched for clip ${key}`);
  return fetched;
}

/**
 * Writes a render's progress to its task: at most once a PROGRESS_WRITE_MS,
 * with a progress event when config.progressIntervalMs has passed since the last.
 */
class ProgressWriter {
  private lastWrite = 0;
  private lastEvent: number;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly tracker: ProgressTracker,
    private readonly task: TaskEntity,
    private readonly lifecycle: TaskLifecycle,
    private readonly eventIntervalMs: number,
  ) {
    this.lastEvent = task.startedAt ?? Date.now();
  }

  update(fraction: number): void {
    this.tracker.update(fraction);
    this.report();
  }

  enter(phase: PhaseName): void {
    this.tracker.enter(phase);
    this.report();
  }

  /** Resolves once the writes asked for so far are done (a failed write is dropped). */
  settled(): Promise<void> {
    return this.writing;
  }

  private report(): void {
    const now = Date.now();
    if (now - this.lastWrite < PROGRESS_WRITE_MS) return;
    this.lastWrite = now;
    const emit = now - this.lastEvent >= this.eventIntervalMs;
    if (emit) this.lastEvent = now;
    const snapshot = this.tracker.snapshot();
    this.writing = this.writing.then(() => this.lifecycle.progress(this.task, snapshot, emit)).catch(() => undefined);
  }
}

/** What the steps of one render share. */
interface RenderRun {
  task: TaskEntity;
  workDir: string;
  signal: AbortSignal;
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
  lifecycle: TaskLifecycle;
  fetcher: MediaFetcher;
  renderer: RenderEngines;
  mediaServer: MediaServer;
  storage: OutputStorage;
  metrics: WorkerMetrics;
}

/**
 * One render job: download → render (video, thumbnail, preview) → upload, with
 * progress, cancel (the task's status is polled and the render aborted) and
 * every failure turned into a spec error on the task.
 */
export class RenderProcessor {
  private handingBack = false;
  private readonly running = new Set<AbortController>();

  constructor(private readonly deps: RenderProcessorDeps) {}

  /** Stops every running render; from now on a render that breaks hands its task back instead of failing it. */
  handBack(): void {
    this.handingBack = true;
    for (const abort of this.running) abort.abort();
  }

  async handle(taskId: string): Promise<void> {
    const { lifecycle, workerId, logger } = this.deps;
    const begun = await lifecycle.begin(taskId, workerId);
    if (begun.kind === 'gone') return;
    if (begun.kind === 'busy') throw new AccountAtCapacity(taskId);
    if (begun.kind === 'crashed-too-often') {
      await lifecycle.fail(
        begun.task,
        new RenderFailure('WORKER_CRASHED', `The render was interrupted ${begun.task.renderAttempts} times by worker crashes`, true),
      );
      return;
    }
    const task = begun.task;
    logger.info({ task_id: task.id, attempt: task.renderAttempts }, 'render started');
    const workDir = join(this.deps.config.dataDir, 'work', task.id);
    const token = randomUUID();
    const abort = new AbortController();
    this.running.add(abort);
    let canceled = false;
    const poll = setInterval(() => {
      void lifecycle
        .status(task.id)
        .then((status) => {
          if (status !== 'processing' && !canceled) {
            canceled = true;
            abort.abort();
          }
        })
        .catch(() => undefined);
    }, STATUS_POLL_MS);
    const uploaded: string[] = [];
    try {
      await rm(workDir, { recursive: true, force: true });
      await mkdir(workDir, { recursive: true });
      const baseUrl = this.deps.mediaServer.register(token, workDir);
      const output = await this.render(task, workDir, baseUrl, abort.signal, uploaded, () => canceled);
      if (!(await lifecycle.complete(task, output.stored, output.phases))) await this.removeObjects(uploaded);
      else logger.info({ task_id: task.id }, 'render completed');
    } catch (error) {
      await this.removeObjects(uploaded);
      if (this.handingBack) throw new HandedBack(task.id);
      if (canceled || error instanceof Canceled || error instanceof RenderCancelled) {
        logger.info({ task_id: task.id }, 'render stopped: task canceled');
        return;
      }
      const failure =
        error instanceof RenderFailure ? error : new RenderFailure('RENDER_FAILED', `The render failed: ${(error as Error).message}`.slice(0, 500), true);
      if (!(error instanceof RenderFailure)) logger.error({ task_id: task.id, err: error }, 'render crashed');
      await lifecycle.fail(task, failure);
    } finally {
      this.running.delete(abort);
      clearInterval(poll);
      this.deps.mediaServer.unregister(token);
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async render(
    task: TaskEntity,
    workDir: string,
    baseUrl: string,
    signal: AbortSignal,
    uploaded: string[],
    isCanceled: () => boolean,
  ): Promise<{ stored: StoredOutput; phases: ReturnType<ProgressTracker['snapshot']>['phases'] }> {
    const { config, lifecycle } = this.deps;
    // A re-run after a crash starts over, but the reported percentage holds at what clients already saw.
    const progress = new ProgressWriter(new ProgressTracker(Date.now, task.progressPercentage), task, lifecycle, config.progressIntervalMs);
    const run: RenderRun = {
      task,
      workDir,
      signal,
      progress,
      checkCanceled: () => {
        if (isCanceled()) throw new Canceled();
      },
    };
    const media = await this.download(task, workDir, signal, (fraction) => progress.update(fraction));
    run.checkCanceled();
    const plan = await this.planWith(task, media, baseUrl);
    progress.enter('render');
    const files = await this.renderFiles(run, plan);
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

  /** The render plan of the task, its media served from `baseUrl` and its subtitle files parsed. */
  private async planWith(task: TaskEntity, media: Map<string, FetchedMedia>, baseUrl: string): Promise<RenderPlan> {
    // Parsed here, in slices, so a large subtitle file never holds the event loop (ROLE=all shares it with the API).
    const subtitleFiles = new Map<string, { cues: SubtitleCueMs[] }>();
    for (const [trackIndex, track] of task.timeline.tracks.entries()) {
      if (track.type !== 'subtitle') continue;
      for (const [clipIndex, clip] of track.clips.entries()) {
        const key = clipKey(trackIndex, clipIndex);
        const content = await readFile(fetchedAt(media, key).path);
        subtitleFiles.set(key, { cues: await parseSubtitleFileAsync(content, clip.media_url, this.deps.config.subtitleLimits) });
      }
    }
    return planTimeline({
      timeline: task.timeline,
      output: task.outputSettings,
      resolveMediaSrc: (trackIndex, clipIndex) => {
        const fetched = fetchedAt(media, clipKey(trackIndex, clipIndex));
        return { src: `${baseUrl}${encodeURIComponent(basename(fetched.path))}`, kind: fetched.kind as MediaKind };
      },
      readSubtitleFile: (trackIndex, clipIndex) => {
        const file = subtitleFiles.get(clipKey(trackIndex, clipIndex));
        if (!file) throw new Error(`subtitle clip ${clipKey(trackIndex, clipIndex)} of ${task.id} was not parsed`);
        return file;
      },
    });
  }

  /** Renders the video with its thumbnail and preview (made in the same run by the compositor, else cut from the video). */
  private async renderFiles(run: RenderRun, plan: RenderPlan): Promise<RenderedFiles> {
    const { task, workDir, signal, progress } = run;
    const encoding = encodingFor(task.outputSettings);
    const videoPath = join(workDir, `output.${encoding.extension}`);
    const previews = { thumbnailPath: join(workDir, 'thumbnail.jpg'), gifPath: join(workDir, 'preview.gif') };
    const timeoutMs = this.deps.config.renderTimeoutMs ?? 60_000 + task.estimatedSeconds * 20_000;
    const videoStartedAt = Date.now();
    const rendered = await this.deps.renderer.renderVideo({
      taskId: task.id,
      plan,
      output: task.outputSettings,
      outPath: videoPath,
      previews,
      signal,
      timeoutMs,
      onProgress: (fraction) => progress.update(fraction * 0.9),
    });
    run.checkCanceled();
    const videoMs = Date.now() - videoStartedAt;
    void this.deps.metrics.renderFinished({
      engine: rendered.engine,
      width: plan.width,
      height: plan.height,
      frames: plan.durationInFrames,
      seconds: videoMs / 1000,
    });
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
        previews_ms: rendered.previewsMade ? 0 : Date.now() - videoStartedAt - videoMs,
        ...(rendered.split ? { stills: rendered.split.stills, stills_ms: rendered.split.stillsMs, composite_ms: rendered.split.compositeMs } : {}),
      },
      'render timings',
    );
    return { videoPath, extension: encoding.extension, ...previews };
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
      const { sizeBytes } = await this.deps.storage.put(key, path, contentType);
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

  /** Fetches every clip's media in parallel (the fetcher bounds the parallelism), keyed `<track>/<clip>` by index. */
  private async download(task: TaskEntity, workDir: string, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<Map<string, FetchedMedia>> {
    const jobs = task.timeline.tracks.flatMap((track, trackIndex) =>
      track.clips.map((clip, clipIndex) => ({ key: clipKey(trackIndex, clipIndex), url: clip.media_url, expect: EXPECTATION[track.type] })),
    );
    const media = new Map<string, FetchedMedia>();
    const budget = new DownloadBudget(this.deps.config.mediaTaskMaxBytes);
    let done = 0;
    await Promise.all(
      jobs.map(async (job) => {
        const fetched = await this.deps.fetcher.fetch({ url: job.url, expect: job.expect, destDir: workDir, signal, budget });
        media.set(job.key, fetched);
        done += 1;
        onProgress(done / Math.max(1, jobs.length));
      }),
    );
    return media;
  }

  private async removeObjects(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.deps.storage.delete(key).catch(() => undefined)));
  }
}
