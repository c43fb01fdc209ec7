import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Logger } from 'pino';
import { RenderFailure } from '../common/render-failure';
import type { AppConfig } from '../config/app-config';
import { DownloadBudget } from '../media/download-budget';
import { probeMedia } from '../media/ffprobe';
import type { FetchedMedia, MediaExpectation, MediaFetcher } from '../media/media-fetcher';
import { encodingFor } from '../render/encoding-settings';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { MediaServer } from '../render/media-server';
import type { RenderEngines } from '../render/render-engines';
import { RenderCancelled } from '../render/render-engine';
import { previewGifFromVideo, thumbnailFromVideo } from '../render/video-previews';
import { planTimeline, type MediaKind } from '../render/plan/timeline-planner';
import { parseSubtitleFileAsync, type SubtitleCueMs } from '../subtitles/subtitle-parser';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskLifecycle } from '../tasks/task-lifecycle';
import type { TaskEntity } from '../tasks/task.entity';
import type { StoredOutput } from '../tasks/task.types';
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

class Canceled extends Error {}

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
      void lifecycle.status(task.id).then((status) => {
        if (status !== 'processing' && !canceled) {
          canceled = true;
          abort.abort();
        }
      }).catch(() => undefined);
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
      const failure = error instanceof RenderFailure ? error : new RenderFailure('RENDER_FAILED', `The render failed: ${(error as Error).message}`.slice(0, 500), true);
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
    const { config, lifecycle, renderer, storage } = this.deps;
    // A re-run after a crash starts over, but the reported percentage holds at what clients already saw.
    const tracker = new ProgressTracker(Date.now, task.progressPercentage);
    let lastWrite = 0;
    let lastEvent = task.startedAt ?? Date.now();
    let writing: Promise<void> = Promise.resolve();
    const report = () => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      const emit = now - lastEvent >= config.progressIntervalMs;
      if (emit) lastEvent = now;
      const snapshot = tracker.snapshot();
      writing = writing.then(() => lifecycle.progress(task, snapshot, emit)).catch(() => undefined);
    };
    const checkCanceled = () => {
      if (isCanceled()) throw new Canceled();
    };

    // download
    const media = await this.download(task, workDir, signal, (fraction) => {
      tracker.update(fraction);
      report();
    });
    checkCanceled();
    // Parsed here, in slices, so a large subtitle file never holds the event loop (ROLE=all shares it with the API).
    const subtitleFiles = new Map<string, { cues: SubtitleCueMs[] }>();
    for (const [trackIndex, track] of task.timeline.tracks.entries()) {
      if (track.type !== 'subtitle') continue;
      for (const [clipIndex, clip] of track.clips.entries()) {
        const key = `${trackIndex}/${clipIndex}`;
        const content = await readFile(media.get(key)!.path);
        subtitleFiles.set(key, { cues: await parseSubtitleFileAsync(content, clip.media_url, config.subtitleLimits) });
      }
    }
    const plan = planTimeline({
      timeline: task.timeline,
      output: task.outputSettings,
      resolveMediaSrc: (trackIndex, clipIndex) => {
        const fetched = media.get(`${trackIndex}/${clipIndex}`)!;
        return { src: `${baseUrl}${encodeURIComponent(basename(fetched.path))}`, kind: fetched.kind as MediaKind };
      },
      readSubtitleFile: (trackIndex, clipIndex) => subtitleFiles.get(`${trackIndex}/${clipIndex}`)!,
    });

    // render: the video with its thumbnail and preview (made in the same run by the compositor, else cut from the video)
    tracker.enter('render');
    report();
    const encoding = encodingFor(task.outputSettings);
    const videoPath = join(workDir, `output.${encoding.extension}`);
    const previews = { thumbnailPath: join(workDir, 'thumbnail.jpg'), gifPath: join(workDir, 'preview.gif') };
    const timeoutMs = config.renderTimeoutMs ?? 60_000 + task.estimatedSeconds * 20_000;
    const videoStartedAt = Date.now();
    const rendered = await renderer.renderVideo({
      taskId: task.id,
      plan,
      output: task.outputSettings,
      outPath: videoPath,
      previews,
      signal,
      timeoutMs,
      onProgress: (fraction) => {
        tracker.update(fraction * 0.9);
        report();
      },
    });
    checkCanceled();
    const videoMs = Date.now() - videoStartedAt;
    void this.deps.metrics.renderFinished({ engine: rendered.engine, width: plan.width, height: plan.height, frames: plan.durationInFrames, seconds: videoMs / 1000 });
    if (!rendered.previewsMade) {
      await Promise.all([
        thumbnailFromVideo({ videoPath, outPath: previews.thumbnailPath, width: plan.width, durationInFrames: plan.durationInFrames, fps: plan.fps, signal }),
        previewGifFromVideo({ videoPath, outPath: previews.gifPath, width: plan.width, signal }),
      ]);
    }
    tracker.update(1);
    this.deps.logger.info(
      {
        task_id: task.id, engine: rendered.engine, frames: plan.durationInFrames, video_ms: videoMs,
        previews_ms: rendered.previewsMade ? 0 : Date.now() - videoStartedAt - videoMs,
        ...(rendered.split ? { stills: rendered.split.stills, stills_ms: rendered.split.stillsMs, composite_ms: rendered.split.compositeMs } : {}),
      },
      'render timings',
    );
    const probe = await probeMedia(videoPath);
    checkCanceled();

    // upload
    tracker.enter('upload');
    report();
    const completedAt = Date.now();
    const prefix = `${task.accountId}/${task.id}`;
    const files = [
      { kind: 'video', path: videoPath, key: `${prefix}/video.${encoding.extension}`, type: VIDEO_CONTENT_TYPE[encoding.extension], expires: completedAt + task.retentionHours * 3_600_000 },
      { kind: 'thumbnail', path: previews.thumbnailPath, key: `${prefix}/thumbnail.jpg`, type: 'image/jpeg', expires: completedAt + PREVIEW_RETENTION_MS },
      { kind: 'preview', path: previews.gifPath, key: `${prefix}/preview.gif`, type: 'image/gif', expires: completedAt + PREVIEW_RETENTION_MS },
    ] as const;
    const stored: Partial<Record<'video' | 'thumbnail' | 'preview', { key: string; size_bytes: number; expires_at: number }>> = {};
    for (const [index, file] of files.entries()) {
      checkCanceled();
      uploaded.push(file.key);
      const { sizeBytes } = await storage.put(file.key, file.path, file.type);
      stored[file.kind] = { key: file.key, size_bytes: sizeBytes, expires_at: file.expires };
      tracker.update((index + 1) / files.length);
      report();
    }
    tracker.finish();
    await writing;
    return {
      stored: {
        video: stored.video!,
        thumbnail: stored.thumbnail!,
        preview: stored.preview!,
        duration_ms: Math.round(probe.durationMs ?? task.timeline.duration_ms),
        resolution: { width: probe.video?.width ?? task.outputSettings.width, height: probe.video?.height ?? task.outputSettings.height },
        format: task.outputSettings.format,
      },
      phases: tracker.snapshot().phases,
    };
  }

  /** Fetches every clip's media in parallel (the fetcher bounds the parallelism), keyed `<track>/<clip>` by index. */
  private async download(task: TaskEntity, workDir: string, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<Map<string, FetchedMedia>> {
    const jobs = task.timeline.tracks.flatMap((track, trackIndex) =>
      track.clips.map((clip, clipIndex) => ({ key: `${trackIndex}/${clipIndex}`, url: clip.media_url, expect: EXPECTATION[track.type] })),
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
