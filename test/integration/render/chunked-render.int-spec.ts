/**
 * A chunked render's parts: each engine renders a frame range of a plan as a
 * silent file that starts at the range's first frame, and the compositor
 * joins the parts (video copied, the whole timeline's sound mixed once and
 * copied) into
 * the file an unchunked render writes: the same source frame at every output
 * frame, the same frame count, the same sound.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CompositorRenderer } from '../../../src/render/compositor/compositor-renderer';
import { chunkRanges } from '../../../src/render/plan/frame-range';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import type { RenderVideoArgs } from '../../../src/render/render-engine';
import { withDucking } from '../../../src/render/sound/trigger-sound';
import type { TrackInput } from '../../../src/task-input/task-input.types';
import { ensureBundle, MediaFixtures, newRenderer, output, planFor, probe, textTrack } from './render-fixtures';

jest.setTimeout(300_000);
const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-loglevel', 'error', '-y', ...args]);
const OUT = output(160, 90, 10);

/**
 * The source frame each frame of a file shows: frame N of a numbered source has luma 16 + 12 (N mod 16)
 * on its left half and 16 + 12 floor(N / 16) on its right, so two pixels name it (12 levels apart survive any rounding).
 */
async function framesShown(file: string): Promise<number[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const size = 160 * 90 * 3;
  // Grey decoded to RGB: red = (luma - 16) * 255 / 219.
  const level = (red: number) => Math.round((red * 219) / 255 / 12);
  const shown: number[] = [];
  for (let at = 0; at + size <= stdout.length; at += size) shown.push(level(stdout[at + (45 * 160 + 40) * 3]) + 16 * level(stdout[at + (45 * 160 + 120) * 3]));
  return shown;
}

/** The decoded sound of a file as 16-bit samples (48 kHz stereo). */
async function samples(file: string): Promise<Int16Array> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-vn', '-f', 's16le', '-ac', '2', '-ar', '48000', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length / 2);
}

