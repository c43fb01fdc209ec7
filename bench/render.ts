import 'reflect-metadata';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/common/project-root';
import { probeMedia } from '../src/media/ffprobe';
import { MediaServer } from '../src/render/media-server';
import { encodingFor } from '../src/render/encoding-settings';
import { chunkedBench } from './render-chunked';
import { limitsBench } from './render-limits';
import { wordsBench } from './render-words';
import { runCompositorProcess } from './support/compositor-run';
import { parseBenchArgs } from './support/bench-args';
import { formatTable, log, machineInfo, median, saveResults, type Cell } from './support/bench-report';
import { ffmpegAnimatedBaselineArgs } from './support/ffmpeg-animated-baseline';
import { ffmpegBaselineArgs } from './support/ffmpeg-baseline';
import { HttpsJson } from './support/https-json';
import { RssSampler } from './support/process-tree';
import {
  FULL_SIZE,
  HD_SIZE,
  animatedReferenceTaskBody,
  QUICK_SIZE,
  generateReferenceMedia,
  referencePlan,
  referenceTaskBody,
  resolvedOutput,
  type ReferenceSize,
} from './support/reference-timeline';
import { issueKey, prepareService, removeDir, startService, type ServiceProcess } from './support/service-process';
import { waitForCompletion } from './support/task-wait';
import { runTimed } from './support/timed-process';
import { WebhookSink } from './support/webhook-sink';
import { present } from '../test/support/present';

/**
 * bench:render — the reference timeline rendered four ways in one run,
 * alternating and repeating each: the service end to end (POST → completed)
 * with RENDER_ENGINE=auto (the compositor) and with RENDER_ENGINE=remotion,
 * Remotion's own CLI on the same bundle and the same render plan, and a
 * hand-written ffmpeg filter graph (the floor). Prints seconds, fps, realtime
 * factor, peak RSS of each process tree, the ratios against the targets of
 * issue 22, and the compositor's split (stills drawn, composite + encode).
 * Two more contenders render with the compositor engine alone, in a process of
 * its own (bench/support/compositor-render.ts): the reference plan
 * (`compositor`) and its animated variant (`compositor-animated`: every layer
 * keyframed, a transition on every clip), whose time against the reference's
 * is the cost of motion (target <= 1.3). `ffmpeg-animated` is the hand-written
 * graph of the animated variant (bench/support/ffmpeg-animated-baseline.ts):
 * its time against `ffmpeg`'s is what motion costs ffmpeg itself, and the
 * compositor's animated render against it is our overhead on top.
 * `service-animated` is the animated variant through the service end to end,
 * beside `service`: what a client waits for, previews and all.
 *   node dist/bench/render.js [--quick] [--hd] [--runs N] [--warmup N] [--only=A,B]
 * --hd: 1920x1080 30 fps 60 s (the remotion contenders once each).
 * --only=service,ffmpeg: only those contenders (a quick look; publish ratios from a run of all of them).
 * --chunked: chunked renders across workers instead (render-chunked.ts).
 * --words: word-level captions against plain subtitles instead (render-words.ts).
 * --limits [--only=4k,8k,360p-1m,360p-60m]: memory and disk at 4K, 8K and a 60-minute 360p timeline
 *   instead, one render each through the service (render-limits.ts).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const POLL_MS = 100;

type Contender = 'service' | 'service-animated' | 'service-remotion' | 'remotion-cli' | 'ffmpeg' | 'compositor' | 'compositor-animated' | 'ffmpeg-animated';
const CONTENDERS: Contender[] = [
  'service',
  'remotion-cli',
  'ffmpeg',
  'service-remotion',
  'service-animated',
  'compositor',
  'compositor-animated',
  'ffmpeg-animated',
];
type FfmpegContender = 'ffmpeg' | 'ffmpeg-animated';
type ServiceContender = 'service' | 'service-animated' | 'service-remotion';
type ServiceEngine = 'auto' | 'remotion';

interface RunResult {
  contender: Contender;
  run: number;
  seconds: number;
  peakRssMiB: number;
  /** Service only: the tree's PSS at its RSS peak (shared pages counted once; see TreeRss.pss). */
  pssAtPeakMiB?: number;
  /** Service only: each command's share of the tree's RSS at its peak (node, chromium-headless-shell, ffmpeg…). */
  rssByCommandMiB?: Record<string, number>;
  /** Service only: server-side created_at → completed_at and the phases. */
  serverSeconds?: number;
  phases?: Record<string, number>;
  /** The worker's 'render timings' line: which engine drew it and, for the compositor, the split. */
  timings?: { engine: string; video_ms: number; previews_ms: number; stills?: number; stills_ms?: number; composite_ms?: number };
  /** Compositor contenders: the render alone, after the browser is open (the process's time includes opening it). */
  renderSeconds?: number;
  output?: { durationMs: number | null; width: number | null; height: number | null; sizeBytes: number };
}

