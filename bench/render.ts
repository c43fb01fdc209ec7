import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/common/project-root';
import { probeMedia } from '../src/media/ffprobe';
import { MediaServer } from '../src/render/media-server';
import { encodingFor } from '../src/render/encoding-settings';
import { parseBenchArgs } from './support/bench-args';
import { formatTable, log, machineInfo, median, saveResults, type Cell } from './support/bench-report';
import { ffmpegBaselineArgs } from './support/ffmpeg-baseline';
import { HttpsJson } from './support/https-json';
import { RssSampler } from './support/process-tree';
import { FULL_SIZE, QUICK_SIZE, generateReferenceMedia, referencePlan, referenceTaskBody, resolvedOutput, type ReferenceSize } from './support/reference-timeline';
import { issueKey, prepareService, removeDir, startService, type ServiceProcess } from './support/service-process';
import { runTimed } from './support/timed-process';
import { WebhookSink } from './support/webhook-sink';

/**
 * bench:render — the reference timeline rendered three ways in one run,
 * alternating and repeating each: the service end to end (POST → completed),
 * Remotion's own CLI on the same bundle and the same render plan, and a
 * hand-written ffmpeg filter graph (the floor). Prints seconds, fps, realtime
 * factor, peak RSS of each process tree and the ratios.
 *   node dist/bench/render.js [--quick] [--runs N] [--warmup N]
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const POLL_MS = 100;

type Contender = 'service' | 'remotion-cli' | 'ffmpeg';

interface RunResult {
  contender: Contender;
  run: number;
  seconds: number;
  peakRssMiB: number;
  /** Service only: server-side created_at → completed_at and the phases. */
  serverSeconds?: number;
  phases?: Record<string, number>;
  output?: { durationMs: number | null; width: number | null; height: number | null; sizeBytes: number };
}

interface TaskRecord {
  task_id: string;
  status: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  error: unknown;
  progress: { phases: Record<string, { duration_seconds: number }> };
  output: { duration_ms: number; resolution: { width: number; height: number }; file_size_bytes: number } | null;
}

interface Context {
  size: ReferenceSize;
  mediaDir: string;
  mediaBase: string;
  workDir: string;
  planPath: string;
  service: ServiceProcess;
  client: HttpsJson;
  sink: WebhookSink;
  ffmpegArgs: string[];
}

