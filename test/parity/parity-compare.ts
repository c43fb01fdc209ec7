/**
 * Renders a corpus case with both engines and measures how alike the two
 * files are: per-frame SSIM and PSNR (ffmpeg's ssim and psnr filters, every
 * frame), integrated loudness (EBU R128) and where the sound rises and falls.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodingFor } from '../../src/render/encoding-settings';
import type { CompositorRenderer } from '../../src/render/compositor/compositor-renderer';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../src/render/remotion-renderer';
import type { RenderVideoResult } from '../../src/render/render-engine';
import { normaliseLoudness } from '../../src/render/sound/loudness';
import { withDucking } from '../../src/render/sound/trigger-sound';
import { output, planFor, probe, type MediaFixtures } from '../integration/render/render-fixtures';
import type { ParityCase } from './parity-corpus';

const run = promisify(execFile);

export interface FrameScore {
  frame: number;
  ssim: number;
  psnr: number;
}

export interface ParityResult {
  name: string;
  plan: RenderPlan;
  files: { remotion: string; compositor: string };
  engine: RenderVideoResult['engine'];
  frames: { remotion: number; compositor: number };
  scores: FrameScore[];
  worst: FrameScore;
  loudness: { remotion: number; compositor: number } | null;
  /** First and last frame at which the sound is within 6 dB of its loudest, per engine. */
  soundSpan: { remotion: [number, number]; compositor: [number, number] } | null;
}

export interface ParityEngines {
  remotion: RemotionRenderer;
  compositor: CompositorRenderer;
}

export async function renderBoth(
  engines: ParityEngines,
  fixtures: MediaFixtures,
  testCase: ParityCase,
  size: { width: number; height: number; fps: number },
): Promise<ParityResult> {
  const out = output(size.width, size.height, size.fps, {
    // Premium: the least codec noise (JPEG 100 frames on the Remotion side, low CRF on both), so what is compared is the pictures.
    quality: 'premium',
    ...(testCase.format ? { format: testCase.format } : {}),
    ...(testCase.codec ? { codec: testCase.codec } : {}),
    ...(testCase.loudness ? { loudness: testCase.loudness } : {}),
  });
  // As the worker plans: ducking measured from the media, a no-op for a timeline without it.
  const timeline = { duration_ms: testCase.durationMs, tracks: testCase.tracks };
  const signal = new AbortController().signal;
  const plan = await withDucking(
    planFor(fixtures, out, testCase.durationMs, testCase.tracks),
    timeline,
    { mediaPath: (src) => fixtures.server.localPath(src) },
    signal,
  );
  const extension = encodingFor(out).extension;
  const files = { remotion: fixtures.path(`${testCase.name}.remotion.${extension}`), compositor: fixtures.path(`${testCase.name}.compositor.${extension}`) };
  await engines.remotion.renderVideo({ plan, output: out, outPath: files.remotion, onProgress: () => undefined });
  const drawn = await engines.compositor.renderVideo({ plan, output: out, outPath: files.compositor, onProgress: () => undefined });
  if (out.loudness !== undefined) {
    for (const path of Object.values(files)) await normaliseLoudness({ path, loudness: out.loudness, encoding: encodingFor(out), plan, signal });
  }
  const [a, b] = await Promise.all([probe(files.remotion), probe(files.compositor)]);
  const scores = await frameScores(files.remotion, files.compositor);
  const worst = scores.reduce((w, s) => (s.ssim < w.ssim || (s.ssim === w.ssim && s.psnr < w.psnr) ? s : w), scores[0]);
  const withSound = testCase.audio === true;
  return {
    name: testCase.name,
    plan,
    files,
    engine: drawn.engine,
    frames: { remotion: a.video.frames, compositor: b.video.frames },
    scores,
    worst,
    loudness: withSound ? { remotion: await loudness(files.remotion), compositor: await loudness(files.compositor) } : null,
    soundSpan: withSound ? { remotion: await soundSpan(files.remotion, plan.fps), compositor: await soundSpan(files.compositor, plan.fps) } : null,
  };
}

