import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaServer } from '../src/render/media-server';
import { parseBenchArgs } from './support/bench-args';
import { formatTable, log, machineInfo, median, percentile, saveResults, type Cell } from './support/bench-report';
import { HttpsJson } from './support/https-json';
import { issueKey, prepareService, removeDir, startService } from './support/service-process';
import { WebhookSink } from './support/webhook-sink';

/**
 * bench:queue — what the queue adds around a render, with the service as a
 * child process (ROLE=all, one worker, WORKER_CONCURRENCY=1):
 *  1. worker start-up: spawn → API listening and → "worker ready" (browser open);
 *  2. idle latency: POST → started for tiny real renders (64x64, 1 frame) sent
 *     one at a time to an idle worker (server timestamps and task.started events);
 *  3. backlog drain: while a long blocker render keeps the worker busy, N tasks
 *     are queued whose media URL answers 404, so each is started and fails at
 *     download within milliseconds; then the blocker is canceled and the backlog
 *     drains. Drain rate, per-task time and the gap between one task's end and
 *     the next one's start measure the queue and lifecycle, not rendering.
 *  4. small tasks: 60 short-form tasks (1 s, 320x180, 15 fps) posted at once, of
 *     one PNG, of one video (neither needs the browser), and of a video with a
 *     subtitle cue: drain time and seconds per task.
 *  5. template batches: tiny renders (as in 2) created one request each, then the
 *     same number from a template in batches of 100: machine time per task each way.
 *   node dist/bench/queue.js [--quick] [--tasks N] [--runs N]
 */
const POLL_MS = 50;
const CREATE_PARALLEL = 10;
/** Short-form users send these by the hundred: issue 22 measured 60 of them at 1.6 s each. */
const SMALL_TASKS = 60;

interface TaskRecord {
  task_id: string;
  status: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  failed_at: string | null;
  canceled_at: string | null;
  error: { code?: string } | null;
  progress?: { phases?: Record<string, { duration_seconds?: number }> };
}

const TERMINAL = new Set(['completed', 'failed', 'canceled']);
const ms = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

function body(mediaUrl: string, webhookUrl: string, durationMs: number): Record<string, unknown> {
  return {
    input: {
      timeline: {
        duration_ms: durationMs,
        tracks: [{ id: 'main', type: 'video', clips: [{ id: 'still', media_url: mediaUrl, start_time_ms: 0, end_time_ms: durationMs }] }],
      },
      output: { resolution: { width: 64, height: 64 }, framerate: 30, quality: 'draft' },
    },
    webhook: { url: webhookUrl, events: ['task.started'] },
  };
}

async function waitFor(client: HttpsJson, taskId: string, done: (task: TaskRecord) => boolean, timeoutMs = 600_000): Promise<TaskRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await client.expect<TaskRecord>(200, 'GET', `/v3/tasks/${taskId}`);
    if (done(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function idleLatency(client: HttpsJson, sink: WebhookSink, imageUrl: string, count: number) {
  const rows: Array<{ created_to_started_ms: number; created_to_event_ms: number; created_to_completed_ms: number }> = [];
  for (let i = 0; i < count; i++) {
    const created = await client.expect<{ task_id: string }>(201, 'POST', '/v3/tasks', body(imageUrl, sink.url, 34));
    const task = await waitFor(client, created.task_id, (t) => TERMINAL.has(t.status));
    if (task.status !== 'completed') throw new Error(`tiny render ${task.status}: ${JSON.stringify(task.error)}`);
    let event = sink.events.find((e) => e.task_id === task.task_id && e.event === 'task.started');
    for (let wait = 0; !event && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      event = sink.events.find((e) => e.task_id === task.task_id && e.event === 'task.started');
    }
    rows.push({
      created_to_started_ms: ms(task.started_at) - ms(task.created_at),
      created_to_event_ms: event ? ms(event.timestamp) - ms(task.created_at) : Number.NaN,
      created_to_completed_ms: ms(task.completed_at) - ms(task.created_at),
    });
    log(`idle task ${i + 1}/${count}: created→started ${rows[i].created_to_started_ms} ms, created→completed ${rows[i].created_to_completed_ms} ms`);
  }
  return rows;
}

async function createMany(client: HttpsJson, count: number, make: () => Record<string, unknown>): Promise<{ ids: string[]; seconds: number }> {
  const ids: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CREATE_PARALLEL }, async () => {
      while (next < count) {
        next++;
        ids.push((await client.expect<{ task_id: string }>(201, 'POST', '/v3/tasks', make())).task_id);
      }
    }),
  );
  return { ids, seconds: (performance.now() - started) / 1000 };
}