interface Context {
  size: ReferenceSize;
  mediaDir: string;
  mediaBase: string;
  workDir: string;
  planPath: string;
  animatedPlanPath: string;
  service: ServiceProcess;
  serviceEngine: ServiceEngine;
  prepared: Awaited<ReturnType<typeof prepareService>>;
  client: HttpsJson;
  sink: WebhookSink;
  /** Each hand-written command; its last argument, the output path, is replaced per run. */
  ffmpegArgs: Record<FfmpegContender, string[]>;
}

/** The service restarted with another RENDER_ENGINE when the next contender needs it (not timed). */
async function serviceWith(ctx: Context, engine: ServiceEngine): Promise<void> {
  if (ctx.serviceEngine === engine) return;
  await ctx.service.stop();
  ctx.service = await startService({ ...ctx.prepared, env: { ...ctx.prepared.env, RENDER_ENGINE: engine } }, 'all');
  ctx.serviceEngine = engine;
}

function renderTimings(logPath: string, taskId: string): RunResult['timings'] {
  for (const line of readFileSync(logPath, 'utf8').split('\n').reverse()) {
    if (!line.includes(taskId) || !line.includes('render timings')) continue;
    return JSON.parse(line) as RunResult['timings'];
  }
  return undefined;
}

async function runService(ctx: Context, run: number, contender: ServiceContender): Promise<RunResult> {
  const engine: ServiceEngine = contender === 'service-remotion' ? 'remotion' : 'auto';
  await serviceWith(ctx, engine);
  const sampler = new RssSampler(() => ctx.service.pid);
  sampler.start();
  const started = performance.now();
  const body = (contender === 'service-animated' ? animatedReferenceTaskBody : referenceTaskBody)(
    ctx.size,
    ctx.mediaBase,
    ctx.sink.url,
    `?run=${run}-${Date.now()}`,
  );
  const created = await ctx.client.expect<{ task_id: string }>(201, 'POST', '/v3/tasks', body);
  const task = await waitForCompletion(ctx.client, created.task_id, POLL_MS).catch((error: unknown) => {
    sampler.stop();
    throw error;
  });
  const seconds = (performance.now() - started) / 1000;
  const { peakMiB: peakRssMiB, pssAtPeakMiB, byCommandMiB } = sampler.stopInMiB();
  const output = present(task.output, 'the output of a completed task');
  const phases = Object.fromEntries(Object.entries(task.progress.phases).map(([name, phase]) => [name, phase.duration_seconds]));
  return {
    contender,
    run,
    seconds,
    peakRssMiB,
    pssAtPeakMiB,
    rssByCommandMiB: byCommandMiB,
    timings: renderTimings(ctx.service.logPath, created.task_id),
    serverSeconds: (Date.parse(present(task.completed_at, 'completed_at of a completed task')) - Date.parse(task.created_at)) / 1000,
    phases: { queue: (Date.parse(present(task.started_at, 'started_at of a completed task')) - Date.parse(task.created_at)) / 1000, ...phases },
    output: { durationMs: output.duration_ms, width: output.resolution.width, height: output.resolution.height, sizeBytes: output.file_size_bytes },
  };
}

function remotionCliArgs(ctx: Context, outPath: string): string[] {
  const enc = encodingFor(resolvedOutput(ctx.size));
  return [
    join(projectRoot(), 'node_modules', '@remotion', 'cli', 'remotion-cli.js'),
    'render',
    join(projectRoot(), 'dist', 'remotion-bundle'),
    'Timeline',
    outPath,
    `--props=${ctx.planPath}`,
    `--browser-executable=${CHROMIUM}`,
    '--chrome-mode=headless-shell',
    `--codec=${enc.codec}`,
    `--crf=${enc.crf}`,
    `--x264-preset=${enc.x264Preset}`,
    `--pixel-format=${enc.pixelFormat}`,
    `--color-space=${enc.colorSpace}`,
    `--audio-bitrate=${enc.audioBitrate}`,
    '--image-format=jpeg',
    `--jpeg-quality=${enc.jpegQuality}`,
    '--enforce-audio-track',
    `--concurrency=${cpus().length}`,
    '--log=error',
    // The service's adapter caps both caches; the CLI would take half of free RAM each.
    `--offthreadvideo-cache-size-in-bytes=${512 * 1024 * 1024}`,
    `--media-cache-size-in-bytes=${256 * 1024 * 1024}`,
  ];
}