/** SSIM (all planes) and PSNR (average) of every frame of `b` against `a`, by frame number. */
export async function frameScores(a: string, b: string): Promise<FrameScore[]> {
  // Paired by frame number, not timestamp: containers round timestamps differently (WebM keeps milliseconds).
  const byIndex = 'settb=1/1000,setpts=N';
  // One file each: two filters writing to one stdout interleave their buffers mid-line once there are
  // more lines than a buffer holds (at 720p, 102 frames read as 83 SSIM and 84 PSNR values).
  const dir = await mkdtemp(join(tmpdir(), 'parity-scores-'));
  const [ssimFile, psnrFile] = [join(dir, 'ssim.log'), join(dir, 'psnr.log')];
  const graph = `[0:v]${byIndex},split[a1][a2];[1:v]${byIndex},split[b1][b2];[a1][b1]ssim=stats_file=${ssimFile}[s];[a2][b2]psnr[p]`;
  let ssimLog: string;
  let psnrLog: string;
  try {
    await run('ffmpeg', [
      '-hide_banner',
      '-nostats',
      '-loglevel',
      'error',
      '-i',
      a,
      '-i',
      b,
      '-filter_complex',
      `${graph};[p]metadata=mode=print:key=lavfi.psnr.psnr_avg:file=${psnrFile}[pm]`,
      '-map',
      '[s]',
      '-f',
      'null',
      '-',
      '-map',
      '[pm]',
      '-f',
      'null',
      '-',
    ]);
    [ssimLog, psnrLog] = await Promise.all([readFile(ssimFile, 'utf8'), readFile(psnrFile, 'utf8')]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const ssim = [...ssimLog.matchAll(/^n:(\d+) .*All:([\d.]+)/gm)].map((m) => ({ frame: Number(m[1]) - 1, ssim: Number(m[2]) }));
  const psnr = [...psnrLog.matchAll(/lavfi\.psnr\.psnr_avg=([\d.]+|inf)/g)].map((m) => (m[1] === 'inf' ? 100 : Number(m[1])));
  if (ssim.length === 0 || ssim.length !== psnr.length) throw new Error(`could not compare ${a} and ${b}: ${ssim.length} SSIM and ${psnr.length} PSNR values`);
  return ssim.map((s, i) => ({ ...s, psnr: psnr[i] }));
}

/** Integrated loudness, LUFS. */
export async function loudness(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-vn', '-af', 'ebur128', '-f', 'null', '-']);
  const match = /Integrated loudness:\s+I:\s+(-?[\d.]+) LUFS/.exec(stderr);
  if (match === null) throw new Error(`no loudness measured for ${file}`);
  return Number(match[1]);
}

/** First and last video frame whose sound is within 6 dB of the loudest frame's (RMS per frame). */
export async function soundSpan(file: string, fps: number): Promise<[number, number]> {
  const samples = Math.round(48_000 / fps);
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-loglevel',
      'error',
      '-i',
      file,
      '-vn',
      '-af',
      `aresample=48000,asetnsamples=n=${samples}:p=1,astats=metadata=1:reset=1,ametadata=mode=print:key=lavfi.astats.Overall.RMS_level:file=-`,
      '-f',
      'null',
      '-',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const levels = [...stdout.matchAll(/RMS_level=(-?[\d.]+|-inf)/g)].map((m) => (m[1] === '-inf' ? -200 : Number(m[1])));
  const loudest = Math.max(...levels);
  const loud = levels.map((level, i) => (level >= loudest - 6 ? i : -1)).filter((i) => i >= 0);
  return [loud[0], loud[loud.length - 1]];
}

export function formatTable(results: ParityResult[]): string {
  const rows = results.map((r) => [
    r.name,
    r.engine,
    `${r.frames.compositor}/${r.frames.remotion}`,
    r.worst.ssim.toFixed(4),
    r.worst.psnr.toFixed(1),
    String(r.worst.frame),
    r.loudness ? (r.loudness.compositor - r.loudness.remotion).toFixed(2) : '-',
    r.soundSpan ? `${r.soundSpan.compositor.join('-')} vs ${r.soundSpan.remotion.join('-')}` : '-',
  ]);
  const header = ['timeline', 'engine', 'frames c/r', 'worst SSIM', 'worst PSNR', 'at frame', 'ΔLU', 'loud frames c vs r'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  return [header, ...rows].map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ')).join('\n');
}

/** The worst frame of a result as one PNG: Remotion, the compositor, and their difference (x4) side by side. */
export async function writeWorstFrame(result: ParityResult, pngPath: string): Promise<void> {
  const pick = `select=eq(n\\,${result.worst.frame}),format=gbrp`;
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    result.files.remotion,
    '-i',
    result.files.compositor,
    '-filter_complex',
    `[0:v]${pick},split[a][a2];[1:v]${pick},split[b][b2];[a2][b2]blend=all_expr='min(255,4*abs(A-B))'[d];[a][b][d]hstack=inputs=3`,
    '-frames:v',
    '1',
    pngPath,
  ]);
}
