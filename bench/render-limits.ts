/**
 * bench:render --limits — memory and disk at the edges of what the service
 * renders (issue 40): each timeline once, through the real service (ROLE=all,
 * RENDER_ENGINE=auto), started afresh for each so no render inherits another's
 * heap:
 *   4k        3840x2160 30 fps 30 s, the reference timeline (standard model)
 *   8k        7680x4320 30 fps 10 s, the reference timeline (premium model)
 *   360p-1m   640x360 30 fps 1 minute: a picture, a music track, one subtitle cue a second
 *   360p-60m  the same for 60 minutes (3,600 cues)
 * The reference media are made at the 1080p reference's size (a 2160x1620 video,
 * scaled up by `cover`): the bounds are about the canvas, and a native 8K source
 * would take longer to make than to render.
 * For each: wall time (POST → completed), peak RSS of the service's process tree,
 * peak temporary disk (the size of DATA_DIR/work and of the service's TMPDIR, where its
 * worker's temporary area is, sampled every 250 ms), the output's
 * and the inputs' size; then the checks: RSS <= 2 GiB at 4K, <= 4 GiB at 8K,
 * 60-minute RSS within 10 % of the 1-minute one, temporary disk <= 2x (output + inputs).
 *   node dist/bench/render.js --limits [--only=4k,8k,360p-1m,360p-60m]
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaServer } from '../src/render/media-server';
import type { CreateTaskInput } from '../src/task-input/task-input.types';
import { formatTable, log, machineInfo, saveResults, type Cell } from './support/bench-report';
import { DiskUsageSampler } from './support/disk-usage';
import { HttpsJson } from './support/https-json';
import { RssSampler } from './support/process-tree';
import {
  generateMusic,
  generatePicture,
  generateReferenceMedia,
  referenceTaskBody,
  srtTime,
  taskOutput,
  type ReferenceSize,
} from './support/reference-timeline';
import { issueKey, prepareService, removeDir, startService, type PreparedService } from './support/service-process';
import { waitForCompletion } from './support/task-wait';
import { WebhookSink } from './support/webhook-sink';

const POLL_MS = 500;
const MIB = 1024 * 1024;
/** The media of both reference timelines: the 1080p reference's, long enough for the 4K one. */
const REFERENCE_MEDIA: ReferenceSize = { width: 1920, height: 1080, fps: 30, seconds: 30 };
const LONG_FILES = { picture: 'picture.png', music: 'music.m4a', cues: 'cues.srt' } as const;

type MediaSet = 'reference' | 'long';

interface LimitTimeline {
  name: string;
  size: ReferenceSize;
  model: 'standard' | 'premium';
  media: MediaSet;
  /** The peak RSS of the service's tree this timeline must stay within, in MiB. */
  rssLimitMiB: number | null;
}

const TIMELINES: LimitTimeline[] = [
  { name: '4k', size: { width: 3840, height: 2160, fps: 30, seconds: 30 }, model: 'standard', media: 'reference', rssLimitMiB: 2048 },
  { name: '8k', size: { width: 7680, height: 4320, fps: 30, seconds: 10 }, model: 'premium', media: 'reference', rssLimitMiB: 4096 },
  { name: '360p-1m', size: { width: 640, height: 360, fps: 30, seconds: 60 }, model: 'standard', media: 'long', rssLimitMiB: null },
  { name: '360p-60m', size: { width: 640, height: 360, fps: 30, seconds: 3600 }, model: 'standard', media: 'long', rssLimitMiB: null },
];

interface LimitResult {
  timeline: LimitTimeline;
  /** Why it did not complete; the other fields are then what was measured until then. */
  failure: string | null;
  seconds: number;
  peakRssMiB: number;
  /** Each command's RSS at that peak (node, chromium-headless-shell, ffmpeg…), in MiB. */
  peakRssByCommandMiB: Record<string, number>;
  /** The tree's PSS at that peak, in MiB: shared pages counted once (see TreeRss.pss). */
  pssAtPeakMiB: number;
  peakTempBytes: number;
  outputBytes: number | null;
  inputBytes: number;
}

/** The long timelines' media for `seconds`: a picture, a music track and one subtitle cue a second. */
function generateLongMedia(dir: string, seconds: number): void {
  generatePicture(join(dir, LONG_FILES.picture));
  generateMusic(join(dir, LONG_FILES.music), seconds);
  const cues = Array.from({ length: seconds }, (_, i) => `${i + 1}\n${srtTime(i * 1000)} --> ${srtTime(i * 1000 + 900)}\nCue number ${i + 1} of ${seconds}\n`);
  writeFileSync(join(dir, LONG_FILES.cues), cues.join('\n'));
}

