/**
 * Every fit mode proven by pixels, for an image AND a video (Remotion issue 5773:
 * OffthreadVideo has ignored objectFit 'fill' at render time).
 *
 * The media is a square of three horizontal bands (red, green, blue) on a 16:9
 * canvas of 160x90, so the three modes put the band edges in different places:
 *   contain: 90x90 box at x 35..125, black bars beside it, bands 30 px tall;
 *   cover:   160x160 box from y -35, bands 53.3 px tall (red ends at y 18, blue starts at y 72);
 *   fill:    160x90, bands 30 px tall, no bars.
 */
import { join } from 'node:path';
import { promises as fs } from 'node:fs';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { ensureBundle, MediaFixtures, near, newRenderer, output, pixel, planFor, readFrame, type Frame, type Rgb } from './render-fixtures';

jest.setTimeout(180_000);

const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const BLACK: Rgb = [0, 0, 0];

/** [x, y, expected colour] per fit mode. */
const EXPECTED: Record<'contain' | 'cover' | 'fill', Array<[number, number, Rgb]>> = {
  contain: [
    [10, 45, BLACK],
    [150, 45, BLACK],
    [80, 10, RED],
    [80, 45, GREEN],
    [80, 80, BLUE],
    [40, 45, GREEN],
  ],
  cover: [
    [10, 8, RED],
    [150, 8, RED],
    [80, 25, GREEN],
    [80, 65, GREEN],
    [10, 82, BLUE],
  ],
  fill: [
    [10, 10, RED],
    [150, 10, RED],
    [80, 25, RED],
    [10, 45, GREEN],
    [80, 65, BLUE],
    [150, 80, BLUE],
  ],
};

const FITS = ['contain', 'cover', 'fill'] as const;
const KINDS = ['image', 'video'] as const;

describe('fit modes (real Chromium, real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let frames: Frame[];

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer();
    await renderer.open();
    const image = await fixtures.image('bands.png', 90, 90, [RED, GREEN, BLUE]);
    const video = await fixtures.video('bands.mp4', 90, 90, [RED, GREEN, BLUE], 1);
    // Six half-second segments at 10 fps: image contain, cover, fill, then video contain, cover, fill.
    const clips = KINDS.flatMap((kind) => FITS.map((fit) => ({ kind, fit }))).map(({ kind, fit }, i) => ({
      id: `${kind}-${fit}`,
      media_url: kind === 'image' ? image : video,
      start_time_ms: i * 500,
      end_time_ms: (i + 1) * 500,
      properties: { fit },
    }));
    const plan: RenderPlan = planFor(fixtures, output(160, 90, 10), 3_000, [{ id: 'v', type: 'video', clips }]);
    const outPath = join(fixtures.dir, 'fit.mp4');
    await renderer.renderVideo({ plan, output: output(160, 90, 10), outPath, onProgress: () => undefined });
    frames = await Promise.all([2, 7, 12, 17, 22, 27].map((n) => readFrame(outPath, n)));
    await fs.rm(outPath);
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  KINDS.forEach((kind, k) =>
    FITS.forEach((fit, f) => {
      it(`${kind} with fit ${fit} lands where ${fit} puts it`, () => {
        const frame = frames[k * 3 + f];
        const seen = EXPECTED[fit].map(([x, y]) => pixel(frame, x, y));
        const ok = EXPECTED[fit].map(([, , colour], i) => near(seen[i], colour));
        expect({ seen, ok }).toEqual({ seen, ok: ok.map(() => true) });
      });
    }),
  );
});