async function outputOf(path: string): Promise<RunResult['output']> {
  const probe = await probeMedia(path);
  return { durationMs: probe.durationMs, width: probe.video?.width ?? null, height: probe.video?.height ?? null, sizeBytes: probe.sizeBytes };
}

async function runProcess(ctx: Context, contender: 'remotion-cli' | FfmpegContender, run: number): Promise<RunResult> {
  const outPath = join(ctx.workDir, `${contender}-${run}.mp4`);
  const timed =
    contender === 'remotion-cli'
      ? await runTimed(process.execPath, remotionCliArgs(ctx, outPath), { cwd: projectRoot() })
      : await runTimed('ffmpeg', [...ctx.ffmpegArgs[contender].slice(0, -1), outPath]);
  if (timed.exitCode !== 0) throw new Error(`${contender} exited with ${timed.exitCode}:\n${timed.stderrTail}`);
  const output = await outputOf(outPath);
  rmSync(outPath, { force: true });
  return { contender, run, seconds: timed.seconds, peakRssMiB: timed.peakRssMiB, output };
}

/** The compositor engine alone on the reference plan or its animated variant, in a process of its own. */
async function runCompositor(ctx: Context, contender: 'compositor' | 'compositor-animated', run: number): Promise<RunResult> {
  const outPath = join(ctx.workDir, `${contender}-${run}.mp4`);
  const plan = contender === 'compositor' ? ctx.planPath : ctx.animatedPlanPath;
  const timed = await runCompositorProcess(contender, plan, { dir: ctx.mediaDir, base: ctx.mediaBase }, outPath, ctx.size);
  const output = await outputOf(outPath);
  rmSync(outPath, { force: true });
  return { contender, run, seconds: timed.seconds, renderSeconds: timed.renderSeconds, peakRssMiB: timed.peakRssMiB, output };
}

function runOne(ctx: Context, contender: Contender, run: number): Promise<RunResult> {
  if (contender === 'service' || contender === 'service-animated' || contender === 'service-remotion') return runService(ctx, run, contender);
  if (contender === 'compositor' || contender === 'compositor-animated') return runCompositor(ctx, contender, run);
  return runProcess(ctx, contender, run);
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
  const rows = CONTENDERS.filter((c) => of(c).length > 0).map(row);
  const renderMedian = (contender: Contender) => median(of(contender).map((r) => r.renderSeconds ?? Number.NaN));
  const median_of = (contender: Contender) => rows.find((r) => r.contender === contender)?.median_s ?? Number.NaN;
  const service = median_of('service');
  const phaseNames = ['queue', 'download', 'render', 'upload'];
  const phases = Object.fromEntries(phaseNames.map((name) => [name, median(of('service').map((r) => r.phases?.[name] ?? Number.NaN))]));
  const timing = (key: 'stills' | 'stills_ms' | 'composite_ms' | 'video_ms' | 'previews_ms') =>
    median(of('service').map((r) => Number(r.timings?.[key] ?? Number.NaN)));
  return {
    rows,
    ratios: {
      realtime_x: size.seconds / service,
      remotion_cli_over_service: median_of('remotion-cli') / service,
      service_over_ffmpeg: service / median_of('ffmpeg'),
      service_remotion_over_service: median_of('service-remotion') / service,
      animated_over_static: renderMedian('compositor-animated') / renderMedian('compositor'),
      service_animated_over_service: median_of('service-animated') / service,
      ffmpeg_animated_over_static: median_of('ffmpeg-animated') / median_of('ffmpeg'),
      compositor_animated_over_ffmpeg_animated: renderMedian('compositor-animated') / median_of('ffmpeg-animated'),
    },
    service_median_s: { reference: service, animated: median_of('service-animated') },
    compositor_render_median_s: { static: renderMedian('compositor'), animated: renderMedian('compositor-animated') },
    compositor_animated_peak_rss_mib: Math.max(...of('compositor-animated').map((r) => r.peakRssMiB)),
    engines: [...new Set(of('service').map((r) => r.timings?.engine ?? 'unknown'))],
    split: {
      stills: timing('stills'),
      stills_s: timing('stills_ms') / 1000,
      composite_encode_s: timing('composite_ms') / 1000,
      video_s: timing('video_ms') / 1000,
      previews_s: timing('previews_ms') / 1000,
    },
    service_peak_rss_mib: Math.max(...of('service').map((r) => r.peakRssMiB)),
    service_animated_peak_rss_mib: Math.max(...of('service-animated').map((r) => r.peakRssMiB)),
    service_pss_at_peak_mib: Math.max(...of('service').map((r) => r.pssAtPeakMiB ?? Number.NaN)),
    service_server_side_median_s: median(of('service').map((r) => r.serverSeconds ?? Number.NaN)),
    service_phases_median_s: phases,
  };
}

