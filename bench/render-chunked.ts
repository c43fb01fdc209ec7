/**
 * bench:render --chunked — one long render split across workers (issue 19):
 * the reference timeline at 1280x720, 30 fps, 60 s, rendered end to end
 * (POST → completed) by one API and, in the same run, alternating:
 *   one-core-whole         one worker pinned to core 0, unchunked (CHUNK_MIN_SECONDS above the timeline)
 *   one-core-chunked       one worker pinned to core 0, in chunks (the defaults: 15 s chunks)
 *   one-core-chunked-cpu1  the same pinned to core 1
 *   two-cores-chunked      two workers pinned to cores 0 and 1, in chunks
 * Prints the speed-up of two workers over one (target >= 1.7) against the
 * one-worker run on each core and their mean (virtual machines' cores are not
 * always equally fast: the run on each shows it), and the per-chunk overhead
 * (chunked minus whole on core 0, per chunk). The
 * workers share PostgreSQL (a database of the run on 127.0.0.1, or
 * DATABASE_URL), Redis (REDIS_URL or 127.0.0.1:6379, a prefix of the run) and
 * one data dir, whose local storage holds the chunks, as workers on one
 * machine would.
 *   node dist/bench/render.js --chunked [--quick] [--runs N] [--only=A,B]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { MediaServer } from '../src/render/media-server';
import { createTestDatabase } from '../test/support/postgres';
import { parseBenchArgs } from './support/bench-args';
import { formatTable, log, machineInfo, median, saveResults } from './support/bench-report';
import { HttpsJson } from './support/https-json';
import { generateReferenceMedia, referenceTaskBody, type ReferenceSize } from './support/reference-timeline';
import { issueKey, prepareService, removeDir, startService, stopChild, type PreparedService, type ServiceProcess } from './support/service-process';
import { waitForCompletion } from './support/task-wait';
import { WebhookSink } from './support/webhook-sink';

const SIZE: ReferenceSize = { width: 1280, height: 720, fps: 30, seconds: 60 };
const QUICK: ReferenceSize = { width: 640, height: 360, fps: 30, seconds: 40 };
const POLL_MS = 200;

type Contender = 'one-core-whole' | 'one-core-chunked' | 'one-core-chunked-cpu1' | 'two-cores-chunked';
const CONTENDERS: Contender[] = ['one-core-whole', 'one-core-chunked', 'one-core-chunked-cpu1', 'two-cores-chunked'];
const WORKERS: Record<Contender, Array<{ cpu: number; env: Record<string, string> }>> = {
  'one-core-whole': [{ cpu: 0, env: { CHUNK_MIN_SECONDS: '86400' } }],
  // A lone worker renders whole unless told to split anyway (CHUNK_MIN_WORKERS=1), which these measure.
  'one-core-chunked': [{ cpu: 0, env: { CHUNK_MIN_WORKERS: '1' } }],
  'one-core-chunked-cpu1': [{ cpu: 1, env: { CHUNK_MIN_WORKERS: '1' } }],
  'two-cores-chunked': [
    { cpu: 0, env: {} },
    { cpu: 1, env: {} },
  ],
};

interface Run {
  contender: Contender;
  seconds: number;
  chunks: number;
  /** Per chunk, from the workers' 'chunk rendered' lines: in all, media + plan, stills, composite + encode. */
  chunkSeconds: number[];
  chunkSplit: Array<{ prepare: number; stills: number; composite: number }>;
  joinSeconds: number | null;
  /** When each step happened, seconds after the POST, from the workers' logs (chunk steps name their worker). */
  steps: string[];
}

interface LogLine {
  msg?: string;
  time?: string;
  chunk?: number;
  task_id?: string;
  chunk_ms?: number;
  prepare_ms?: number;
  stills_ms?: number;
  composite_ms?: number;
  join_ms?: number;
}

function logLines(path: string, taskId: string): LogLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(taskId))
    .map((line) => JSON.parse(line) as LogLine);
}

async function renderWith(prepared: PreparedService, client: HttpsJson, body: unknown, contender: Contender, run: number): Promise<Run> {
  const workers: ServiceProcess[] = [];
  try {
    for (const [i, worker] of WORKERS[contender].entries()) {
      workers.push(await startService(prepared, 'worker', 120_000, { cpu: worker.cpu, env: worker.env, logName: `${contender}-${run}-${i}.log` }));
    }
    const started = performance.now();
    const created = await client.expect<{ task_id: string }>(201, 'POST', '/v3/tasks', body);
    await waitForCompletion(client, created.task_id, POLL_MS);
    const seconds = (performance.now() - started) / 1000;
    const lines = workers.flatMap((worker) => logLines(worker.logPath, created.task_id));
    const chunkLines = lines.filter((line) => line.msg === 'chunk rendered');
    const chunkSplit = chunkLines.map((line) => ({
      prepare: (line.prepare_ms ?? 0) / 1000,
      stills: (line.stills_ms ?? 0) / 1000,
      composite: (line.composite_ms ?? 0) / 1000,
    }));
    const joined = lines.find((line) => line.msg === 'chunked render joined');
    const postedAt = Date.now() - seconds * 1000;
    const steps = workers.flatMap((worker, i) =>
      logLines(worker.logPath, created.task_id)
        .filter((line) => line.time !== undefined && line.msg !== 'render timings')
        .map((line) => ({
          at: (Date.parse(line.time ?? '') - postedAt) / 1000,
          what: `${line.msg ?? ''}${line.chunk === undefined ? '' : ` ${line.chunk}`} (worker ${i})`,
        })),
    );
    return {
      steps: steps.sort((a, b) => a.at - b.at).map((step) => `${step.at.toFixed(2)} s ${step.what}`),
      contender,
      seconds,
      chunks: chunkLines.length,
      chunkSeconds: chunkLines.map((line) => (line.chunk_ms ?? 0) / 1000),
      chunkSplit,
      joinSeconds: joined?.join_ms === undefined ? null : joined.join_ms / 1000,
    };
  } finally {
    await Promise.all(workers.map((worker) => stopChild(worker.child)));
  }
}

