/**
 * Loudness and ducking (spec/extensions.md §5) with real ffmpeg, and for
 * ducking real Chromium: the loudness pass on finished outputs of music,
 * speech-like and silent-then-loud sound, and a music bed ducking under
 * voice-like bursts drawn by both engines.
 */
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { RenderFailure } from '../../../src/common/render-failure';
import { CompositorRenderer } from '../../../src/render/compositor/compositor-renderer';
import { encodingFor } from '../../../src/render/encoding-settings';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { RenderCancelled } from '../../../src/render/render-engine';
import { measureLoudness, normaliseLoudness } from '../../../src/render/sound/loudness';
import { frameLevels, withDucking } from '../../../src/render/sound/trigger-sound';
import type { TrackInput } from '../../../src/task-input/task-input.types';
import { loudnessOf, lowLevels, meanLevel, type SoundSource, writeOutputWithSound, writeSound } from '../../support/sound';
import { ensureBundle, MediaFixtures, newRenderer, output, planFor, probe } from './render-fixtures';

jest.setTimeout(300_000);

describe('loudness normalisation of a finished output (real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  const SECONDS = 8;
  const plan = { fps: 10, durationInFrames: SECONDS * 10 } as RenderPlan;
  const out = output(160, 90, 10);

  beforeAll(async () => {
    await fixtures.start();
    for (const source of ['music', 'speech', 'silentThenLoud', 'quiet'] as const) await writeOutputWithSound(fixtures.path(`${source}.mp4`), source, SECONDS);
  });
  afterAll(() => fixtures.stop());

  async function normalised(source: SoundSource, targetLufs: number, truePeakDb: number): Promise<string> {
    const path = fixtures.path(`${source}${targetLufs}${truePeakDb}.mp4`);
    await fs.copyFile(fixtures.path(`${source}.mp4`), path);
    const outcome = await normaliseLoudness({
      path,
      loudness: { targetLufs, truePeakDb },
      encoding: encodingFor(out),
      plan,
      signal: new AbortController().signal,
    });
    expect(outcome).not.toBeNull();
    return path;
  }

  it.each([
    ['music', -14, -1],
    ['music', -16, -1],
    ['music', -23, -1],
    ['speech', -14, -1],
    ['speech', -16, -2],
    ['speech', -23, -1],
    ['silentThenLoud', -14, -1],
    ['silentThenLoud', -16, -1],
    ['silentThenLoud', -23, -1],
    ['quiet', -14, -1],
  ] as const)('%s to %d LUFS, true peak at most %d dBTP + 0.5', async (source, target, truePeak) => {
    const before = await loudnessOf(fixtures.path(`${source}.mp4`));
    const after = await loudnessOf(await normalised(source, target, truePeak));
    expect(Math.abs(before.lufs - target)).toBeGreaterThan(1);
    expect(Math.abs(after.lufs - target)).toBeLessThanOrEqual(1);
    expect(after.truePeakDb).toBeLessThanOrEqual(truePeak + 0.5);
  });

  it('holds the true peak where the bound leaves the target out of reach, as close to it as the limiter gets', async () => {
    // The chord measures -10.8 LUFS with its true peak at -3.1 dBTP: -8 LUFS under -3 dBTP needs more than a limiter gives.
    const before = await loudnessOf(fixtures.path('music.mp4'));
    const after = await loudnessOf(await normalised('music', -8, -3));
    expect(after.truePeakDb).toBeLessThanOrEqual(-2.5);
    expect(after.lufs).toBeGreaterThan(before.lufs);
    expect(after.lufs).toBeLessThan(-8);
  });

  it('copies the video stream and keeps the duration and the audio encoding', async () => {
    const original = await probe(fixtures.path('music.mp4'));
    const result = await probe(await normalised('music', -20, -1));
    expect(result.video).toEqual(original.video);
    expect(result.audio).toMatchObject({ codec: 'aac' });
    expect(Math.abs(result.format.duration - original.format.duration)).toBeLessThan(0.05);
  });

  it('fails as a render failure with its fixed phrase when the file cannot be read, and stops at a cancel', async () => {
    const broken = fixtures.path('broken.mp4');
    await fs.writeFile(broken, 'not a video at all');
    const args = { loudness: { targetLufs: -14, truePeakDb: -1 }, encoding: encodingFor(out), plan };
    const failure = await normaliseLoudness({ ...args, path: broken, signal: new AbortController().signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderFailure);
    expect(failure).toMatchObject({ code: 'RENDER_FAILED', message: 'Normalising the loudness of the output failed', retryPossible: true });
    const aborted = new AbortController();
    aborted.abort();
    const path = fixtures.path('canceled.mp4');
    await fs.copyFile(fixtures.path('music.mp4'), path);
    await expect(normaliseLoudness({ ...args, path, signal: aborted.signal })).rejects.toBeInstanceOf(RenderCancelled);
  });

  it("normalises an output shorter than the meter's 400 ms block, metered repeated, within its true-peak bound", async () => {
    const path = fixtures.path('blip.mp4');
    await writeOutputWithSound(path, 'blip', 0.3);
    const signal = new AbortController().signal;
    const before = await measureLoudness(path, signal);
    // 0.9 of full scale on both channels: about -0.9 dBTP and -3.6 LUFS, where ebur128 alone reads nothing above its gate.
    expect(before.integratedLufs).toBeGreaterThan(-6);
    const outcome = await normaliseLoudness({
      path,
      loudness: { targetLufs: -23, truePeakDb: -1 },
      encoding: encodingFor(out),
      plan: { fps: 10, durationInFrames: 3 } as RenderPlan,
      signal,
    });
    expect(outcome).not.toBeNull();
    const after = await measureLoudness(path, signal);
    expect(Math.abs((after.integratedLufs ?? 0) + 23)).toBeLessThanOrEqual(1);
    expect((await loudnessOf(path)).truePeakDb).toBeLessThanOrEqual(-0.5);
  });

  it('leaves a silent output as it is', async () => {
    const path = fixtures.path('silence.mp4');
    await writeOutputWithSound(path, 'silence', 2);
    const before = await fs.readFile(path);
    const outcome = await normaliseLoudness({
      path,
      loudness: { targetLufs: -14, truePeakDb: -1 },
      encoding: encodingFor(out),
      plan: { fps: 10, durationInFrames: 20 } as RenderPlan,
      signal: new AbortController().signal,
    });
    expect(outcome).toBeNull();
    expect((await fs.readFile(path)).equals(before)).toBe(true);
  });
});