async function backlogDrain(client: HttpsJson, sink: WebhookSink, imageUrl: string, missingUrl: string, count: number) {
  // The blocker: a 64x64 still long enough to outlast the creates; canceled once they are in. An hour,
  // the standard model's longest: the compositor draws a still at thousands of frames a second.
  const blocker = await client.expect<{ task_id: string }>(201, 'POST', '/v3/tasks', body(imageUrl, sink.url, 3_600_000));
  await waitFor(client, blocker.task_id, (t) => t.status !== 'queued');
  const created = await createMany(client, count, () => body(missingUrl, sink.url, 1000));
  log(`queued ${count} no-op tasks in ${created.seconds.toFixed(1)} s behind the blocker; canceling it`);
  await client.expect(200, 'DELETE', `/v3/tasks/${blocker.task_id}`);
  const blockerDone = await waitFor(client, blocker.task_id, (t) => TERMINAL.has(t.status));
  const tasks: TaskRecord[] = [];
  for (const id of created.ids) tasks.push(await waitFor(client, id, (t) => TERMINAL.has(t.status)));
  const notFailedAtDownload = tasks.filter((t) => t.status !== 'failed' || t.error?.code !== 'MEDIA_DOWNLOAD_FAILED');
  if (notFailedAtDownload.length > 0) throw new Error(`${notFailedAtDownload.length} no-op tasks ended otherwise: ${JSON.stringify(notFailedAtDownload[0])}`);
  const byStart = [...tasks].sort((a, b) => ms(a.started_at) - ms(b.started_at));
  const firstStart = ms(byStart[0].started_at);
  const lastEnd = Math.max(...tasks.map((t) => ms(t.failed_at)));
  const gaps = byStart.slice(1).map((t, i) => ms(t.started_at) - ms(byStart[i].failed_at));
  const perTask = tasks.map((t) => ms(t.failed_at) - ms(t.started_at));
  return {
    tasks: count,
    create_seconds: created.seconds,
    create_per_s: count / created.seconds,
    blocker_canceled_to_first_start_ms: firstStart - ms(blockerDone.canceled_at),
    drain_seconds: (lastEnd - firstStart) / 1000,
    drain_per_s: count / ((lastEnd - firstStart) / 1000),
    per_task_ms_p50: median(perTask),
    per_task_ms_p99: percentile(perTask, 99),
    gap_ms_p50: median(gaps),
    gap_ms_p99: percentile(gaps, 99),
  };
}

/** What a small task shows: one PNG, one video clip, or the clip and a subtitle cue. */
type SmallKind = 'image' | 'video' | 'video+cue';

const SMALL_KIND_LABEL: Record<SmallKind, string> = { image: 'one PNG: no browser', video: 'video only: no browser', 'video+cue': 'video + subtitle cue' };
/** Issue 40's bound on the machine time per small task, by kind (seconds). */
const SMALL_KIND_TARGET: Record<SmallKind, number> = { image: 0.5, video: 0.4, 'video+cue': 0.7 };

/** A short-form task: 1 s at 320x180 15 fps of one PNG or of a real clip, with one subtitle cue for 'video+cue'. */
function smallTaskBody(mediaBase: string, webhookUrl: string, kind: SmallKind): Record<string, unknown> {
  const media = kind === 'image' ? 'picture.png' : 'clip.mp4';
  const tracks: unknown[] = [{ id: 'main', type: 'video', clips: [{ id: 'clip', media_url: `${mediaBase}${media}`, start_time_ms: 0, end_time_ms: 1000 }] }];
  if (kind === 'video+cue')
    tracks.push({ id: 'subs', type: 'subtitle', clips: [{ id: 'cue', media_url: `${mediaBase}cue.srt`, start_time_ms: 0, end_time_ms: 1000 }] });
  return {
    input: { timeline: { duration_ms: 1000, tracks }, output: { resolution: { width: 320, height: 180 }, framerate: 15 } },
    webhook: { url: webhookUrl, events: ['task.completed'] },
  };
}

/**
 * The worker's 'render timings' line of each task in `ids` (stills drawn by the browser and the ffmpeg run's share),
 * with the child processes its 'render completed' line counts.
 */
function renderTimings(logPath: string, ids: string[]): Array<Record<string, number>> {
  const byTask = new Map<string, Record<string, number>>(ids.map((id) => [id, {}]));
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.includes('render timings') && !line.includes('render completed')) continue;
    const { task_id: taskId, ...fields } = JSON.parse(line) as Record<string, number> & { task_id: string };
    const task = byTask.get(taskId);
    if (task !== undefined) Object.assign(task, fields);
  }
  return [...byTask.values()];
}

/**
 * Per-task medians (ms) of the service's own split: download and upload from the task's phases, the browser's
 * stills, the composite (ffmpeg's run) and the previews from the worker's 'render timings' log line; and the count
 * of child processes its 'render completed' line gives.
 */
