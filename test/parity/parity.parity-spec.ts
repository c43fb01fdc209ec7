/**
 * The parity tier: every corpus timeline through both engines at a tiny size.
 * The compositor must draw it (no silent fallback), with the same frame count,
 * SSIM >= 0.98 and PSNR >= 35 dB on every frame, loudness within 0.5 LU and
 * the sound's rise and fall within one frame. The worst frames are printed.
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompositorRenderer } from '../../src/render/compositor/compositor-renderer';
import type { RemotionRenderer } from '../../src/render/remotion-renderer';
import { ensureBundle, MediaFixtures, newRenderer } from '../integration/render/render-fixtures';
import { formatTable, renderBoth, writeWorstFrame, type ParityResult } from './parity-compare';
import { makeParityMedia, PARITY_CORPUS, type ParityCase } from './parity-corpus';

jest.setTimeout(300_000);

const SIZE = { width: 320, height: 180, fps: 10 };
const BAR = { ssim: 0.98, psnr: 35 };
/** Where a failing timeline's worst frame is written (Remotion left, compositor right). */
const WORST_DIR = join(tmpdir(), 'render-parity-worst');

describe('parity: the compositor looks and sounds like the composition', () => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let compositor: CompositorRenderer;
  const results: ParityResult[] = [];

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    await makeParityMedia(fixtures);
    remotion = newRenderer();
    compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
  });
  afterAll(async () => {
    if (results.length > 0) process.stdout.write(`\nparity at ${SIZE.width}x${SIZE.height} ${SIZE.fps} fps\n${formatTable(results)}\n`);
    await remotion?.close();
    await fixtures.stop();
  });

  it('has at least 15 timelines, each at least 10 frames long', () => {
    expect(PARITY_CORPUS.length).toBeGreaterThanOrEqual(15);
    expect(PARITY_CORPUS.filter((c) => (c.durationMs / 1_000) * SIZE.fps < 10).map((c) => c.name)).toEqual([]);
  });

  async function expectParity(testCase: ParityCase): Promise<void> {
    const result = await renderBoth({ remotion, compositor }, fixtures, testCase, SIZE);
    results.push(result);
    if (process.env.PARITY_VERBOSE)
      process.stdout.write(`${result.name}: ${result.scores.map((x) => `${x.ssim.toFixed(3)}/${x.psnr.toFixed(1)}`).join(' ')}\n`);
    expect(result.engine).toBe('compositor');
    expect(result.frames.compositor).toBe(result.plan.durationInFrames);
    expect(result.frames.remotion).toBe(result.plan.durationInFrames);
    expect(result.scores).toHaveLength(result.plan.durationInFrames);
    const below = result.scores.filter((s) => s.ssim < BAR.ssim || s.psnr < BAR.psnr);
    if (below.length > 0) {
      await mkdir(WORST_DIR, { recursive: true });
      await writeWorstFrame(result, join(WORST_DIR, `${result.name}.png`));
    }
    expect([result.name, below, WORST_DIR]).toEqual([result.name, [], WORST_DIR]);
    if (result.loudness !== null && result.soundSpan !== null) {
      expect(Math.abs(result.loudness.compositor - result.loudness.remotion)).toBeLessThanOrEqual(0.5);
      const [c, r] = [result.soundSpan.compositor, result.soundSpan.remotion];
      expect(Math.abs(c[0] - r[0])).toBeLessThanOrEqual(1);
      expect(Math.abs(c[1] - r[1])).toBeLessThanOrEqual(1);
    }
    if (testCase.loudness !== undefined && result.loudness !== null) {
      const target = testCase.loudness.targetLufs;
      expect([Math.abs(result.loudness.remotion - target), Math.abs(result.loudness.compositor - target)].every((off) => off <= 1)).toBe(true);
    }
  }

  for (const testCase of PARITY_CORPUS) it(testCase.name, () => expectParity(testCase));
});