describe('ducking a music bed under voice-like bursts (real Chromium and ffmpeg, both engines)', () => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let compositor: CompositorRenderer;
  const SECONDS = 6;
  const AMOUNT_DB = 12;
  const RELEASE_MS = 400;
  const out = output(160, 90, 10);
  const files: Record<'remotion' | 'compositor', string> = { remotion: '', compositor: '' };
  let plan: RenderPlan;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    remotion = newRenderer();
    compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
    await writeSound(fixtures.path('bed.wav'), 'bed', SECONDS);
    await writeSound(fixtures.path('bursts.wav'), 'bursts', SECONDS);
    const tracks: TrackInput[] = [
      {
        id: 'music',
        type: 'audio',
        clips: [
          {
            id: 'bed',
            media_url: 'bed.wav',
            start_time_ms: 0,
            end_time_ms: SECONDS * 1000,
            properties: { ducking: { under: ['voice'], amount_db: AMOUNT_DB, attack_ms: 50, release_ms: RELEASE_MS } },
          },
        ],
      },
      { id: 'voice', type: 'audio', clips: [{ id: 'bursts', media_url: 'bursts.wav', start_time_ms: 0, end_time_ms: SECONDS * 1000 }] },
    ];
    const timeline = { duration_ms: SECONDS * 1000, tracks };
    plan = await withDucking(
      planFor(fixtures, out, SECONDS * 1000, tracks),
      timeline,
      { mediaPath: (src) => fixtures.server.localPath(src) },
      new AbortController().signal,
    );
    files.remotion = join(fixtures.dir, 'ducked-remotion.mp4');
    files.compositor = join(fixtures.dir, 'ducked-compositor.mp4');
    await remotion.renderVideo({ plan, output: out, outPath: files.remotion, onProgress: () => undefined });
    await compositor.renderVideo({ plan, output: out, outPath: files.compositor, onProgress: () => undefined });
  });
  afterAll(async () => {
    await remotion?.close();
    await fixtures.stop();
  });

  it('measures the bursts frame by frame: the bed ducks from each burst start and releases from its end', () => {
    const gain = plan.audio[0].duckingDb;
    expect(gain).not.toBeNull();
    expect(plan.audio[1].duckingDb).toBeNull();
    // Bursts from 0.5 to 1.3 s of every 2 s: frames 5-12, 25-32, 45-52 at 10 fps.
    const breaks = (gain ?? []).map((k) => [Number(k.frame.toFixed(3)), k.value]);
    expect(breaks).toEqual([
      [0, 0],
      [5, 0],
      [5.5, -12],
      [13, -12],
      [17, 0],
      [25, 0],
      [25.5, -12],
      [33, -12],
      [37, 0],
      [45, 0],
      [45.5, -12],
      [53, -12],
      [57, 0],
    ]);
  });

  it.each(['remotion', 'compositor'] as const)(
    '%s: the bed is at least amount_db - 3 dB lower during the bursts, and back within release_ms + 100 ms',
    async (engine) => {
      const levels = await lowLevels(files[engine]);
      for (const burst of [0, 2, 4]) {
        const during = meanLevel(levels, burst + 0.7, burst + 1.2);
        const between = meanLevel(levels, burst + 1.9, burst + 2.4);
        const before = meanLevel(levels, burst + 0.1, burst + 0.45);
        expect(between - during).toBeGreaterThanOrEqual(AMOUNT_DB - 3);
        expect(before - during).toBeGreaterThanOrEqual(AMOUNT_DB - 3);
        // The burst ends at 1.3 s: by 1.3 + 0.4 + 0.1 s the bed is back within 1 dB of its level between bursts.
        const back = meanLevel(levels, burst + 1.3 + (RELEASE_MS + 100) / 1000, burst + 1.3 + (RELEASE_MS + 150) / 1000);
        expect(between - back).toBeLessThan(1);
      }
    },
  );

  it('sounds the same in both engines: within 0.5 LU, the ducked bed within 0.5 dB', async () => {
    const [r, c] = [await loudnessOf(files.remotion), await loudnessOf(files.compositor)];
    expect(Math.abs(r.lufs - c.lufs)).toBeLessThanOrEqual(0.5);
    const [rl, cl] = [await lowLevels(files.remotion), await lowLevels(files.compositor)];
    expect(Math.abs(meanLevel(rl, 0.7, 1.2) - meanLevel(cl, 0.7, 1.2))).toBeLessThanOrEqual(0.5);
  });
});

