/**
 * Helpers for the render integration tests: the bundle, generated media served
 * by a real MediaServer, plans built by the real builder, and ffmpeg/ffprobe
 * readers for pixels, loudness and streams.
 */
import { execFile } from 'node:child_process';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../../src/common/project-root';
import { planTimeline, type MediaKind } from '../../../src/render/plan/timeline-planner';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import { MediaServer } from '../../../src/render/media-server';
import type { ChromiumSandbox } from '../../../src/render/chromium-sandbox';
import { openBrowser, renderStill, type HeadlessBrowser } from '@remotion/renderer';
import { COMPOSITION_ID, RemotionRenderer } from '../../../src/render/remotion-renderer';
import type { ResolvedOutput, TrackInput } from '../../../src/task-input/task-input.types';

const run = promisify(execFile);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
// From the source tree (jest) and from dist/ (bench:parity runs the compiled fixtures).
const REPO_ROOT = projectRoot();
/** RENDER_TEST_BUNDLE_DIR lets a run test another bundle (e.g. one built from a scratch copy). */
export const BUNDLE_DIR = process.env.RENDER_TEST_BUNDLE_DIR ?? join(REPO_ROOT, 'dist', 'remotion-bundle');

/** Builds the bundle once when a previous build did not leave one. */
export async function ensureBundle(): Promise<string> {
  if (!existsSync(join(BUNDLE_DIR, 'index.html'))) {
    // A plain CommonJS build script: required at run time, not compiled by ts-jest.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a .js script has no typed import (no allowJs)
    const { bundleComposition } = require(join(REPO_ROOT, 'scripts', 'bundle-composition.js')) as {
      bundleComposition: (o?: { outDir?: string }) => Promise<string>;
    };
    await bundleComposition({ outDir: BUNDLE_DIR });
  }
  return BUNDLE_DIR;
}

export type Rgb = [number, number, number];

async function ffmpeg(args: string[]): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-v', 'info', '-hide_banner', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stderr;
}

function hex([r, g, b]: Rgb): string {
  return `0x${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A lavfi source of horizontal colour bands stacked top to bottom (one band = a solid colour). */
function bandsSource(width: number, height: number, colours: Rgb[], seconds?: number): string {
  const bandHeight = height / colours.length;
  const duration = seconds === undefined ? '' : `:d=${seconds}`;
  if (colours.length === 1) return `color=c=${hex(colours[0])}:s=${width}x${height}${duration}`;
  const inputs = colours.map((c, i) => `color=c=${hex(c)}:s=${width}x${bandHeight}${duration}[b${i}]`).join(';');
  return `${inputs};${colours.map((_, i) => `[b${i}]`).join('')}vstack=inputs=${colours.length}`;
}

export interface Size {
  width: number;
  height: number;
}

/** Solid-colour fixtures on disk, served over HTTP the way the worker serves task media. */
export class MediaFixtures {
  readonly server = new MediaServer();
  dir = '';
  private base = '';
  /** The picture size of each image and video made, as the worker's probe reports it. */
  private readonly sizes = new Map<string, Size>();

  async start(): Promise<void> {
    this.dir = await fs.mkdtemp(join(tmpdir(), 'render-it-'));
    await this.server.start();
    this.base = this.server.register('fixtures', this.dir);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await fs.rm(this.dir, { recursive: true, force: true });
  }

  url(name: string): string {
    return `${this.base}${name}`;
  }

  path(name: string): string {
    return join(this.dir, name);
  }

  read(name: string): Buffer {
    return readFileSync(this.path(name));
  }

  /** Display size of a picture fixture; undefined for sound and subtitles. */
  sizeOf(name: string): Size | undefined {
    return this.sizes.get(name);
  }

  /** A picture written by the test itself, known by `name`, whose upright size is `size`. */
  made(name: string, size: Size): string {
    this.sizes.set(name, size);
    return name;
  }

  /** A PNG of horizontal bands, top to bottom. */
  async image(name: string, width: number, height: number, bands: Rgb[]): Promise<string> {
    await ffmpeg(['-f', 'lavfi', '-i', bandsSource(width, height, bands), '-frames:v', '1', this.path(name)]);
    this.sizes.set(name, { width, height });
    return name;
  }

  /** A PNG split into a left and a right half. */
  async halves(name: string, width: number, height: number, left: Rgb, right: Rgb): Promise<string> {
    const w = width / 2;
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `color=c=${hex(left)}:s=${w}x${height}[l];color=c=${hex(right)}:s=${w}x${height}[r];[l][r]hstack`,
      '-frames:v',
      '1',
      this.path(name),
    ]);
    this.sizes.set(name, { width, height });
    return name;
  }

  /** An H.264 + AAC mp4 of horizontal bands with a sine tone (or silence when toneHz is 0). */
  async video(name: string, width: number, height: number, bands: Rgb[], seconds: number, toneHz = 440): Promise<string> {
    const audio = toneHz > 0 ? `sine=frequency=${toneHz}:duration=${seconds}:sample_rate=48000` : `anullsrc=r=48000:cl=mono`;
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `${bandsSource(width, height, bands, seconds)},fps=30`,
      '-f',
      'lavfi',
      '-i',
      audio,
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      this.path(name),
    ]);
    this.sizes.set(name, { width, height });
    return name;
  }

  /** A WAV sine tone at full scale ×0.5. */
  async tone(name: string, seconds: number, hz = 1000): Promise<string> {
    await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}:sample_rate=48000`, this.path(name)]);
    return name;
  }
}

