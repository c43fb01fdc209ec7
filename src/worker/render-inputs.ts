/**
 * What every render of a task starts from, whichever worker runs it and
 * whether it renders the whole timeline or one chunk: the task's media
 * fetched into the render's work dir, and the task's render plan over them.
 */
import { setMaxListeners } from 'node:events';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { runStepsYielding } from '../common/steps';
import type { AppConfig } from '../config/app-config';
import { DownloadBudget } from '../media/download-budget';
import { displaySize } from '../media/ffprobe';
import { downloadsTimedOut } from '../media/media-failures';
import type { FetchedMedia, MediaExpectation, MediaFetcher } from '../media/media-fetcher';
import type { RenderPlan } from '../render/plan/render-plan.types';
import { stopOnAbortOrTimeout } from '../render/render-engine';
import { planTimelineSteps, type MediaKind } from '../render/plan/timeline-planner';
import { parseSubtitleFileAsync, type SubtitleCueMs } from '../subtitles/subtitle-parser';
import { isTranscriptPath, parseTranscript } from '../subtitles/transcript-parser';
import type { TaskEntity } from '../tasks/task.entity';
import type { TrackType } from '../task-input/task-input.types';

/** What each track's clips must fetch; text clips carry their text and fetch nothing. */
const EXPECTATION: Record<Exclude<TrackType, 'text'>, MediaExpectation> = { video: 'visual', audio: 'audio', subtitle: 'subtitle' };

/** The size a picture is shown at, when its probe knows it. */
function shownSize(fetched: FetchedMedia): { width: number; height: number } | undefined {
  const video = fetched.probe?.video;
  return !video || video.width <= 0 || video.height <= 0 ? undefined : displaySize(video);
}

export interface RenderInputsDeps {
  config: AppConfig;
  fetcher: MediaFetcher;
}

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
 * Fetches the task's media into `workDir` (progress 0-1 by clip) and returns the
 * task's render plan, its media served from `baseUrl` (the work dir's media-server URL).
 */
export async function prepareRender(
  deps: RenderInputsDeps,
  task: TaskEntity,
  at: { workDir: string; baseUrl: string },
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<RenderPlan> {
  const media = await download(deps, task, at.workDir, signal, onProgress);
  signal.throwIfAborted();
  return planWith(deps, task, media, at.baseUrl);
}

/**
 * Fetches every clip's media in parallel (the fetcher bounds the parallelism and shares it between accounts),
 * keyed `<track>/<clip>` by index. The downloads stop together: at the first failure, which the task fails with;
 * when the job is aborted (canceled); or at MEDIA_DOWNLOAD_TIMEOUT_MS. Returns once every one has stopped.
 */
async function download(
  deps: RenderInputsDeps,
  task: TaskEntity,
  workDir: string,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<Map<string, FetchedMedia>> {
  const jobs = task.timeline.tracks.flatMap((track, trackIndex) => {
    const type = track.type;
    if (type === 'text') return [];
    return track.clips.map((clip, clipIndex) => ({ key: clipKey(trackIndex, clipIndex), url: clip.media_url, expect: EXPECTATION[type] }));
  });
  const media = new Map<string, FetchedMedia>();
  const budget = new DownloadBudget(deps.config.mediaTaskMaxBytes);
  const timeoutMs = deps.config.mediaDownloadTimeoutMs;
  // One abort for all of them, without a reason: a download another task shares must not fail it with this task's error.
  const downloads = new AbortController();
  // Every waiting download listens to it: one listener per clip (at most MAX_CLIPS), all gone when the phase ends.
  setMaxListeners(0, downloads.signal);
  const stop = stopOnAbortOrTimeout(signal, timeoutMs, () => downloads.abort());
  const failures: unknown[] = []; // at most one: the failure that stopped the others
  // Clips that name the same file share one fetch: it is checked, placed and charged to the budget once.
  const fetches = new Map<string, Promise<FetchedMedia>>();
  const fetchOnce = (job: (typeof jobs)[number]) => {
    const same = `${job.expect} ${job.url}`;
    let fetching = fetches.get(same);
    if (fetching === undefined) {
      fetching = deps.fetcher.fetch({ url: job.url, expect: job.expect, destDir: workDir, signal: downloads.signal, budget, account: task.accountId });
      fetches.set(same, fetching);
    }
    return fetching;
  };
  await Promise.all(
    jobs.map(async (job) => {
      try {
        media.set(job.key, await fetchOnce(job));
        onProgress(media.size / Math.max(1, jobs.length));
      } catch (error) {
        if (downloads.signal.aborted) return;
        failures.push(error);
        downloads.abort();
      }
    }),
  ).finally(() => stop.dispose());
  if (failures.length > 0) throw failures[0];
  const unfinished = jobs.filter((job) => !media.has(job.key));
  if (unfinished.length > 0 && stop.timedOut()) throw downloadsTimedOut(unfinished[0].url, unfinished.length, timeoutMs);
  signal.throwIfAborted();
  return media;
}

/** The render plan of the task, its media served from `baseUrl` and its subtitle files parsed. */
async function planWith(deps: RenderInputsDeps, task: TaskEntity, media: Map<string, FetchedMedia>, baseUrl: string): Promise<RenderPlan> {
  // Parsed here, in slices, so a large subtitle file never holds the event loop (ROLE=all shares it with the API);
  // once per file, however many clips show it (clips of one URL share one fetched file).
  const parsedFiles = new Map<string, { cues: SubtitleCueMs[] }>();
  const subtitleFiles = new Map<string, { cues: SubtitleCueMs[] }>();
  for (const [trackIndex, track] of task.timeline.tracks.entries()) {
    if (track.type !== 'subtitle') continue;
    for (const [clipIndex, clip] of track.clips.entries()) {
      const key = clipKey(trackIndex, clipIndex);
      const path = fetchedAt(media, key).path;
      let parsed = parsedFiles.get(path);
      if (parsed === undefined) {
        const bytes = await readFile(path);
        // The fetcher names a transcript `.json` by its path or its content type.
        const cues = isTranscriptPath(path)
          ? parseTranscript(bytes, clip.media_url, deps.config.subtitleLimits, deps.config.subtitlePlanLimits.maxWords)
          : await parseSubtitleFileAsync(bytes, clip.media_url, deps.config.subtitleLimits);
        parsed = { cues };
        parsedFiles.set(path, parsed);
      }
      subtitleFiles.set(key, parsed);
    }
  }
  return runStepsYielding(
    planTimelineSteps({
      timeline: task.timeline,
      output: task.outputSettings,
      resolveMediaSrc: (trackIndex, clipIndex) => {
        const fetched = fetchedAt(media, clipKey(trackIndex, clipIndex));
        return { src: `${baseUrl}${encodeURIComponent(basename(fetched.path))}`, kind: fetched.kind as MediaKind, size: shownSize(fetched) };
      },
      readSubtitleFile: (trackIndex, clipIndex) => {
        const file = subtitleFiles.get(clipKey(trackIndex, clipIndex));
        if (!file) throw new Error(`subtitle clip ${clipKey(trackIndex, clipIndex)} of ${task.id} was not parsed`);
        return file;
      },
      subtitlePlanLimits: deps.config.subtitlePlanLimits,
    }),
  );
}