function longTaskBody(size: ReferenceSize, mediaBase: string, webhookUrl: string): CreateTaskInput {
  const ms = size.seconds * 1000;
  const clip = (id: string, file: string, properties: object) => ({ id, media_url: `${mediaBase}${file}`, start_time_ms: 0, end_time_ms: ms, properties });
  return {
    input: {
      timeline: {
        duration_ms: ms,
        tracks: [
          { id: 'picture', type: 'video', clips: [clip('picture', LONG_FILES.picture, { fit: 'cover' })] },
          { id: 'music', type: 'audio', clips: [clip('song', LONG_FILES.music, { volume: 0.8 })] },
          { id: 'captions', type: 'subtitle', clips: [clip('en', LONG_FILES.cues, { preset: 'youtube' })] },
        ],
      },
      output: taskOutput(size),
    },
    webhook: { url: webhookUrl, events: ['task.completed', 'task.failed'] },
  };
}

/** Sum of the sizes of the files in `dir`: what a render of its timeline downloads. */
function filesBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

interface Run {
  prepared: PreparedService;
  /** The service's TMPDIR: Remotion and Chromium write there (into the worker's temporary area). */
  tempDir: string;
  client: HttpsJson;
  sink: WebhookSink;
  /** The media folder and its URL for each timeline. */
  media: Map<string, { dir: string; base: string }>;
}

