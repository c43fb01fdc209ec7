/**
 * The Studio samples render from the production bundle (media from the bundle's
 * public dir through staticFile), so a broken sample or public dir is caught here.
 */
import { join } from 'node:path';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { SAMPLES } from '../../../composition/samples/sample-plans';
import { ensureBundle, near, pixel, PlanFrames, readFrame } from './render-fixtures';

jest.setTimeout(180_000);

describe('Studio samples', () => {
  const frames = new PlanFrames();
  let dir: string;

  beforeAll(async () => {
    await ensureBundle();
    dir = await fs.mkdtemp(join(tmpdir(), 'render-samples-'));
  });

  afterAll(async () => {
    await frames.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('ships at least two samples, none with remote media', () => {
    expect(SAMPLES.length).toBeGreaterThanOrEqual(2);
    for (const { input } of SAMPLES) {
      // Text clips carry their text, not media.
      for (const clip of input.timeline.tracks.filter((t) => t.type !== 'text').flatMap((t) => t.clips)) {
        expect(clip.media_url).not.toMatch(/^[a-z]+:/i);
      }
    }
  });

  it.each(SAMPLES.map((s) => [s.id, s] as const))('%s renders a frame', async (_id, sample) => {
    const outPath = join(dir, `${sample.id}.jpg`);
    await frames.draw(sample.plan, Math.min(10, sample.plan.durationInFrames - 1), outPath);
    expect((await fs.stat(outPath)).size).toBeGreaterThan(500);
  });

  it('draws the fit-modes sample with contain bars in its first second', async () => {
    const sample = SAMPLES.find((s) => s.id === 'Sample-fit-modes');
    if (sample === undefined) throw new Error('fit-modes sample missing');
    const outPath = join(dir, 'fit.jpg');
    await frames.draw(sample.plan, 10, outPath);
    const frame = await readFrame(outPath, 0);
    // 480x270 canvas, square checker contained: bars are the outer 105 px on each side.
    expect(near(pixel(frame, 40, 135), [0, 0, 0])).toBe(true);
    expect(near(pixel(frame, 440, 135), [0, 0, 0])).toBe(true);
    // Top-left checker square is light (240,200,40).
    expect(near(pixel(frame, 120, 15), [240, 200, 40], 24)).toBe(true);
  });
});