describe('the level ducking listens for (real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  beforeAll(() => fixtures.start());
  afterAll(() => fixtures.stop());

  /** The level of each of 10 frames of a 1 s, 1 kHz sine of `amplitude` on the channels `pan` gives a stereo file. */
  async function levelsDb(name: string, amplitude: number, pan: string): Promise<number[]> {
    const path = fixtures.path(`${name}.wav`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${amplitude}*sin(2*PI*1000*t):s=48000:d=1`, '-af', `pan=${pan}`, path]);
    const levels = await frameLevels(path, { frames: 10, fps: 10 }, 'ffmpeg', new AbortController().signal);
    return levels.map((rms) => Number((20 * Math.log10(rms)).toFixed(1)));
  }

  it('reads a sine on both channels at its RMS, -3 dBFS below its peak, as docs/rendering.md says', async () => {
    // A downmix to mono used to read it 3 dB hot: -47.5 dBFS of sound then ducked under a -45 dBFS threshold.
    expect(await levelsDb('both', 1, 'stereo|c0=c0|c1=c0')).toEqual(Array(10).fill(-3));
    expect(await levelsDb('quiet', 10 ** (-44.5 / 20), 'stereo|c0=c0|c1=c0')).toEqual(Array(10).fill(-47.5));
  });

  it('takes the power of both channels together: a sine on one channel reads 3 dB lower', async () => {
    expect(await levelsDb('left', 1, 'stereo|c0=c0')).toEqual(Array(10).fill(-6));
  });
});
