/**
 * The renderer's life cycle: cancel stops a render within ~2 s and leaves no
 * output, a timeout ends as PROCESSING_TIMEOUT, and a crashed browser is
 * replaced before the next render.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RenderFailure } from '../../../src/common/render-failure';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { RenderCancelled } from '../../../src/render/render-engine';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import { CHROMIUM_PATH, ensureBundle, MediaFixtures, newRenderer, output, planFor, probe } from './render-fixtures';

jest.setTimeout(180_000);

const run = promisify(execFile);

/** Browser processes started by this test process (children of it), found by their executable. */
async function ownBrowserPids(): Promise<number[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,ppid=,args=']);
  return stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .filter((m) => Number(m[2]) === process.pid && m[3].startsWith(CHROMIUM_PATH))
    .map((m) => Number(m[1]));
}

describe('renderer life cycle (real Chromium)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let longPlan: RenderPlan;
  const out = output(320, 180, 30);

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer();
    const video = await fixtures.video(
      'long.mp4',
      320,
      180,
      [
        [200, 0, 0],
        [0, 0, 200],
      ],
      20,
    );
    longPlan = planFor(fixtures, out, 20_000, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: video, start_time_ms: 0, end_time_ms: 20_000, properties: { rotation: 3 } }] },
    ]);
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  it('stops within about 2 s of a cancel and removes the partial file', async () => {
    const abort = new AbortController();
    const outPath = join(fixtures.dir, 'canceled.mp4');
    let canceledAt = 0;
    const rendering = renderer.renderVideo({
      plan: longPlan,
      output: out,
      outPath,
      signal: abort.signal,
      onProgress: (p) => {
        if (p > 0.05 && canceledAt === 0) {
          canceledAt = Date.now();
          abort.abort();
        }
      },
    });
    const error = await rendering.then(
      () => null,
      (err: unknown) => err,
    );
    expect(canceledAt).toBeGreaterThan(0);
    expect(Date.now() - canceledAt).toBeLessThan(2_500);
    expect(error).toBeInstanceOf(RenderCancelled);
    expect(existsSync(outPath)).toBe(false);
  });

  it('ends a render past its time limit as PROCESSING_TIMEOUT', async () => {
    const outPath = join(fixtures.dir, 'slow.mp4');
    const started = Date.now();
    const error = await renderer.renderVideo({ plan: longPlan, output: out, outPath, timeoutMs: 1_500, onProgress: () => undefined }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RenderFailure);
    expect(error).toMatchObject({ code: 'PROCESSING_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(outPath)).toBe(false);
  });

  it('replaces a crashed browser before the next render', async () => {
    await renderer.checkReady();
    const before = await ownBrowserPids();
    expect(before.length).toBeGreaterThan(0);
    before.forEach((pid) => process.kill(pid, 'SIGKILL'));
    await new Promise((r) => setTimeout(r, 300));
    await expect(renderer.checkReady()).resolves.toBeUndefined();
    const after = await ownBrowserPids();
    expect(after.length).toBeGreaterThan(0);
    expect(after.some((pid) => before.includes(pid))).toBe(false);

    const outPath = join(fixtures.dir, 'after-crash.mp4');
    const short: RenderPlan = { ...longPlan, durationInFrames: 10 };
    await renderer.renderVideo({ plan: short, output: out, outPath, onProgress: () => undefined });
    expect((await probe(outPath)).video.frames).toBe(10);
  });
});