export async function chunkedBench(argv: string[]): Promise<void> {
  // --only=two-cores-chunked: a quick look while working; the published ratios need all three in one run.
  const onlyArg = argv.find((arg) => arg.startsWith('--only='));
  const args = parseBenchArgs(
    argv.filter((arg) => arg !== onlyArg),
    () => ({ runs: 1, duration: 0, tasks: 0, warmup: 0 }),
  );
  const size = args.quick ? QUICK : SIZE;
  const root = mkdtempSync(join(tmpdir(), 'rs-bench-chunked-'));
  const mediaDir = join(root, 'media');
  mkdirSync(mediaDir);
  log(`generating the reference media (${size.width}x${size.height}, ${size.fps} fps, ${size.seconds} s)`);
  generateReferenceMedia(mediaDir, size);
  const mediaServer = new MediaServer();
  await mediaServer.start();
  const mediaBase = mediaServer.register('reference', mediaDir);
  const db = process.env.DATABASE_URL ? null : await createTestDatabase('bench_chunked');
  const prefix = `rs-bench-chunked-${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prepared = await prepareService({
    ...(db === null ? {} : { DATABASE_URL: db.url }),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    RENDER_CONCURRENCY: '1',
    WORKER_CONCURRENCY: '1',
    CHUNK_CONCURRENCY: '1',
  });
  const key = await issueKey(prepared, { account: 'bench-chunked', tier: 'pro', rateLimitPerMinute: 1_000_000, monthlyRenders: 1_000_000 });
  const sink = await WebhookSink.start(prepared.certPath, prepared.keyPath);
  const api = await startService(prepared, 'api', 60_000, { logName: 'api.log' });
  const client = new HttpsJson(prepared.baseUrl, prepared.ca, key);
  const order = CONTENDERS.filter((c) => onlyArg === undefined || onlyArg.slice('--only='.length).split(',').includes(c));
  const runs: Run[] = [];
  try {
    for (let run = 0; run < args.runs; run++) {
      for (const contender of order.map((_, i) => order[(i + run) % order.length])) {
        const body = referenceTaskBody(size, mediaBase, sink.url, `?run=${contender}-${run}-${Date.now()}`);
        const result = await renderWith(prepared, client, body, contender, run);
        log(`run ${run + 1}/${args.runs} ${contender}: ${result.seconds.toFixed(2)} s (${result.chunks} chunks)`);
        runs.push(result);
      }
    }
  } finally {
    client.close();
    await api.stop();
    await sink.close();
    await mediaServer.stop();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await db?.drop();
    removeDir(prepared.dataDir);
    rmSync(root, { recursive: true, force: true });
  }
  report(runs, size, args.runs);
}

function report(runs: Run[], size: ReferenceSize, count: number): void {
  const seconds = (contender: Contender) => median(runs.filter((r) => r.contender === contender).map((r) => r.seconds));
  const [whole, core0, core1, twoCores] = CONTENDERS.map(seconds);
  const chunked = runs.filter((r) => r.contender !== 'one-core-whole');
  const chunks = median(chunked.map((r) => r.chunks));
  const speedUp = (core0 + core1) / 2 / twoCores;
  const out = process.stdout;
  out.write(
    `\nbench:render --chunked — ${size.width}x${size.height}, ${size.fps} fps, ${size.seconds} s, median of ${count}; each worker pinned to one core\n\n`,
  );
  out.write(
    `${formatTable(
      ['contender', 'median s', 'realtime x'],
      CONTENDERS.map((c) => [c, seconds(c), size.seconds / seconds(c)]),
    )}\n\n`,
  );
  out.write(
    `speed-up, two workers over one (chunked), against the mean of one worker on core 0 and on core 1 = ${speedUp.toFixed(2)} (target >= 1.7: ${speedUp >= 1.7 ? 'met' : 'NOT met'})\n`,
  );
  out.write(
    `  against core 0 alone ${(core0 / twoCores).toFixed(2)}, core 1 alone ${(core1 / twoCores).toFixed(2)}; core 1 took ${(core1 / core0).toFixed(2)}x core 0's time\n`,
  );
  out.write(`two workers over one unchunked worker on core 0 = ${(whole / twoCores).toFixed(2)}\n`);
  out.write(`per-chunk overhead on core 0 = (${core0.toFixed(2)} - ${whole.toFixed(2)}) / ${chunks} chunks = ${((core0 - whole) / chunks).toFixed(2)} s\n`);
  const split = (part: 'prepare' | 'stills' | 'composite') => median(chunked.flatMap((r) => r.chunkSplit.map((c) => c[part]))).toFixed(2);
  out.write(
    `chunk median ${median(chunked.flatMap((r) => r.chunkSeconds)).toFixed(2)} s (media + plan ${split('prepare')} s, stills ${split('stills')} s, composite + encode ${split('composite')} s); join (copy + audio mix) median ${median(chunked.flatMap((r) => (r.joinSeconds === null ? [] : [r.joinSeconds]))).toFixed(2)} s\n`,
  );
  for (const run of runs.filter((r) => r.contender === 'two-cores-chunked').slice(-1)) out.write(`last two-cores-chunked run:\n  ${run.steps.join('\n  ')}\n`);
  out.write(`saved ${saveResults('render-chunked', { date: new Date().toISOString(), machine: machineInfo(), size, runs, speed_up: speedUp })}\n`);
}