async function main(): Promise<void> {
  const hd = process.argv.includes('--hd');
  // --only service,ffmpeg: a quick look while working; the published ratios need all of them in one run.
  const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
  const only = onlyArg === undefined ? null : onlyArg.slice('--only='.length).split(',');
  // A 60 s 1080p render takes minutes per contender: one run each unless asked.
  const args = parseBenchArgs(
    process.argv.slice(2).filter((arg) => arg !== '--hd' && arg !== onlyArg),
    (quick) => ({ runs: hd ? 1 : 3, duration: 0, tasks: 0, warmup: quick || hd ? 0 : 1 }),
  );
  const size = hd ? HD_SIZE : args.quick ? QUICK_SIZE : FULL_SIZE;
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
  const animatedPlanPath = join(workDir, 'plan-animated.json');
  const animatedPlan = referencePlan(size, mediaDir, mediaBase, true);
  writeFileSync(animatedPlanPath, JSON.stringify(animatedPlan));
  const baseline = ffmpegBaselineArgs(plan, size, mediaDir, workDir, join(workDir, 'ffmpeg.mp4'));
  const animatedBaseline = ffmpegAnimatedBaselineArgs(animatedPlan, size, mediaDir, workDir, join(workDir, 'ffmpeg-animated.mp4'));
  const ctx: Context = {
    size,
    mediaDir,
    mediaBase,
    workDir,
    planPath,
    animatedPlanPath,
    service,
    serviceEngine: 'auto',
    prepared,
    client,
    sink,
    ffmpegArgs: { ffmpeg: baseline.args, 'ffmpeg-animated': animatedBaseline.args },
  };
  const order = CONTENDERS.filter((c) => only === null || only.includes(c));
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
    await ctx.service.stop();
    await sink.close();
    await mediaServer.stop();
    removeDir(prepared.dataDir);
    rmSync(root, { recursive: true, force: true });
  }
  const summary = summarize(results, size);
  const headers = ['contender', 'runs', 'median s', 'min s', 'max s', 'fps', 'realtime x', 'peak RSS MiB'];
  const rows: Cell[][] = summary.rows.map((r) => [r.contender, r.runs, r.median_s, r.min_s, r.max_s, r.fps, r.realtime_x, r.peak_rss_mib]);
  const out = process.stdout;
  out.write(
    `\nbench:render — ${size.width}x${size.height}, ${size.fps} fps, ${size.seconds} s (${size.fps * size.seconds} frames), median of ${args.runs}\n\n`,
  );
  out.write(`${formatTable(headers, rows)}\n\n`);
  const r = summary.ratios;
  const target = (ok: boolean) => (ok ? 'met' : 'NOT met');
  // A ratio whose contenders were left out by --only is said to be missing rather than printed as NaN and "NOT met".
  const ratio = (label: string, value: number, bound?: { text: string; ok: (v: number) => boolean }) =>
    !Number.isFinite(value)
      ? `  ${label}: not measured in this run\n`
      : `  ${label} = ${value.toFixed(2)}${bound === undefined ? '' : ` (target ${bound.text}: ${target(bound.ok(value))})`}\n`;
  if (Number.isFinite(summary.service_median_s.reference)) {
    out.write(`service (RENDER_ENGINE=auto, drawn by: ${summary.engines.join(', ')}):\n`);
    out.write(ratio('realtime x', r.realtime_x, { text: '>= 1.0', ok: (v) => v >= 1 }));
    out.write(ratio('remotion-cli / service', r.remotion_cli_over_service, { text: '>= 3', ok: (v) => v >= 3 }));
    out.write(ratio('service / ffmpeg', r.service_over_ffmpeg, { text: '<= 1.25', ok: (v) => v <= 1.25 }));
    out.write(
      `  peak RSS of the service tree ${summary.service_peak_rss_mib} MiB (target <= 1024: ${target(summary.service_peak_rss_mib <= 1024)}; PSS at that peak ${summary.service_pss_at_peak_mib} MiB)\n`,
    );
    out.write(ratio('service-remotion / service', r.service_remotion_over_service));
    const split = summary.split;
    out.write(
      `  split (median): ${split.stills} stills drawn in ${split.stills_s.toFixed(2)} s, composite + encode ${split.composite_encode_s.toFixed(2)} s; video ${split.video_s.toFixed(2)} s, thumbnail + GIF ${split.previews_s.toFixed(2)} s\n`,
    );
  }
  if (Number.isFinite(r.service_animated_over_service)) {
    // For information: the target is judged on the engine alone (below), which leaves out what animation does not change.
    const s = summary.service_median_s;
    out.write(
      `service-animated (the animated variant end to end, POST → completed): ${s.animated.toFixed(2)} s against the reference's ${s.reference.toFixed(2)} s = ${r.service_animated_over_service.toFixed(2)}; peak RSS ${summary.service_animated_peak_rss_mib} MiB\n`,
    );
  }
  if (Number.isFinite(r.animated_over_static)) {
    const c = summary.compositor_render_median_s;
    out.write(`compositor engine alone (render after the browser is open, median): reference ${c.static.toFixed(2)} s, animated ${c.animated.toFixed(2)} s\n`);
    out.write(ratio('animated / reference', r.animated_over_static, { text: '<= 1.3', ok: (v) => v <= 1.3 }));
    // What motion costs a hand-written graph (ffmpeg-animated), and the animated render against that graph.
    out.write(ratio('ffmpeg graph: animated / static', r.ffmpeg_animated_over_static));
    out.write(ratio('compositor animated / ffmpeg animated', r.compositor_animated_over_ffmpeg_animated));
    out.write(`  peak RSS of the animated render's process tree ${summary.compositor_animated_peak_rss_mib} MiB\n`);
  }
  out.write(`worker start-up (spawn → worker ready): ${((service.workerReadyMs ?? 0) / 1000).toFixed(2)} s\n`);
  if (Number.isFinite(summary.service_server_side_median_s)) {
    out.write(`service server-side (created_at → completed_at) median: ${summary.service_server_side_median_s.toFixed(2)} s\n\n`);
    const phases = summary.service_phases_median_s;
    out.write(
      `${formatTable(
        ['service phase', 'median s'],
        Object.entries(phases).map(([name, s]) => [name, s]),
      )}\n`,
    );
    out.write('(render = video + thumbnail + preview GIF; the CLI and ffmpeg make only the video)\n');
  }
  if (!baseline.cjkFont)
    out.write(
      'note: no CJK font for drawtext (apt-get install fonts-noto-cjk, and remove it before npm test: a font-glyphs test needs no CJK system font); ffmpeg drew the Chinese subtitles with DejaVu Sans (boxes)\n',
    );
  const path = saveResults(hd ? 'render-hd' : args.quick ? 'render-quick' : 'render', {
    date: new Date().toISOString(),
    machine: machineInfo(CHROMIUM),
    size,
    args,
    summary,
    results,
    worker_ready_ms: service.workerReadyMs,
    drawtext_cjk_font: baseline.cjkFont,
  });
  out.write(`saved ${path}\n`);
}

function benchOfArgs(): Promise<void> {
  const rest = (flag: string) => process.argv.slice(2).filter((arg) => arg !== flag);
  if (process.argv.includes('--chunked')) return chunkedBench(rest('--chunked'));
  if (process.argv.includes('--words')) return wordsBench(rest('--words'));
  if (process.argv.includes('--limits')) return limitsBench(rest('--limits'));
  return main();
}

benchOfArgs().catch((error: unknown) => {
  process.stderr.write(`bench:render failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
