/**
 * Remotion Studio opens the project and draws every composition: start the real
 * Studio, drive Debian's headless shell with puppeteer-core, open each
 * composition Studio lists, step a few frames into it and fail on any error
 * Studio shows. Studio draws calculateMetadata and render errors into the page
 * instead of throwing them, so page errors alone would miss them. The text a
 * sample shows there (its subtitle cue, its text clips) must be on the canvas;
 * pixels of the fit-modes sample are checked too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { freePort } from '../../src/app/free-port';
import { parseSubtitleFile } from '../../src/subtitles/subtitle-parser';
import type { OutputInput, TimelineInput } from '../../src/task-input/task-input.types';
import { CHROMIUM_PATH, near, pixel, readFrame } from '../integration/render/render-fixtures';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '../..');
const SAMPLES_DIR = join(ROOT, 'composition', 'samples');
const SAMPLE_NAMES = readdirSync(SAMPLES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
/** Root.tsx: the two compositions the workers render, then one per sample. */
const COMPOSITION_IDS = ['Timeline', 'TimelineStills', ...SAMPLE_NAMES.map((name) => `Sample-${name}`)];
/** How far into each composition the walk steps: past the start of every sample's first subtitle cue and text clips. */
const STEP_FRAMES = 5;

async function waitForHttp(url: string, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${deadlineMs} ms`);
}

interface StudioWindow {
  remotion_currentErrors?: { error: Error }[];
  remotion_delayRenderHandles: number[];
}

/**
 * The errors Studio shows. Each error panel it draws (calculateMetadata and render
 * errors in the canvas, runtime errors in the full-page overlay) is an ErrorLoader,
 * which lists its error in window.remotion_currentErrors while on screen; the
 * full-page overlay is mounted into #remotion-error-overlay.
 */
function shownErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (window as unknown as StudioWindow).remotion_currentErrors ?? [];
    const overlay = document.getElementById('remotion-error-overlay')?.innerText.trim() ?? '';
    return [...shown.map(({ error }) => `${error.name}: ${error.message}`), ...(overlay === '' ? [] : [`overlay: ${overlay.slice(0, 500)}`])];
  });
}

type SampleClip = TimelineInput['tracks'][number]['clips'][number] & { text?: string };

/**
 * The text a sample shows at STEP_FRAMES: the cue of its first subtitle clip's file,
 * and each text clip on screen; empty for a composition that is not a sample.
 */
function textsAtStep(compositionId: string): string[] {
  const name = compositionId.replace(/^Sample-/, '');
  if (name === compositionId) return [];
  const sample = JSON.parse(readFileSync(join(SAMPLES_DIR, `${name}.json`), 'utf8')) as { timeline: TimelineInput; output: OutputInput };
  const stepMs = (STEP_FRAMES * 1000) / (sample.output.framerate ?? 30);
  const texts = sample.timeline.tracks
    .filter((track) => track.type === 'text')
    .flatMap((track) => track.clips as SampleClip[])
    .filter((clip) => clip.start_time_ms <= stepMs && stepMs < clip.end_time_ms)
    .map((clip) => clip.text ?? '');
  const clip = sample.timeline.tracks.find((track) => track.type === 'subtitle')?.clips[0];
  if (clip === undefined) return texts;
  const atMs = stepMs - clip.start_time_ms;
  const cues = parseSubtitleFile(readFileSync(join(ROOT, 'composition', 'public', clip.media_url)), clip.media_url);
  const cue = cues.find((c) => c.startMs <= atMs && atMs < c.endMs);
  if (cue === undefined) throw new Error(`${compositionId}: no cue of ${clip.media_url} at ${atMs} ms; move STEP_FRAMES`);
  return [...texts, cue.text];
}

describe('Remotion Studio', () => {
  let studio: ChildProcess;
  let browser: Browser;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    port = await freePort();
    dir = await fs.mkdtemp(join(tmpdir(), 'studio-e2e-'));
    studio = spawn(
      join(ROOT, 'node_modules', '.bin', 'remotion'),
      ['studio', 'composition/index.ts', '--port', String(port), '--no-open', '--public-dir', 'composition/public'],
      { cwd: ROOT, stdio: 'ignore', detached: true },
    );
    await waitForHttp(`http://localhost:${port}/`, 90_000);
    browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    // The Studio spawns its own children: end the whole group this test started.
    if (studio?.pid !== undefined) process.kill(-studio.pid, 'SIGTERM');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('draws the fit-modes sample at frame 0', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(`http://localhost:${port}/Sample-fit-modes`, { waitUntil: 'networkidle2', timeout: 90_000 });
    const img = await page.waitForSelector('img[src*="checker-1x1.png"]', { timeout: 60_000 });
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll('img')).some((i) => i.src.includes('checker-1x1.png') && i.complete && i.naturalWidth > 0),
      { timeout: 60_000 },
    );
    const box = await img?.boundingBox();
    if (box === null || box === undefined) throw new Error('sample image has no box');

    const shot = join(dir, 'studio.png');
    await page.screenshot({ path: shot });
    const frame = await readFrame(shot, 0);
    // The element is the 480x270 canvas; the contained square spans canvas x 105..375.
    const at = (cx: number, cy: number) => pixel(frame, box.x + (cx / 480) * box.width, box.y + (cy / 270) * box.height);
    expect(near(at(40, 135), [0, 0, 0])).toBe(true);
    expect(near(at(440, 135), [0, 0, 0])).toBe(true);
    expect(near(at(122, 17), [240, 200, 40], 24)).toBe(true);
    expect(near(at(156, 17), [30, 30, 30], 24)).toBe(true);
    await page.close();
  });

  describe('every composition it lists', () => {
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      // A context of its own: the frames Studio remembers per composition start at 0.
      const context = await browser.createBrowserContext();
      page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      page.on('pageerror', (err) => pageErrors.push(err instanceof Error ? err.message : String(err)));
      await page.goto(`http://localhost:${port}/`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
      await page.waitForSelector('a[data-compname]', { timeout: 90_000 });
    });

    afterAll(async () => {
      await page?.browserContext().close();
    });

    it('lists the compositions of Root.tsx, one per sample', async () => {
      const listed = await page.$$eval('a[data-compname]', (links) => links.map((a) => (a as HTMLElement).dataset.compname));
      expect(listed.sort()).toEqual([...COMPOSITION_IDS].sort());
    });

    it.each(COMPOSITION_IDS)('opens %s, steps into it and shows no error', async (id) => {
      await page.click(`a[data-compname="${id}"]`);
      // Studio titles the page after the composition on the canvas.
      await page.waitForFunction((name) => document.title.startsWith(`${name} /`), { timeout: 30_000 }, id);
      const settled = () => {
        const w = window as unknown as StudioWindow;
        const drawn = document.querySelector('.remotion-studio-composition-container') !== null && w.remotion_delayRenderHandles.length === 0;
        return drawn || (w.remotion_currentErrors?.length ?? 0) > 0 || document.getElementById('remotion-error-overlay')?.innerText.trim();
      };
      await page.waitForFunction(settled, { timeout: 120_000 });
      expect(await shownErrors(page)).toEqual([]);

      // A still (one frame) has no transport buttons; anything longer is stepped frame by frame.
      const forward = await page.$('button[aria-label="Go forward 1 frame"]');
      if (forward !== null) {
        await page.click('button[aria-label="Go to beginning"]');
        for (let i = 0; i < STEP_FRAMES; i += 1) await forward.click();
        await page.waitForFunction(
          (n) => document.querySelector('button[aria-label="Show timeline ticks as frames"]')?.textContent === String(n),
          { timeout: 30_000 },
          STEP_FRAMES,
        );
        await page.waitForFunction(settled, { timeout: 120_000 });
      }
      expect(await shownErrors(page)).toEqual([]);
      expect(pageErrors).toEqual([]);

      const drawn = await page.$eval('.remotion-studio-composition-container', (el) => (el as HTMLElement).innerText);
      for (const text of textsAtStep(id)) expect(drawn.replace(/\s+/g, '')).toContain(text.replace(/\s+/g, ''));
    });
  });
});