export function output(width: number, height: number, framerate: number, extra: Partial<ResolvedOutput> = {}): ResolvedOutput {
  return { width, height, framerate, format: 'mp4', quality: 'draft', codec: 'h264', ...extra };
}

function kindOf(url: string): MediaKind {
  if (/\.(png|jpe?g|webp)$/i.test(url)) return 'image';
  return /\.(wav|mp3|m4a)$/i.test(url) ? 'audio' : 'video';
}

/** A plan from API-shaped tracks whose media_url values are fixture names. */
/** A text clip as a test writes it: `text` where other clips have `media_url`. */
export interface TextClipFields {
  id: string;
  text: string;
  start_time_ms: number;
  end_time_ms: number;
  properties?: Record<string, unknown>;
}

/**
 * A text track. The input type keeps `media_url` typed present for the render
 * code, which reads it on media tracks only (TimelineClip), so a literal text
 * clip is cast here, once.
 */
export function textTrack(id: string, clips: TextClipFields[]): TrackInput {
  return { id, type: 'text', clips } as unknown as TrackInput;
}

export function planFor(fixtures: MediaFixtures, out: ResolvedOutput, durationMs: number, tracks: TrackInput[]): RenderPlan {
  return planTimeline({
    timeline: { duration_ms: durationMs, tracks },
    output: out,
    resolveMediaSrc: (_t, _c, clip) => ({ src: fixtures.url(clip.media_url), kind: kindOf(clip.media_url), size: fixtures.sizeOf(clip.media_url) }),
    readSubtitleFile: (_t, _c, clip) => fixtures.read(clip.media_url),
  });
}

/**
 * Single frames of the full `Timeline` composition as JPEGs, for tests of the
 * composition itself (the service cuts thumbnails from the finished video).
 */
export class PlanFrames {
  private browser: HeadlessBrowser | null = null;

  async draw(plan: RenderPlan, frame: number, outPath: string): Promise<void> {
    this.browser ??= await openBrowser('chrome', { browserExecutable: CHROMIUM_PATH, chromeMode: 'headless-shell', logLevel: 'error' });
    const props = { ...plan };
    await renderStill({
      serveUrl: BUNDLE_DIR,
      composition: {
        id: COMPOSITION_ID,
        width: plan.width,
        height: plan.height,
        fps: plan.fps,
        durationInFrames: plan.durationInFrames,
        defaultProps: {},
        props,
        defaultCodec: null,
        defaultOutName: null,
        defaultVideoImageFormat: null,
        defaultPixelFormat: null,
        defaultProResProfile: null,
        defaultSampleRate: null,
      },
      inputProps: props,
      puppeteerInstance: this.browser,
      browserExecutable: CHROMIUM_PATH,
      chromeMode: 'headless-shell',
      logLevel: 'error',
      output: outPath,
      overwrite: true,
      frame,
      imageFormat: 'jpeg',
    });
  }

  async close(): Promise<void> {
    await this.browser?.close({ silent: true });
    this.browser = null;
  }
}

export function newRenderer(concurrency = 2, sandbox: ChromiumSandbox = { mode: 'on', user: 'nobody' }): RemotionRenderer {
  return new RemotionRenderer({ serveUrl: BUNDLE_DIR, chromiumPath: CHROMIUM_PATH, sandbox, concurrency, logLevel: 'error' });
}

export interface Frame {
  width: number;
  height: number;
  data: Buffer;
}

/** One decoded frame (by index) as RGB24. */
export async function readFrame(file: string, index: number): Promise<Frame> {
  const { width, height } = (await probe(file)).video;
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  if (stdout.length !== width * height * 3) throw new Error(`frame ${index} of ${file} not found`);
  return { width, height, data: stdout };
}

/** Every decoded frame of a file as RGB24, in order: one decode for a test that samples many frames. */
export async function readFrames(file: string): Promise<Frame[]> {
  const { width, height } = (await probe(file)).video;
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    encoding: 'buffer',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const size = width * height * 3;
  return Array.from({ length: stdout.length / size }, (_, i) => ({ width, height, data: stdout.subarray(i * size, (i + 1) * size) }));
}

