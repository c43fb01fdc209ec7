/**
 * The worker's warm still page (src/render/still-page.ts) in a real browser:
 * one page draws the still shots of task after task, each exactly as the first
 * page drew it, in the browser's only renderer process (its start tab is closed);
 * a page whose renderer crashed, or whose draw was canceled, is
 * replaced, and the next task draws as before; an idle browser is closed when
 * asked (a large render's composite), one in use is not.
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RenderFailure } from '../../../src/common/render-failure';
import type { StillShot } from '../../../src/render/compositor/composite-plan';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { RenderCancelled } from '../../../src/render/render-engine';
import { ensureBundle, MediaFixtures, newRenderer, output, planFor } from './render-fixtures';

jest.setTimeout(180_000);

const run = promisify(execFile);

/** A plan of one subtitle cue, and the one shot of it. */
interface CueTask {
  plan: RenderPlan;
  shots: StillShot[];
}

/** The RGBA pixels of a PNG, as ffmpeg decodes it. */
async function pixelsOf(file: string): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Pixels with any coverage. */
function visiblePixels(rgba: Buffer): number {
  let count = 0;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] > 0) count += 1;
  return count;
}

/** The processes descended from this process: the browser's among them. */
async function descendants(): Promise<Array<{ pid: number; args: string }>> {
  const { stdout } = await run('ps', ['-eo', 'pid=,ppid=,args=']);
  const rows = stdout
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args }));
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (!ours.has(row.pid) && ours.has(row.ppid)) {
        ours.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.filter((row) => ours.has(row.pid));
}

/** The pids of Chromium renderer processes descended from this process (the pages' processes). */
async function rendererPids(): Promise<number[]> {
  return (await descendants()).filter((row) => row.args.includes('--type=renderer')).map((row) => row.pid);
}

/** How many Chromium processes (browser, renderers, helpers) descend from this process. */
async function chromiumProcesses(): Promise<number> {
  return (await descendants()).filter((row) => row.args.includes('chromium')).length;
}

