/**
 * The compositor's audio graph and encoder arguments against the real
 * Remotion renderer: the same plan mixed by one Debian ffmpeg (a plain colour
 * for the picture) must be as loud, fade at the same moments and probe as the
 * same streams as Remotion's file, for every format/codec pair.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { audioGraph, type AudioInput } from '../../../src/render/compositor/audio-graph';
import { encoderArgs, encoderInputFilter } from '../../../src/render/compositor/encoder-args';
import { encodingFor } from '../../../src/render/encoding-settings';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import type { OutputCodec, OutputFormat, OutputQuality, ResolvedOutput } from '../../../src/task-input/task-input.types';
import { ensureBundle, MediaFixtures, newRenderer, output, planFor } from './render-fixtures';

jest.setTimeout(180_000);

const run = promisify(execFile);
const SYSTEM_FFMPEG = '/usr/bin/ffmpeg';
const SAMPLE_RATE = 48_000;
const FPS = 10;
const SAMPLES_PER_FRAME = SAMPLE_RATE / FPS;

/** Encodes a plan's audio with a plain colour picture, as the compositor's one ffmpeg run would. */
async function compositorEncode(plan: RenderPlan, out: ResolvedOutput, sources: Map<string, string>, outPath: string): Promise<void> {
  const enc = encodingFor(out);
  const srcs = [...sources.keys()];
  const inputOf = (src: string): AudioInput => ({ inputIndex: srcs.indexOf(src), hasAudio: true });
  const picture = `color=c=black:s=${plan.width}x${plan.height}:r=${plan.fps},trim=end_frame=${plan.durationInFrames},format=gbrp`;
  const graph = [`${picture},${encoderInputFilter(enc)}[vout]`, audioGraph(plan, inputOf, 'aout')].join(';');
  await run(SYSTEM_FFMPEG, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...srcs.flatMap((src) => ['-i', sources.get(src) ?? '']),
    '-filter_complex',
    graph,
    ...encoderArgs(enc, plan, { video: 'vout', audio: 'aout' }, outPath),
  ]);
}

/** Integrated loudness (EBU R128) in LUFS. */
async function integratedLufs(file: string): Promise<number> {
  const { stderr } = await run(SYSTEM_FFMPEG, ['-hide_banner', '-nostats', '-i', file, '-map', '0:a', '-af', 'ebur128', '-f', 'null', '-']);
  const all = [...stderr.matchAll(/I:\s+(-?[\d.]+) LUFS/g)];
  if (all.length === 0) throw new Error(`no loudness measured for ${file}`);
  return Number(all[all.length - 1][1]);
}

/** The audio as 48 kHz mono float samples (channels averaged). */
async function samples(file: string): Promise<Float32Array> {
  const { stdout } = await run(SYSTEM_FFMPEG, ['-v', 'error', '-i', file, '-map', '0:a', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 'f32le', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.length));
}

/** RMS of consecutive windows of `size` samples, from sample `from` on. */
function envelope(x: Float32Array, size: number, from = 0): number[] {
  const out: number[] = [];
  for (let start = from; start + size <= x.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += x[i] * x[i];
    out.push(Math.sqrt(sum / size));
  }
  return out;
}

function onset(x: Float32Array): number {
  const i = x.findIndex((v) => Math.abs(v) > 0.01);
  if (i < 0) throw new Error('no sound found');
  return i;
}

/** Seconds at which a 10 ms envelope first rises over, and last stays over, half its peak before `until` seconds. */
function halfLevelCrossings(x: Float32Array, until: number): { rise: number; fall: number } {
  const step = SAMPLE_RATE / 100;
  const env = envelope(x, step).slice(0, Math.round(until * 100));
  const half = Math.max(...env) / 2;
  const rise = env.findIndex((v) => v > half);
  const fall = env.length - 1 - [...env].reverse().findIndex((v) => v > half);
  return { rise: rise / 100, fall: (fall + 1) / 100 };
}

interface StreamFacts {
  video: Record<string, string | undefined>;
  audio: Record<string, string | number | undefined>;
  duration: number;
}

async function streamFacts(file: string): Promise<StreamFacts> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  type Stream = Record<string, string | number | undefined>;
  const json = JSON.parse(stdout) as { format: { duration: string }; streams: Stream[] };
  const v = json.streams.find((s) => s.codec_type === 'video');
  const a = json.streams.find((s) => s.codec_type === 'audio');
  if (v === undefined || a === undefined) throw new Error(`${file} lacks a video or an audio stream`);
  const pick = (s: Stream, keys: string[]) => Object.fromEntries(keys.map((k) => [k, s[k]]));
  return {
    video: pick(v, ['codec_name', 'profile', 'pix_fmt', 'color_space', 'color_transfer', 'color_primaries', 'color_range', 'chroma_location']) as Record<
      string,
      string | undefined
    >,
    audio: pick(a, ['codec_name', 'sample_rate', 'channels']),
    duration: Number(json.format.duration),
  };
}