function perTaskSplit(tasks: TaskRecord[], timings: Array<Record<string, number>>): Record<string, number> {
  const phase = (name: string) => median(tasks.map((t) => (t.progress?.phases?.[name]?.duration_seconds ?? Number.NaN) * 1000));
  const logged = (name: string) => median(timings.map((t) => t[name] ?? 0));
  return {
    download_ms: phase('download'),
    stills: logged('stills'),
    stills_ms: logged('stills_ms'),
    composite_ms: logged('composite_ms'),
    previews_ms: logged('previews_ms'),
    upload_ms: phase('upload'),
    child_processes: logged('child_processes'),
  };
}

/** `count` small tasks posted at once: first create → last completed, and that divided by the count. */
async function smallTasks(client: HttpsJson, sink: WebhookSink, mediaBase: string, count: number, kind: SmallKind, logPath: string) {
  const started = performance.now();
  const created = await createMany(client, count, () => smallTaskBody(mediaBase, sink.url, kind));
  const tasks: TaskRecord[] = [];
  for (const id of created.ids) tasks.push(await waitFor(client, id, (t) => TERMINAL.has(t.status)));
  const failed = tasks.filter((t) => t.status !== 'completed');
  if (failed.length > 0) throw new Error(`${failed.length} small tasks did not complete: ${JSON.stringify(failed[0].error)}`);
  const seconds = (performance.now() - started) / 1000;
  const perTask = tasks.map((t) => ms(t.completed_at) - ms(t.started_at));
  return {
    tasks: count,
    kind,
    drain_seconds: seconds,
    seconds_per_task: seconds / count,
    started_to_completed_ms_p50: median(perTask),
    split_ms_p50: perTaskSplit(tasks, renderTimings(logPath, created.ids)),
  };
}

/** Seconds from the first create to the last task completed, per task. */
async function secondsPerTask(client: HttpsJson, create: () => Promise<string[]>): Promise<number> {
  const started = performance.now();
  const ids = await create();
  for (const id of ids) {
    const task = await waitFor(client, id, (t) => TERMINAL.has(t.status));
    if (task.status !== 'completed') throw new Error(`tiny render ${task.status}: ${JSON.stringify(task.error)}`);
  }
  return (performance.now() - started) / 1000 / ids.length;
}

