/**
 * Audio proven by loudness: fades ramp on the clip's own timeline, volume is a
 * gain, and a video clip keeps its own sound, all mixed into one AAC track.
 */
import { join } from 'node:path';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { ensureBundle, meanVolumeDb, MediaFixtures, newRenderer, output, planFor, probe } from './render-fixtures';

jest.setTimeout(180_000);

describe('audio mixing (real Chromium, real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let outPath: string;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer();
    const tone = await fixtures.tone('tone.wav', 2);
    const video = await fixtures.video('voiced.mp4', 160, 90, [[0, 0, 255]], 1, 440);
    const out = output(160, 90, 10);
    const plan = planFor(fixtures, out, 5_000, [
      {
        id: 'music',
        type: 'audio',
        clips: [
          { id: 'faded', media_url: tone, start_time_ms: 0, end_time_ms: 2_000, properties: { fade_in_ms: 1_000, fade_out_ms: 500 } },
          { id: 'full', media_url: tone, start_time_ms: 2_000, end_time_ms: 3_000, properties: { volume: 1 } },
          { id: 'quarter', media_url: tone, start_time_ms: 3_000, end_time_ms: 4_000, properties: { volume: 0.25 } },
        ],
      },
      { id: 'picture', type: 'video', clips: [{ id: 'voiced', media_url: video, start_time_ms: 4_000, end_time_ms: 5_000 }] },
    ]);
    outPath = join(fixtures.dir, 'audio.mp4');
    await renderer.renderVideo({ plan, output: out, outPath, onProgress: () => undefined });
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  it('writes one AAC track', async () => {
    expect((await probe(outPath)).audio).toMatchObject({ codec: 'aac' });
  });

  it('fades in linearly from silence over fade_in_ms', async () => {
    const start = await meanVolumeDb(outPath, 0, 0.2);
    const middle = await meanVolumeDb(outPath, 0.4, 0.2);
    const full = await meanVolumeDb(outPath, 1.1, 0.3);
    // Mean gain 0.1 over the first 200 ms, about 0.5 around 500 ms: -20 dB and -6 dB.
    expect(full - start).toBeGreaterThan(14);
    expect(full - middle).toBeGreaterThan(3);
    expect(full - middle).toBeLessThan(9);
  });

  it('fades out over fade_out_ms at the clip end', async () => {
    const full = await meanVolumeDb(outPath, 1.1, 0.3);
    const tail = await meanVolumeDb(outPath, 1.85, 0.15);
    expect(full - tail).toBeGreaterThan(10);
  });

  it('applies volume as a gain (0.25 = -12 dB)', async () => {
    const full = await meanVolumeDb(outPath, 2.2, 0.6);
    const quarter = await meanVolumeDb(outPath, 3.2, 0.6);
    expect(full - quarter).toBeGreaterThan(10);
    expect(full - quarter).toBeLessThan(14);
  });

  it("keeps a video clip's own sound", async () => {
    expect(await meanVolumeDb(outPath, 4.2, 0.6)).toBeGreaterThan(-35);
  });
});