async function runTimeline(run: Run, timeline: LimitTimeline): Promise<LimitResult> {
  const media = run.media.get(timeline.name);
  if (media === undefined) throw new Error(`no media made for ${timeline.name}`);
  log(`${timeline.name}: starting the service`);
  const service = await startService(run.prepared, 'all');
  const rss = new RssSampler(() => service.pid);
  const disk = new DiskUsageSampler([join(run.prepared.dataDir, 'work'), run.tempDir]);
  const body =
    timeline.media === 'reference' ? referenceTaskBody(timeline.size, media.base, run.sink.url) : longTaskBody(timeline.size, media.base, run.sink.url);
  const started = performance.now();
  rss.start();
  disk.start();
  let failure: string | null = null;
  let outputBytes: number | null = null;
  try {
    const created = await run.client.expect<{ task_id: string }>(201, 'POST', '/v3/tasks', { ...body, model: timeline.model });
    log(`${timeline.name}: ${created.task_id} created`);
    outputBytes = (await waitForCompletion(run.client, created.task_id, POLL_MS)).output?.file_size_bytes ?? null;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const seconds = (performance.now() - started) / 1000;
  const { peakMiB, byCommandMiB, pssAtPeakMiB } = rss.stopInMiB();
  const result = {
    timeline,
    failure,
    seconds,
    peakRssMiB: peakMiB,
    peakRssByCommandMiB: byCommandMiB,
    pssAtPeakMiB,
    peakTempBytes: disk.stop(),
    outputBytes,
    inputBytes: filesBytes(media.dir),
  };
  await service.stop();
  log(
    `${timeline.name}: ${failure ?? 'completed'} in ${seconds.toFixed(1)} s, peak RSS ${result.peakRssMiB} MiB ` +
      `(${Object.entries(byCommandMiB)
        .map(([command, mib]) => `${command} ${mib}`)
        .join(', ')}; PSS ${pssAtPeakMiB}), ` +
      `peak temporary disk ${(result.peakTempBytes / MIB).toFixed(1)} MiB, output ${((outputBytes ?? 0) / MIB).toFixed(1)} MiB`,
  );
  return result;
}

/** Makes each timeline's media and serves them; the two reference timelines share theirs. */
function makeMedia(root: string, timelines: LimitTimeline[], mediaServer: MediaServer): Map<string, { dir: string; base: string }> {
  const made = new Map<string, { dir: string; base: string }>();
  const mediaOf = (timeline: LimitTimeline) => {
    const key = timeline.media === 'reference' ? 'reference' : `long-${timeline.size.seconds}`;
    const known = made.get(key);
    if (known !== undefined) return known;
    const dir = join(root, key);
    mkdirSync(dir);
    log(`generating the media of ${timeline.name} in ${dir}`);
    if (timeline.media === 'reference') generateReferenceMedia(dir, REFERENCE_MEDIA);
    else generateLongMedia(dir, timeline.size.seconds);
    const media = { dir, base: mediaServer.register(key, dir) };
    made.set(key, media);
    return media;
  };
  return new Map(timelines.map((timeline) => [timeline.name, mediaOf(timeline)]));
}

interface Check {
  what: string;
  met: boolean;
}

function checksOf(results: LimitResult[]): Check[] {
  const checks: Check[] = [];
  for (const { timeline, failure, peakRssMiB, peakTempBytes, outputBytes, inputBytes } of results) {
    if (failure !== null) {
      checks.push({ what: `${timeline.name} completes (${failure})`, met: false });
      continue;
    }
    if (timeline.rssLimitMiB !== null)
      checks.push({ what: `${timeline.name}: peak RSS ${peakRssMiB} MiB <= ${timeline.rssLimitMiB} MiB`, met: peakRssMiB <= timeline.rssLimitMiB });
    const bound = 2 * ((outputBytes ?? 0) + inputBytes);
    checks.push({
      what: `${timeline.name}: peak temporary disk ${(peakTempBytes / MIB).toFixed(1)} MiB <= 2 x (output + inputs) = ${(bound / MIB).toFixed(1)} MiB`,
      met: peakTempBytes <= bound,
    });
  }
  const completed = (name: string) => results.find((r) => r.timeline.name === name && r.failure === null);
  const [short, long] = [completed('360p-1m'), completed('360p-60m')];
  if (short !== undefined && long !== undefined) {
    const ratio = long.peakRssMiB / short.peakRssMiB;
    checks.push({ what: `360p peak RSS 60 minutes / 1 minute = ${ratio.toFixed(3)} (within 10 %)`, met: Math.abs(ratio - 1) <= 0.1 });
  }
  return checks;
}

export async function limitsBench(argv: string[]): Promise<void> {
  const onlyArg = argv.find((arg) => arg.startsWith('--only='));
  const unknown = argv.filter((arg) => arg !== onlyArg);
  if (unknown.length > 0) throw new Error(`unknown option ${unknown[0]} (accepted: --only=${TIMELINES.map((t) => t.name).join(',')})`);
  const only = onlyArg?.slice('--only='.length).split(',') ?? null;
  const chosen = TIMELINES.filter((t) => only === null || only.includes(t.name));
  const strange = only?.filter((name) => !TIMELINES.some((t) => t.name === name)) ?? [];
  if (chosen.length === 0 || strange.length > 0) throw new Error(`--only names timelines of ${TIMELINES.map((t) => t.name).join(', ')}; got ${onlyArg}`);

  const root = mkdtempSync(join(tmpdir(), 'rs-bench-limits-'));
  const tempDir = mkdtempSync(join(tmpdir(), 'rs-bench-limits-tmp-'));
  // The browser may run as CHROMIUM_USER: it must reach the worker's temporary area inside.
  chmodSync(tempDir, 0o755);
  const mediaServer = new MediaServer();
  await mediaServer.start();
  const prepared = await prepareService({ TMPDIR: tempDir });
  const sink = await WebhookSink.start(prepared.certPath, prepared.keyPath);
  const key = await issueKey(prepared, { account: 'bench-limits', tier: 'pro', rateLimitPerMinute: 1_000_000, monthlyRenders: 1_000_000 });
  const client = new HttpsJson(prepared.baseUrl, prepared.ca, key);
  const results: LimitResult[] = [];
  try {
    const run: Run = { prepared, tempDir, client, sink, media: makeMedia(root, chosen, mediaServer) };
    for (const timeline of chosen) results.push(await runTimeline(run, timeline));
  } finally {
    client.close();
    await sink.close();
    await mediaServer.stop();
    removeDir(prepared.dataDir);
    removeDir(tempDir);
    rmSync(root, { recursive: true, force: true });
  }

  const out = process.stdout;
  const mib = (bytes: number | null) => (bytes === null ? null : bytes / MIB);
  const rows: Cell[][] = results.map(({ timeline, failure, seconds, peakRssMiB, pssAtPeakMiB, peakTempBytes, outputBytes, inputBytes }) => [
    timeline.name,
    `${timeline.size.width}x${timeline.size.height}`,
    timeline.size.seconds,
    timeline.model,
    failure === null ? 'completed' : 'FAILED',
    seconds,
    peakRssMiB,
    pssAtPeakMiB,
    mib(peakTempBytes),
    mib(outputBytes),
    mib(inputBytes),
  ]);
  out.write('\nbench:render --limits — one render each, the service started afresh for each\n\n');
  out.write(
    `${formatTable(['timeline', 'size', 'seconds', 'model', 'status', 'wall s', 'peak RSS MiB', 'PSS at peak MiB', 'peak temp disk MiB', 'output MiB', 'inputs MiB'], rows)}\n\n`,
  );
  const checks = checksOf(results);
  for (const check of checks) out.write(`${check.met ? 'met' : 'NOT met'}: ${check.what}\n`);
  const path = saveResults('render-limits', { date: new Date().toISOString(), machine: machineInfo(), timelines: chosen, results, checks });
  out.write(`saved ${path}\n`);
}