describe('chunked renders: frame ranges rendered apart and joined', () => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let compositor: CompositorRenderer;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    remotion = newRenderer();
    compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
    const numbered = (name: string, rate: number, seconds: number, extra: string[] = []) =>
      ffmpeg([
        ...['-f', 'lavfi', '-i', `color=black:s=160x90:r=${rate}:d=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}:sample_rate=48000`],
        ...[
          '-vf',
          "geq=lum='if(lt(X\\,80)\\,16+12*mod(N\\,16)\\,16+12*floor(N/16))':cb=128:cr=128,format=yuv420p",
          '-c:v',
          'libx264',
          '-qp',
          '0',
          '-g',
          '12',
          '-c:a',
          'aac',
        ],
        ...extra,
        fixtures.path(name),
      ]);
    await numbered('r25.mp4', 25, 2.8);
    await numbered('r24.mp4', 24, 2.8);
    await numbered('late.mp4', 25, 2.4, ['-output_ts_offset', '0.5']);
    await numbered('short.mp4', 30, 1.2);
    await fixtures.tone('tone.wav', 3, 880);
    await fixtures.image('square.png', 90, 90, [[255, 255, 255]]);
  });
  afterAll(async () => {
    await remotion?.close();
    await fixtures.stop();
  });

  /** A 2.6 s plan at 10 fps: the source from 0.2 s to the end, with its own sound and a tone under it. */
  const planOf = (name: string): RenderPlan =>
    planFor(fixtures, OUT, 2_600, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: name, start_time_ms: 200, end_time_ms: 2_600 }] },
      { id: 'm', type: 'audio', clips: [{ id: 't', media_url: 'tone.wav', start_time_ms: 0, end_time_ms: 2_600, properties: { volume: 0.3 } }] },
    ]);

  /** Renders `plan` in ranges of 0.9 s with `renderer`, then joins them with the compositor. */
  async function chunked(plan: RenderPlan, renderer: { renderVideo(args: RenderVideoArgs): Promise<unknown> }, name: string): Promise<string> {
    const ranges = chunkRanges(plan.durationInFrames, plan.fps, 0.9);
    expect(ranges.length).toBe(3);
    const chunkPaths: string[] = [];
    for (const [i, frames] of ranges.entries()) {
      const path = fixtures.path(`${name}.chunk-${i}.mp4`);
      await renderer.renderVideo({ plan, output: OUT, outPath: path, frames, onProgress: () => undefined });
      const part = await probe(path);
      expect([i, part.video.frames, part.audio]).toEqual([i, frames.to - frames.from, null]);
      chunkPaths.push(path);
    }
    const soundTrackPath = fixtures.path(`${name}.sound`);
    await compositor.mixSoundTrack({ plan, output: OUT, outPath: soundTrackPath });
    const outPath = fixtures.path(`${name}.joined.mp4`);
    await compositor.joinChunks({ plan, output: OUT, chunkPaths, soundTrackPath, outPath });
    return outPath;
  }

  it.each(['r25.mp4', 'r24.mp4', 'late.mp4', 'short.mp4'])(
    '%s: every frame of the joined compositor chunks is the one an unchunked render shows, at every boundary',
    async (name) => {
      const plan = planOf(name);
      const whole = fixtures.path(`${name}.whole.mp4`);
      await compositor.renderVideo({ plan, output: OUT, outPath: whole, onProgress: () => undefined });
      const joined = await chunked(plan, compositor, `${name}.compositor`);
      const [wholeFrames, joinedFrames] = [await framesShown(whole), await framesShown(joined)];
      expect(joinedFrames).toHaveLength(plan.durationInFrames);
      expect(joinedFrames).toEqual(wholeFrames);
      // The rule itself, so that both being wrong the same way is noticed: 25 fps from 0.2 s shows floor(2.5 k) at frame 2 + k.
      if (name === 'r25.mp4') expect(wholeFrames.slice(2)).toEqual(Array.from({ length: 24 }, (_, k) => Math.floor(2.5 * k)));
    },
  );

  it('Remotion chunks join into the same frames, and the joined file has the frame count, duration and sound of an unchunked render', async () => {
    const plan = planOf('r24.mp4');
    const whole = fixtures.path('r24.whole-remotion.mp4');
    await compositor.renderVideo({ plan, output: OUT, outPath: whole, onProgress: () => undefined });
    const joined = await chunked(plan, remotion, 'r24.remotion');
    expect(await framesShown(joined)).toEqual(await framesShown(whole));

    const [a, b] = [await probe(whole), await probe(joined)];
    expect(b.video.frames).toBe(26);
    expect(b.format.duration).toBeCloseTo(a.format.duration, 2);
    expect(b.audio).toEqual(a.audio);
    // The sound is mixed and encoded once in both, from the same inputs: sample for sample the same
    // (a chunk boundary's gap or AAC priming would differ by whole periods of the tones).
    const [sa, sb] = [await samples(whole), await samples(joined)];
    expect(sb.length).toBe(sa.length);
    let peak = 0;
    let worst = 0;
    for (let i = 0; i < sa.length; i++) {
      peak = Math.max(peak, Math.abs(sa[i]));
      worst = Math.max(worst, Math.abs(sa[i] - sb[i]));
    }
    expect(peak).toBeGreaterThan(3_000);
    expect(worst).toBeLessThanOrEqual(1);
  });

  it("joins a ducked plan's chunks with the sound of an unchunked render: the ducking cut with the video layers, mixed whole", async () => {
    // The tone ducks under the video's own sound (from 0.2 s), and the video's sound under the tone's track.
    const tracks: TrackInput[] = [
      {
        id: 'v',
        type: 'video',
        clips: [{ id: 'a', media_url: 'r25.mp4', start_time_ms: 200, end_time_ms: 2_600, properties: { ducking: { under: ['m'], amount_db: 6 } } }],
      },
      {
        id: 'm',
        type: 'audio',
        clips: [
          {
            id: 't',
            media_url: 'tone.wav',
            start_time_ms: 0,
            end_time_ms: 2_600,
            properties: { volume: 0.3, ducking: { under: ['v'], amount_db: 12, attack_ms: 100, release_ms: 300 } },
          },
        ],
      },
    ];
    const measured = { mediaPath: (src: string) => fixtures.server.localPath(src) };
    const plan = await withDucking(planFor(fixtures, OUT, 2_600, tracks), { duration_ms: 2_600, tracks }, measured, new AbortController().signal);
    expect(plan.audio[0].duckingDb).not.toBeNull();
    expect(plan.layers[0].kind === 'video' && plan.layers[0].duckingDb).not.toBeNull();
    const whole = fixtures.path('ducked.whole.mp4');
    await compositor.renderVideo({ plan, output: OUT, outPath: whole, onProgress: () => undefined });
    const joined = await chunked(plan, compositor, 'ducked');
    const [sa, sb] = [await samples(whole), await samples(joined)];
    expect(sb.length).toBe(sa.length);
    expect(sa.reduce((peak, value) => Math.max(peak, Math.abs(value)), 0)).toBeGreaterThan(1_000);
    expect(sa.every((value, i) => Math.abs(value - sb[i]) <= 1)).toBe(true);
  });

  it('joins the chunks of an animated plan into the frames an unchunked render shows: keyframes and transitions cut at the boundaries', async () => {
    const keyframes = <T>(...frames: Array<[number, T]>) => ({ keyframes: frames.map(([time_ms, value]) => ({ time_ms, value })) });
    const tracks: TrackInput[] = [
      {
        id: 'v',
        type: 'video',
        clips: [
          { id: 'a', media_url: 'r25.mp4', start_time_ms: 0, end_time_ms: 2_600, properties: { transition: { in: { type: 'fade', duration_ms: 1_200 } } } },
        ],
      },
      {
        id: 'i',
        type: 'video',
        clips: [
          {
            id: 'sq',
            media_url: 'square.png',
            start_time_ms: 300,
            end_time_ms: 2_600,
            properties: {
              scale: keyframes([0, { x: 0.2, y: 0.2 }], [2_300, { x: 0.4, y: 0.4 }]),
              position: keyframes([0, { x: -50, y: -20 }], [2_300, { x: 50, y: 20 }]),
              rotation: keyframes([0, 0], [2_300, 90]),
              transition: { out: { type: 'wipe-right', duration_ms: 800 } },
              z_index: 1,
            },
          },
        ],
      },
      textTrack('t', [
        {
          id: 'title',
          text: 'Chunks',
          start_time_ms: 500,
          end_time_ms: 2_600,
          properties: { font_size: 16, position: { x: 80, y: 80 }, transition: { in: { type: 'slide-up', duration_ms: 1_000 } } },
        },
      ]),
    ];
    const plan = planFor(fixtures, OUT, 2_600, tracks);
    const whole = fixtures.path('animated.whole.mp4');
    await compositor.renderVideo({ plan, output: OUT, outPath: whole, onProgress: () => undefined });
    const joined = await chunked(plan, compositor, 'animated.compositor');
    const [a, b] = [await rgbFrames(whole), await rgbFrames(joined)];
    expect(b).toHaveLength(a.length);
    // Encoded apart, the chunks differ from the whole only by the encoder's noise: no frame shows another frame's motion.
    const worst = a.map((frame, i) => meanDifference(frame, b[i]));
    expect(Math.max(...worst)).toBeLessThan(1.5);
  });
});

/** Every frame of a file as RGB24. */
async function rgbFrames(file: string): Promise<Buffer[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const size = 160 * 90 * 3;
  return Array.from({ length: stdout.length / size }, (_, i) => stdout.subarray(i * size, (i + 1) * size));
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}
