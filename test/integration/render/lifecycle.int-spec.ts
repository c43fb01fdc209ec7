/**
 * The renderer's life cycle: cancel stops a render within ~2 s and leaves no
 * output, a timeout ends as PROCESSING_TIMEOUT, and a crashed browser is
 * replaced before the next render.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RenderFailure } from '../../../src/common/render-failure';
import { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { RenderCancelled } from '../../../src/render/render-engine';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import { BUNDLE_DIR, CHROMIUM_PATH, ensureBundle, MediaFixtures, newRenderer, output, planFor, probe } from './render-fixtures';

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

/** Where a file descriptor points; '' for one closed meanwhile (the directory listing's own). */
function linkOf(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

/** The TCP ports this process listens on (IPv4 and IPv6), from /proc. */
function ownListeningPorts(): number[] {
  const sockets = new Set(
    readdirSync('/proc/self/fd')
      .map((fd) => /^socket:\[(\d+)\]$/.exec(linkOf(`/proc/self/fd/${fd}`))?.[1])
      .filter((inode): inode is string => inode !== undefined),
  );
  return ['/proc/self/net/tcp', '/proc/self/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A' && sockets.has(fields[9]))
      .map((fields) => parseInt(fields[1].split(':')[1], 16)),
  );
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

  it('closed under a running render, cancels it first: the render ends, and Remotion stops listening', async () => {
    const closing = newRenderer();
    const before = ownListeningPorts();
    const browsersBefore = await ownBrowserPids();
    const closes: Promise<void>[] = [];
    const rendering = closing.renderVideo({
      plan: longPlan,
      output: out,
      outPath: join(fixtures.dir, 'closed-under.mp4'),
      onProgress: (p) => {
        if (p > 0.05 && closes.length === 0) closes.push(closing.close());
      },
    });
    // Closed under it without a cancel, the render never settled and Remotion's server listened on.
    await expect(rendering).rejects.toBeInstanceOf(RenderCancelled);
    await Promise.all(closes);
    expect(closes).toHaveLength(1);
    const opened = () => ownListeningPorts().filter((port) => !before.includes(port));
    for (let waited = 0; waited < 10_000 && opened().length > 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened()).toEqual([]);
    expect(await ownBrowserPids()).toEqual(browsersBefore);
  });

  it('replaces a crashed browser at the next render; readiness reports it gone meanwhile and relaunches nothing', async () => {
    await renderer.open();
    const before = await ownBrowserPids();
    expect(before.length).toBeGreaterThan(0);
    before.forEach((pid) => process.kill(pid, 'SIGKILL'));
    await untilNotReady(renderer);
    await expect(renderer.checkReady()).rejects.toThrow(/no longer connected/);
    expect(await ownBrowserPids()).toEqual([]);

    const outPath = join(fixtures.dir, 'after-crash.mp4');
    const short: RenderPlan = { ...longPlan, durationInFrames: 10 };
    await renderer.renderVideo({ plan: short, output: out, outPath, onProgress: () => undefined });
    expect((await probe(outPath)).video.frames).toBe(10);
    const after = await ownBrowserPids();
    expect(after.length).toBeGreaterThan(0);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
    await expect(renderer.checkReady()).resolves.toBeUndefined();
  });
});

/** /readyz's browser check: it must never open, ping or relaunch the browser that renders share. */
describe('browser readiness (real Chromium)', () => {
  let renderer: RemotionRenderer | null = null;

  beforeAll(() => ensureBundle());
  afterEach(async () => {
    await renderer?.close();
    renderer = null;
  });

  it('reports a worker ready before its browser is opened, without opening it; a missing executable is not ready', async () => {
    renderer = newRenderer();
    await expect(renderer.checkReady()).resolves.toBeUndefined();
    expect(await ownBrowserPids()).toEqual([]);
    const missing = new RemotionRenderer({
      serveUrl: BUNDLE_DIR,
      chromiumPath: '/nonexistent/chromium-headless-shell',
      sandbox: { mode: 'off' },
      concurrency: 1,
    });
    await expect(missing.checkReady()).rejects.toThrow(/ENOENT/);
  });

  it('leaves a browser that is slow to answer (busy drawing) alone, and reports it ready', async () => {
    renderer = newRenderer();
    await renderer.open();
    const [browserPid, ...others] = await ownBrowserPids();
    expect(others).toEqual([]);
    // Stopped, the browser answers nothing: a ping would wait for it, and a relaunch would kill it under its renders.
    process.kill(browserPid, 'SIGSTOP');
    try {
      await expect(renderer.checkReady()).resolves.toBeUndefined();
      expect(await ownBrowserPids()).toEqual([browserPid]);
    } finally {
      process.kill(browserPid, 'SIGCONT');
    }
  });
});

/** Waits for the browser's socket to report the crash (the kernel closes it a moment after the kill). */
async function untilNotReady(renderer: RemotionRenderer): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 50) {
    if (
      await renderer.checkReady().then(
        () => false,
        () => true,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