export function pixel(frame: Frame, x: number, y: number): Rgb {
  const i = (Math.round(y) * frame.width + Math.round(x)) * 3;
  return [frame.data[i], frame.data[i + 1], frame.data[i + 2]];
}

/** A rectangle of pixels: left and top included, right and bottom not. */
export interface Extent {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The smallest rectangle holding every pixel of `within` (default: the frame) whose colour `matches`; null when none does. */
export function extentOf(frame: Frame, matches: (colour: Rgb) => boolean, within?: Extent): Extent | null {
  const area = within ?? { left: 0, top: 0, right: frame.width, bottom: frame.height };
  let found: Extent | null = null;
  for (let y = area.top; y < area.bottom; y++) {
    for (let x = area.left; x < area.right; x++) {
      if (!matches(pixel(frame, x, y))) continue;
      found = found ?? { left: x, top: y, right: x + 1, bottom: y + 1 };
      found.left = Math.min(found.left, x);
      found.right = Math.max(found.right, x + 1);
      found.bottom = y + 1;
    }
  }
  return found;
}

/** A number, or an object of numbers: a rectangle, a point, a colour. */
type Measure = number | object;

/** `expect(measured).toBeNear(expected, tolerance)`: a number, or every field of a rectangle, point or colour, within `tolerance`. */
export const nearMatchers = {
  toBeNear(received: Measure | null, expected: Measure, tolerance: number) {
    const difference = (a: number, b: number): number => Math.abs(a - b);
    const off =
      received === null
        ? Infinity
        : typeof expected === 'number'
          ? difference(received as number, expected)
          : Math.max(...Object.entries(expected).map(([key, value]: [string, number]) => difference((received as Record<string, number>)[key], value)));
    const pass = off <= tolerance;
    return {
      pass,
      message: () => `expected ${JSON.stringify(received)} ${pass ? 'not ' : ''}to be within ${tolerance} of ${JSON.stringify(expected)} (off by ${off})`,
    };
  },
};

declare global {
  namespace jest {
    interface Matchers<R> {
      toBeNear(expected: Measure, tolerance: number): R;
    }
  }
}

/** Mean position of the pixels whose colour `matches`; null when none does. */
export function centroidOf(frame: Frame, matches: (colour: Rgb) => boolean): { x: number; y: number } | null {
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      if (!matches(pixel(frame, x, y))) continue;
      count += 1;
      sumX += x + 0.5;
      sumY += y + 0.5;
    }
  }
  return count === 0 ? null : { x: sumX / count, y: sumY / count };
}

/** Whether two colours match within a tolerance per channel (yuv420 and JPEG round trips). */
export function near(actual: Rgb, expected: Rgb, tolerance = 16): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

export interface Probe {
  format: { duration: number; formatName: string };
  video: {
    codec: string;
    width: number;
    height: number;
    fps: number;
    frames: number;
    pixFmt: string;
    profile: string;
    colorRange: string;
    colorSpace: string;
  };
  audio: { codec: string; channels: number } | null;
}

interface RawStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_read_frames?: string;
  pix_fmt?: string;
  profile?: string;
  channels?: number;
  color_range?: string;
  color_space?: string;
}

function rate(value: string | undefined): number {
  const [n, d] = (value ?? '0/1').split('/').map(Number);
  return d ? n / d : 0;
}

export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-count_frames', '-show_format', '-show_streams', '-of', 'json', file]);
  const json = JSON.parse(stdout) as { format: { duration: string; format_name: string }; streams: RawStream[] };
  const video = json.streams.find((s) => s.codec_type === 'video');
  const audio = json.streams.find((s) => s.codec_type === 'audio');
  if (video === undefined) throw new Error(`${file} has no video stream`);
  return {
    format: { duration: Number(json.format.duration), formatName: json.format.format_name },
    video: {
      codec: video.codec_name,
      width: video.width ?? 0,
      height: video.height ?? 0,
      fps: rate(video.r_frame_rate),
      frames: Number(video.nb_read_frames ?? 0),
      pixFmt: video.pix_fmt ?? '',
      profile: video.profile ?? '',
      colorRange: video.color_range ?? '',
      colorSpace: video.color_space ?? '',
    },
    audio: audio === undefined ? null : { codec: audio.codec_name, channels: audio.channels ?? 0 },
  };
}

/** Mean loudness in dBFS of [start, start + length) seconds of a file's audio. */
export async function meanVolumeDb(file: string, start: number, length: number): Promise<number> {
  const stderr = await ffmpeg(['-ss', String(start), '-t', String(length), '-i', file, '-vn', '-af', 'volumedetect', '-f', 'null', '-']);
  const match = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  if (match === null) throw new Error(`no volume measured for ${file}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

export async function tempOut(dir: string, name: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  return join(dir, name);
}