/** `count` tiny renders posted one request each, then `count` more from a template in batches of 100. */
async function templateBatches(client: HttpsJson, sink: WebhookSink, imageUrl: string, count: number) {
  const template = await client.expect<{ template_id: string }>(201, 'POST', '/v3/templates', {
    name: 'bench-still',
    body: body('{{still}}', sink.url, 34),
    fields: { still: { type: 'url' } },
  });
  const single = await secondsPerTask(client, async () => (await createMany(client, count, () => body(imageUrl, sink.url, 34))).ids);
  const batched = await secondsPerTask(client, async () => {
    const ids: string[] = [];
    for (let first = 0; first < count; first += 100) {
      const tasks = Array.from({ length: Math.min(100, count - first) }, () => ({ template_id: template.template_id, merge: { still: imageUrl } }));
      const { results } = await client.expect<{ results: Array<{ status: number; task_id?: string }> }>(200, 'POST', '/v3/tasks/batch', { tasks });
      for (const result of results) {
        if (result.status !== 201 || !result.task_id) throw new Error(`a batch item was refused: ${JSON.stringify(result)}`);
        ids.push(result.task_id);
      }
    }
    return ids;
  });
  return { tasks: count, single_seconds_per_task: single, batch_seconds_per_task: batched };
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2), (quick) => ({ runs: quick ? 5 : 10, duration: 0, tasks: quick ? 200 : 1000, warmup: 1 }));
  const mediaDir = mkdtempSync(join(tmpdir(), 'rs-bench-queue-'));
  const ffmpeg = (ffmpegArgs: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...ffmpegArgs]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', join(mediaDir, 'still.png')]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1', join(mediaDir, 'picture.png')]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=30:duration=1',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    join(mediaDir, 'clip.mp4'),
  ]);
  writeFileSync(join(mediaDir, 'cue.srt'), '1\n00:00:00,000 --> 00:00:01,000\nShort-form caption\n');
  const mediaServer = new MediaServer();
  await mediaServer.start();
  const mediaBase = mediaServer.register('queue', mediaDir);
  const prepared = await prepareService({ WORKER_CONCURRENCY: '1' });
  const key = await issueKey(prepared, { account: 'bench-queue', tier: 'pro', rateLimitPerMinute: 100_000_000, monthlyRenders: 100_000_000 });
  const sink = await WebhookSink.start(prepared.certPath, prepared.keyPath);
  log('starting the service (ROLE=all)');
  const service = await startService(prepared, 'all');
  log(`listening after ${service.listeningMs?.toFixed(0)} ms, worker ready after ${service.workerReadyMs?.toFixed(0)} ms`);
  const client = new HttpsJson(prepared.baseUrl, prepared.ca, key);
  let idle: Awaited<ReturnType<typeof idleLatency>>;
  let drain: Awaited<ReturnType<typeof backlogDrain>>;
  const small: Array<Awaited<ReturnType<typeof smallTasks>>> = [];
  let templates: Awaited<ReturnType<typeof templateBatches>>;
  try {
    if (args.warmup > 0) await idleLatency(client, sink, `${mediaBase}still.png`, args.warmup);
    idle = await idleLatency(client, sink, `${mediaBase}still.png`, args.runs);
    drain = await backlogDrain(client, sink, `${mediaBase}still.png`, `${mediaBase}missing.png`, args.tasks);
    for (const kind of ['image', 'video', 'video+cue'] as const) {
      const result = await smallTasks(client, sink, mediaBase, SMALL_TASKS, kind, service.logPath);
      log(`${SMALL_TASKS} small tasks, ${SMALL_KIND_LABEL[kind]}: ${result.drain_seconds.toFixed(1)} s, ${result.seconds_per_task.toFixed(2)} s per task`);
      small.push(result);
    }
    templates = await templateBatches(client, sink, `${mediaBase}still.png`, args.quick ? 100 : 500);
    log(`template batches: ${templates.batch_seconds_per_task.toFixed(3)} s per task, single creates ${templates.single_seconds_per_task.toFixed(3)} s`);
  } finally {
    client.close();
    await service.stop();
    await sink.close();
    await mediaServer.stop();
    removeDir(prepared.dataDir);
    rmSync(mediaDir, { recursive: true, force: true });
  }
  const out = process.stdout;
  out.write('\nbench:queue — service child process, ROLE=all, SQLite + private Redis, WORKER_CONCURRENCY=1\n\n');
  const pick = (key: keyof (typeof idle)[number]) => idle.map((row) => row[key]);
  const rows: Cell[][] = [
    ['worker start-up: spawn → API listening (ms)', service.listeningMs],
    ['worker start-up: spawn → worker ready, browser open (ms)', service.workerReadyMs],
    [`idle: created → started, median of ${idle.length} (ms)`, median(pick('created_to_started_ms'))],
    ['idle: created → started, max (ms)', Math.max(...pick('created_to_started_ms'))],
    ['idle: created → task.started event timestamp, median (ms)', median(pick('created_to_event_ms'))],
    ['idle: tiny render (64x64, 1 frame) created → completed, median (ms)', median(pick('created_to_completed_ms'))],
    [`backlog: ${drain.tasks} creates, tasks/s (10 in flight)`, drain.create_per_s],
    ['backlog: blocker canceled → first queued task started (ms)', drain.blocker_canceled_to_first_start_ms],
    ['backlog drain: tasks started and finished per second', drain.drain_per_s],
    ['backlog drain: per task started → failed, p50 / p99 (ms)', `${drain.per_task_ms_p50} / ${drain.per_task_ms_p99}`],
    ['backlog drain: one task ends → next starts, p50 / p99 (ms)', `${drain.gap_ms_p50} / ${drain.gap_ms_p99}`],
    ...small.flatMap((run): Cell[][] => [
      [`small tasks (${run.tasks} x 1 s 320x180 15 fps, ${SMALL_KIND_LABEL[run.kind]}): drain (s)`, run.drain_seconds],
      [`  seconds of machine time per task (target <= ${SMALL_KIND_TARGET[run.kind]})`, run.seconds_per_task],
      ['  started → completed per task, p50 (ms)', run.started_to_completed_ms_p50],
      [
        '  split, p50 (ms): download / stills drawn (count) / composite / previews / upload',
        `${run.split_ms_p50.download_ms} / ${run.split_ms_p50.stills_ms} (${run.split_ms_p50.stills}) / ${run.split_ms_p50.composite_ms} / ${run.split_ms_p50.previews_ms} / ${run.split_ms_p50.upload_ms}`,
      ],
      ['  child processes per task (ffprobe and ffmpeg runs), p50', run.split_ms_p50.child_processes],
    ]),
    [`tiny renders (64x64, 1 frame), ${templates.tasks} created one request each: seconds per task`, templates.single_seconds_per_task],
    [`  the same from a template, in batches of 100: seconds per task`, templates.batch_seconds_per_task],
  ];
  out.write(`${formatTable(['measure', 'value'], rows)}\n`);
  const path = saveResults(args.quick ? 'queue-quick' : 'queue', {
    date: new Date().toISOString(),
    machine: machineInfo(),
    args,
    startup: { listening_ms: service.listeningMs, worker_ready_ms: service.workerReadyMs },
    idle,
    drain,
    small,
    templates,
  });
  out.write(`saved ${path}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:queue failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