describe('the warm still page', () => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let tasks: CueTask[];
  let drawn = 0;

  /** Draws `task`'s shot into a directory of its own; returns the shot's pixels. */
  async function draw(task: CueTask, signal?: AbortSignal, onProgress?: (fraction: number) => void): Promise<Buffer> {
    const outDir = await fs.mkdtemp(join(fixtures.dir, `shots-${(drawn += 1)}-`));
    const [file] = await remotion.renderStillShots({ plan: task.plan, shots: task.shots, outDir, signal, onProgress });
    return pixelsOf(file);
  }

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    remotion = newRenderer();
    const cue = async (name: string, text: string, width: number, height: number): Promise<CueTask> => {
      await fs.writeFile(fixtures.path(name), `1\n00:00:00,000 --> 00:00:01,000\n${text}\n`);
      const plan = planFor(fixtures, output(width, height, 10), 1_000, [
        { id: 's', type: 'subtitle', clips: [{ id: 'c', media_url: name, start_time_ms: 0, end_time_ms: 1_000 }] },
      ]);
      return { plan, shots: [{ frame: 0, layers: { from: 0, to: plan.layers.length }, cues: [[0, 0]] }] };
    };
    // Two sizes, two scripts (the Chinese one loads its own font slices): what one task leaves behind would show in the next.
    tasks = [await cue('latin.srt', 'Warm page', 320, 180), await cue('chinese.srt', '你好，世界', 320, 180), await cue('square.srt', 'Square', 200, 200)];
  });

  afterAll(async () => {
    await remotion.close();
    await fixtures.stop();
  });

  it('draws 20 tasks on one page, each exactly as its first drawing', async () => {
    const first: Array<Buffer | null> = tasks.map(() => null);
    for (let i = 0; i < 20; i++) {
      const index = i % tasks.length;
      const pixels = await draw(tasks[index]);
      const { width, height } = tasks[index].plan;
      expect(pixels.length).toBe(width * height * 4);
      expect(visiblePixels(pixels)).toBeGreaterThan(50);
      // Transparent where no text is: the corner.
      expect(pixels[3]).toBe(0);
      const firstDrawing = (first[index] ??= pixels);
      expect(pixels.equals(firstDrawing)).toBe(true);
    }
    // Different texts draw differently (the page does not keep showing one sheet).
    expect((first[0] as Buffer).equals(first[1] as Buffer)).toBe(false);
    expect(remotion.stillPagesOpened).toBe(1);
    // One renderer process, the warm page's: the browser's start tab was closed (it held a renderer of its own).
    expect(await rendererPids()).toHaveLength(1);
  });

  it('replaces the page after its renderer crashed, and draws as before', async () => {
    const before = await draw(tasks[0]);
    const opened = remotion.stillPagesOpened;
    const renderers = await rendererPids();
    expect(renderers.length).toBeGreaterThan(0);
    for (const pid of renderers) process.kill(pid, 'SIGKILL');
    const after = await draw(tasks[0]);
    expect(after.equals(before)).toBe(true);
    expect(remotion.stillPagesOpened).toBe(opened + 1);
    // The new page is the warm one now.
    await draw(tasks[1]);
    expect(remotion.stillPagesOpened).toBe(opened + 1);
  });

  it('fails a draw whose page throws, rather than shooting what is left, and draws the next task on a new page', async () => {
    const red = await fixtures.image('red.png', 40, 40, [[255, 0, 0]]);
    const plan = planFor(fixtures, output(160, 90, 10), 1_000, [
      { id: 'i', type: 'video', clips: [{ id: 'r', media_url: red, start_time_ms: 0, end_time_ms: 1_000 }] },
    ]);
    // A moving text shot naming an image layer: the still composition throws while rendering it.
    const shots: StillShot[] = [{ frame: 0, layers: { from: 0, to: 1 }, cues: [], text: 'box' }];
    const outDir = await fs.mkdtemp(join(fixtures.dir, 'throws-'));
    const opened = remotion.stillPagesOpened;
    const error = await remotion.renderStillShots({ plan, shots, outDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderFailure);
    expect(String((error as RenderFailure).cause)).toContain('is not a text layer');
    expect(await fs.readdir(outDir)).toEqual([]);
    expect(visiblePixels(await draw(tasks[0]))).toBeGreaterThan(50);
    expect(remotion.stillPagesOpened).toBe(opened + 1);
  });

  it('stops a canceled draw, removes its shots, and draws the next task on a new page', async () => {
    const plan = tasks[0].plan;
    // 200 shots of the cue: far longer than the cancel takes to arrive.
    const many: CueTask = { plan, shots: Array.from({ length: 200 }, () => tasks[0].shots[0]) };
    const outDir = await fs.mkdtemp(join(fixtures.dir, 'canceled-'));
    const abort = new AbortController();
    const opened = remotion.stillPagesOpened;
    const error = await remotion
      .renderStillShots({ plan, shots: many.shots, outDir, signal: abort.signal, onProgress: (f) => f > 0.02 && abort.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderCancelled);
    expect(await fs.readdir(outDir)).toEqual([]);
    const next = await draw(tasks[2]);
    expect(visiblePixels(next)).toBeGreaterThan(50);
    expect(remotion.stillPagesOpened).toBe(opened + 1);
  });

  it('closes an idle browser when asked, and the next task opens one and draws as before', async () => {
    const before = await draw(tasks[1]);
    expect(await chromiumProcesses()).toBeGreaterThan(0);
    const opened = remotion.stillPagesOpened;
    await remotion.releaseBrowser();
    expect(await chromiumProcesses()).toBe(0);
    await remotion.checkReady();
    const after = await draw(tasks[1]);
    expect(after.equals(before)).toBe(true);
    expect(remotion.stillPagesOpened).toBe(opened + 1);
    expect(await chromiumProcesses()).toBeGreaterThan(0);
  });

  it('keeps a browser that a draw is using', async () => {
    const plan = tasks[0].plan;
    const outDir = await fs.mkdtemp(join(fixtures.dir, 'in-use-'));
    const opened = remotion.stillPagesOpened;
    const releases: Array<Promise<void>> = [];
    const files = await remotion.renderStillShots({
      plan,
      shots: Array.from({ length: 30 }, () => tasks[0].shots[0]),
      outDir,
      onProgress: () => {
        if (releases.length === 0) releases.push(remotion.releaseBrowser());
      },
    });
    await Promise.all(releases);
    expect(releases).toHaveLength(1);
    expect(files).toHaveLength(30);
    expect(await chromiumProcesses()).toBeGreaterThan(0);
    // The same warm page draws the next task.
    expect(visiblePixels(await draw(tasks[2]))).toBeGreaterThan(50);
    expect(remotion.stillPagesOpened).toBe(opened);
  });
});
