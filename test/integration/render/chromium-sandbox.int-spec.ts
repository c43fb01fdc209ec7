import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ChromiumSandbox } from '../../../src/render/chromium-sandbox';
import { ensureBundle, MediaFixtures, newRenderer, output, planFor, probe } from './render-fixtures';

jest.setTimeout(120_000);

const isRoot = process.getuid?.() === 0;

interface BrowserProcess {
  pid: number;
  uid: number;
  seccomp: number;
  type: string;
}

/**
 * Chromium processes descending from this test process, with who they run as and their seccomp mode.
 * Synchronous on purpose: a scan of /proc read with awaits between entries took long enough under load
 * (every read a thread-pool round trip behind the render's own work) to miss a short-lived renderer.
 */
function browserProcesses(): BrowserProcess[] {
  const parents = new Map<number, number>();
  const found: BrowserProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const field = (name: string) => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(status)?.[1]);
      parents.set(Number(entry), field('PPid'));
      // Chromium's children rewrite their title: one space-separated string, not NUL-separated arguments.
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\0 ]/);
      if (!cmdline[0].endsWith('chromium-headless-shell')) continue;
      const type = cmdline.find((arg) => arg.startsWith('--type='))?.slice('--type='.length) ?? 'browser';
      found.push({ pid: Number(entry), uid: field('Uid'), seccomp: field('Seccomp'), type });
    } catch {
      /* the process ended while we looked */
    }
  }
  const descendsFromUs = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  return found.filter((p) => descendsFromUs(p.pid));
}

describe('Chromium sandbox (real Chromium)', () => {
  const fixtures = new MediaFixtures();
  let nobodyUid: number;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    nobodyUid = Number((await promisify(execFile)('id', ['-u', 'nobody'])).stdout.trim());
  });
  afterAll(() => fixtures.stop());

  /** Renders a tiny video, noting the browser's processes while the frames are drawn. */
  async function renderWith(sandbox: ChromiumSandbox): Promise<{ processes: BrowserProcess[]; drawing: BrowserProcess[]; frames: number }> {
    const renderer = newRenderer(1, sandbox);
    const image = await fixtures.image('blue.png', 64, 36, [[0, 0, 255]]);
    const plan = planFor(fixtures, output(64, 36, 10), 500, [
      { id: 'v', type: 'video', clips: [{ id: 'b', media_url: image, start_time_ms: 0, end_time_ms: 500 }] },
    ]);
    const outPath = join(fixtures.dir, `sandbox-${sandbox.mode}.mp4`);
    const snapshots: BrowserProcess[][] = [];
    // The processes seen while frames were drawn (at each progress report).
    const whileDrawing = new Set<number>();
    // Also every 20 ms, not only on progress: on a loaded machine the renderers can come and go between two reports.
    const watch = setInterval(() => snapshots.push(browserProcesses()), 20);
    try {
      await renderer.open();
      await renderer.renderVideo({
        plan,
        output: output(64, 36, 10),
        outPath,
        onProgress: () => {
          const seen = browserProcesses();
          snapshots.push(seen);
          for (const p of seen) whileDrawing.add(p.pid);
        },
      });
      // A renderer started as the last frames are drawn may not have entered its sandbox yet: with the sandbox on,
      // wait (up to 5 s) until every live renderer has, and note that.
      const deadline = Date.now() + 5_000;
      let live = browserProcesses();
      while (sandbox.mode === 'on' && live.some((p) => p.type === 'renderer' && p.seccomp !== 2) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        live = browserProcesses();
      }
      snapshots.push(live);
    } finally {
      clearInterval(watch);
      await renderer.close();
    }
    // The renderers live only while frames are drawn: every process any snapshot saw (the fullest one could miss
    // them), each as last seen.
    const processes = [...new Map(snapshots.flat().map((p) => [p.pid, p])).values()];
    return { processes, drawing: processes.filter((p) => whileDrawing.has(p.pid)), frames: (await probe(outPath)).video.frames };
  }

  it('draws in renderers confined by seccomp, as an unprivileged user when the worker is root', async () => {
    const { processes, drawing, frames } = await renderWith({ mode: 'on', user: 'nobody' });
    expect(frames).toBe(5);
    // The renderers that lived while frames were drawn. Under load, the renderer of the browser's first blank page
    // was seen to end, replaced by the page's own, before entering its sandbox: it never drew.
    const renderers = drawing.filter((p) => p.type === 'renderer');
    expect(renderers.length).toBeGreaterThan(0);
    for (const renderer of renderers) expect(renderer.seccomp).toBe(2);
    for (const p of processes) expect(p.uid).toBe(isRoot ? nobodyUid : process.getuid?.());
  });

  it('runs unconfined only when the operator turned the sandbox off', async () => {
    const { processes, frames } = await renderWith({ mode: 'off' });
    expect(frames).toBe(5);
    const renderers = processes.filter((p) => p.type === 'renderer');
    expect(renderers.length).toBeGreaterThan(0);
    for (const renderer of renderers) expect(renderer.seccomp).toBe(0);
  });

  (isRoot ? it : it.skip)('names the cause and the way out when the browser cannot start sandboxed', async () => {
    const renderer = newRenderer(1, { mode: 'on', user: 'no-such-user' });
    await expect(renderer.open()).rejects.toThrow(/did not start with its sandbox on.*CHROMIUM_USER=no-such-user.*CHROMIUM_SANDBOX=off/s);
    await renderer.close();
  });
});