async function runService(ctx: Context, run: number): Promise<RunResult> {
  const sampler = new RssSampler(() => ctx.service.pid);
  sampler.start();
  const started = performance.now();
  const body = referenceTaskBody(ctx.size, ctx.mediaBase, ctx.sink.url, `?run=${run}-${Date.now()}`);
  const created = await ctx.client.expect<{ task_id: string }>(201, 'POST', '/v3/tasks', body);
  let task: TaskRecord;
  for (;;) {
    task = await ctx.client.expect<TaskRecord>(200, 'GET', `/v3/tasks/${created.task_id}`);
    if (task.status === 'completed' || task.status === 'failed' || task.status === 'canceled') break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const seconds = (performance.now() - started) / 1000;
  const peakRssMiB = sampler.stop();
  if (task.status !== 'completed') throw new Error(`service render ${task.status}: ${JSON.stringify(task.error)}`);
  const phases = Object.fromEntries(Object.entries(task.progress.phases).map(([name, phase]) => [name, phase.duration_seconds]));
  return {
    contender: 'service',
    run,
    seconds,
    peakRssMiB,
    serverSeconds: (Date.parse(task.completed_at!) - Date.parse(task.created_at)) / 1000,
    phases: { queue: (Date.parse(task.started_at!) - Date.parse(task.created_at)) / 1000, ...phases },
    output: { durationMs: task.output!.duration_ms, width: task.output!.resolution.width, height: task.output!.resolution.height, sizeBytes: task.output!.file_size_bytes },
  };
}

function remotionCliArgs(ctx: Context, outPath: string): string[] {
  const enc = encodingFor(resolvedOutput(ctx.size));
  return [
    join(projectRoot(), 'node_modules', '@remotion', 'cli', 'remotion-cli.js'), 'render',
    join(projectRoot(), 'dist', 'remotion-bundle'), 'Timeline', outPath,
    `--props=${ctx.planPath}`,
    `--browser-executable=${CHROMIUM}`, '--chrome-mode=headless-shell',
    `--codec=${enc.codec}`, `--crf=${enc.crf}`, `--x264-preset=${enc.x264Preset}`,
    `--pixel-format=${enc.pixelFormat}`, `--color-space=${enc.colorSpace}`, `--audio-bitrate=${enc.audioBitrate}`,
    '--image-format=jpeg', `--jpeg-quality=${enc.jpegQuality}`, '--enforce-audio-track',
    `--concurrency=${cpus().length}`, '--log=error',
    // The service's adapter caps both caches; the CLI would take half of free RAM each.
    `--offthreadvideo-cache-size-in-bytes=${512 * 1024 * 1024}`, `--media-cache-size-in-bytes=${256 * 1024 * 1024}`,
  ];
}

async function outputOf(path: string): Promise<RunResult['output']> {
  const probe = await probeMedia(path);
  return { durationMs: probe.durationMs, width: probe.video?.width ?? null, height: probe.video?.height ?? null, sizeBytes: probe.sizeBytes };
}

async function runProcess(ctx: Context, contender: Exclude<Contender, 'service'>, run: number): Promise<RunResult> {
  const outPath = join(ctx.workDir, `${contender}-${run}.mp4`);
  const timed = contender === 'ffmpeg'
    ? await runTimed('ffmpeg', [...ctx.ffmpegArgs.slice(0, -1), outPath])
    : await runTimed(process.execPath, remotionCliArgs(ctx, outPath), { cwd: projectRoot() });
  if (timed.exitCode !== 0) throw new Error(`${contender} exited with ${timed.exitCode}:\n${timed.stderrTail}`);
  const output = await outputOf(outPath);
  rmSync(outPath, { force: true });
  return { contender, run, seconds: timed.seconds, peakRssMiB: timed.peakRssMiB, output };
}

function runOne(ctx: Context, contender: Contender, run: number): Promise<RunResult> {
  return contender === 'service' ? runService(ctx, run) : runProcess(ctx, contender, run);
}

function summarize(results: RunResult[], size: ReferenceSize) {
  const frames = size.fps * size.seconds;
  const of = (contender: Contender) => results.filter((r) => r.contender === contender);
  const row = (contender: Contender) => {
    const runs = of(contender);
    const seconds = median(runs.map((r) => r.seconds));
    return {
      contender,
      runs: runs.length,
      median_s: seconds,
      min_s: Math.min(...runs.map((r) => r.seconds)),
      max_s: Math.max(...runs.map((r) => r.seconds)),
      fps: frames / seconds,
      realtime_x: size.seconds / seconds,
      peak_rss_mib: Math.max(...runs.map((r) => r.peakRssMiB)),
    };
  };
  const rows = (['service', 'remotion-cli', 'ffmpeg'] as const).map(row);
  const service = rows[0].median_s;
  const phaseNames = ['queue', 'download', 'render', 'upload'];
  const phases = Object.fromEntries(phaseNames.map((name) => [name, median(of('service').map((r) => r.phases?.[name] ?? Number.NaN))]));
  return {
    rows,
    ratios: { service_over_remotion_cli: service / rows[1].median_s, service_over_ffmpeg: service / rows[2].median_s, remotion_cli_over_ffmpeg: rows[1].median_s / rows[2].median_s },
    service_server_side_median_s: median(of('service').map((r) => r.serverSeconds ?? Number.NaN)),
    service_phases_median_s: phases,
  };
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2), (quick) => ({ runs: 3, duration: 0, tasks: 0, warmup: quick ? 0 : 1 }));
  const size = args.quick ? QUICK_SIZE : FULL_SIZE;
  const root = mkdtempSync(join(tmpdir(), 'rs-bench-render-'));
  const mediaDir = join(root, 'media');
  const workDir = join(root, 'work');
  mkdirSync(mediaDir);
  mkdirSync(workDir);
  log(`generating the reference media (${size.width}x${size.height}, ${size.fps} fps, ${size.seconds} s) in ${mediaDir}`);
  generateReferenceMedia(mediaDir, size);
  const mediaServer = new MediaServer();
  await mediaServer.start();
  const mediaBase = mediaServer.register('reference', mediaDir);
  const prepared = await prepareService();
  const key = await issueKey(prepared, { account: 'bench-render', tier: 'pro', rateLimitPerMinute: 1_000_000, monthlyRenders: 1_000_000 });
  const sink = await WebhookSink.start(prepared.certPath, prepared.keyPath);
  log('starting the service (ROLE=all: API + worker + Chromium)');
  const service = await startService(prepared, 'all');
  const client = new HttpsJson(prepared.baseUrl, prepared.ca, key);
  const plan = referencePlan(size, mediaDir, mediaBase);
  const planPath = join(workDir, 'plan.json');
  writeFileSync(planPath, JSON.stringify(plan));
  const baseline = ffmpegBaselineArgs(plan, size, mediaDir, workDir, join(workDir, 'ffmpeg.mp4'));
  const ctx: Context = { size, mediaDir, mediaBase, workDir, planPath, service, client, sink, ffmpegArgs: baseline.args };
  const order: Contender[] = ['service', 'remotion-cli', 'ffmpeg'];
  const results: RunResult[] = [];
  try {
    for (let i = 0; i < args.warmup; i++) {
      for (const contender of order) {
        log(`warm-up ${contender}`);
        await runOne(ctx, contender, -1 - i);
      }
    }
    for (let run = 0; run < args.runs; run++) {
      // Rotate the order each round so no contender always follows the same one.
      const round = order.map((_, i) => order[(i + run) % order.length]);
      for (const contender of round) {
        const result = await runOne(ctx, contender, run);
        log(`run ${run + 1}/${args.runs} ${contender}: ${result.seconds.toFixed(2)} s, peak RSS ${result.peakRssMiB} MiB`);
        results.push(result);
      }
    }
  } finally {
    client.close();
    await service.stop();
    await sink.close();
    await mediaServer.stop();
    removeDir(prepared.dataDir);
    rmSync(root, { recursive: true, force: true });
  }
  const summary = summarize(results, size);
  const headers = ['contender', 'runs', 'median s', 'min s', 'max s', 'fps', 'realtime x', 'peak RSS MiB'];
  const rows: Cell[][] = summary.rows.map((r) => [r.contender, r.runs, r.median_s, r.min_s, r.max_s, r.fps, r.realtime_x, r.peak_rss_mib]);
  const out = process.stdout;
  out.write(`\nbench:render — ${size.width}x${size.height}, ${size.fps} fps, ${size.seconds} s (${size.fps * size.seconds} frames), median of ${args.runs}\n\n`);
  out.write(`${formatTable(headers, rows)}\n\n`);
  out.write(`service / remotion-cli = ${summary.ratios.service_over_remotion_cli.toFixed(2)}   service / ffmpeg = ${summary.ratios.service_over_ffmpeg.toFixed(2)}   remotion-cli / ffmpeg = ${summary.ratios.remotion_cli_over_ffmpeg.toFixed(2)}\n`);
  out.write(`service server-side (created_at → completed_at) median: ${summary.service_server_side_median_s.toFixed(2)} s; worker start-up (spawn → worker ready): ${((service.workerReadyMs ?? 0) / 1000).toFixed(2)} s\n\n`);
  const phases = summary.service_phases_median_s;
  out.write(`${formatTable(['service phase', 'median s'], Object.entries(phases).map(([name, s]) => [name, s]))}\n`);
  out.write('(render = video + thumbnail + preview GIF; the CLI and ffmpeg make only the video)\n');
  if (!baseline.cjkFont) out.write('note: no CJK font for drawtext (apt-get install fonts-noto-cjk); ffmpeg drew the Chinese subtitles with DejaVu Sans (boxes)\n');
  const path = saveResults(args.quick ? 'render-quick' : 'render', {
    date: new Date().toISOString(), machine: machineInfo(CHROMIUM), size, args, summary, results,
    worker_ready_ms: service.workerReadyMs, drawtext_cjk_font: baseline.cjkFont,
  });
  out.write(`saved ${path}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:render failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