describe('compositor audio graph and encoder arguments (real Remotion, real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let sources: Map<string, string>;
  let voiced: string;
  let remotionMix: string;
  let compositorMix: string;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer(1);
    const tone = await fixtures.tone('tone.wav', 2);
    voiced = await fixtures.video('voiced.mp4', 160, 90, [[0, 0, 255]], 1, 440);
    sources = new Map([
      [fixtures.url(tone), fixtures.path(tone)],
      [fixtures.url(voiced), fixtures.path(voiced)],
    ]);
    const out = output(160, 90, FPS);
    const plan = planFor(fixtures, out, 2_000, [
      {
        id: 'music',
        type: 'audio',
        clips: [
          {
            id: 'faded',
            media_url: tone,
            start_time_ms: 300,
            end_time_ms: 1_700,
            properties: { volume: 0.8, fade_in_ms: 500, fade_out_ms: 500 },
          },
        ],
      },
      { id: 'picture', type: 'video', clips: [{ id: 'voiced', media_url: voiced, start_time_ms: 1_000, end_time_ms: 2_000 }] },
    ]);
    remotionMix = join(fixtures.dir, 'mix-remotion.mp4');
    compositorMix = join(fixtures.dir, 'mix-compositor.mp4');
    await renderer.renderVideo({ plan, output: out, outPath: remotionMix, onProgress: () => undefined });
    await compositorEncode(plan, out, sources, compositorMix);
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  it('is as loud as the Remotion render (integrated loudness within 0.5 LU)', async () => {
    const [remotion, compositor] = await Promise.all([integratedLufs(remotionMix), integratedLufs(compositorMix)]);
    expect(Math.abs(remotion - compositor)).toBeLessThanOrEqual(0.5);
  });

  it('fades at the same moments, within one frame', async () => {
    const [remotion, compositor] = await Promise.all([samples(remotionMix), samples(compositorMix)]);
    // Remotion's AAC path puts the encoder delay in front of the sound; it must stay under a frame.
    const lag = onset(remotion) - onset(compositor);
    expect(Math.abs(lag)).toBeLessThan(SAMPLES_PER_FRAME);

    // The faded clip alone sounds before 1.0 s (fade-in) and its fade-out ends at 1.7 s under the video's tone.
    const r = halfLevelCrossings(remotion, 1.0);
    const c = halfLevelCrossings(compositor, 1.0);
    expect(Math.abs(r.rise - c.rise)).toBeLessThan(1 / FPS);

    // Per-frame RMS, with the encoder delay taken out, follows the same envelope.
    const envR = envelope(remotion, SAMPLES_PER_FRAME, Math.max(0, lag));
    const envC = envelope(compositor, SAMPLES_PER_FRAME, Math.max(0, -lag));
    const frames = Math.min(envR.length, envC.length);
    const peak = Math.max(...envR);
    for (let f = 0; f < frames; f++) expect(Math.abs(envR[f] - envC[f])).toBeLessThanOrEqual(0.12 * peak);
    // Fade-in ramps from silence, fade-out ramps down to the video's tone: the same frames rise and fall.
    expect(envC.slice(0, 4).every((v) => v < 0.01 * peak)).toBe(true);
    expect(envC[4]).toBeLessThan(envC[8]);
    expect(envC[16]).toBeLessThan(envC[12]);
  });

  it('writes a silent 48 kHz stereo track of the timeline length when nothing sounds', async () => {
    const out = output(160, 90, FPS);
    const plan = planFor(fixtures, out, 500, []);
    const file = join(fixtures.dir, 'silent.mp4');
    await compositorEncode(plan, out, new Map(), file);
    const facts = await streamFacts(file);
    expect(facts.audio).toEqual({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    expect(Math.abs(facts.duration - 0.5)).toBeLessThanOrEqual(0.02);
    expect((await samples(file)).every((v) => v === 0)).toBe(true);
  });

  const PAIRS: Array<[OutputFormat, OutputCodec, OutputQuality]> = [
    ['mp4', 'h264', 'high'],
    ['mp4', 'h265', 'standard'],
    ['mov', 'h264', 'draft'],
    ['mov', 'prores', 'premium'],
    ['webm', 'vp8', 'standard'],
    ['webm', 'vp9', 'high'],
    ['prores', 'prores', 'draft'],
  ];

  it.each(PAIRS)('%s/%s (%s) probes as the streams Remotion writes', async (format, codec, quality) => {
    const out = output(160, 90, FPS, { format, codec, quality });
    const plan = planFor(fixtures, out, 500, [
      { id: 'picture', type: 'video', clips: [{ id: 'voiced', media_url: voiced, start_time_ms: 0, end_time_ms: 500 }] },
    ]);
    const extension = encodingFor(out).extension;
    const remotionFile = join(fixtures.dir, `pair-remotion-${format}-${codec}.${extension}`);
    const compositorFile = join(fixtures.dir, `pair-compositor-${format}-${codec}.${extension}`);
    await renderer.renderVideo({ plan, output: out, outPath: remotionFile, onProgress: () => undefined });
    await compositorEncode(plan, out, sources, compositorFile);
    const [remotion, compositor] = await Promise.all([streamFacts(remotionFile), streamFacts(compositorFile)]);
    expect(compositor.video).toEqual(remotion.video);
    expect(compositor.audio).toEqual(remotion.audio);
    expect(Math.abs(compositor.duration - 0.5)).toBeLessThanOrEqual(0.02);
  });
});
