/**
 * Remotion Studio opens the project and draws a sample: start the real Studio,
 * drive Debian's headless shell with puppeteer-core, screenshot the canvas and
 * check pixels of the fit-modes sample (square checker contained in 16:9).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_PATH, near, pixel, readFrame } from '../integration/render/render-fixtures';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? res(address.port) : rej(new Error('no port'))));
    });
  });
}

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

  it('lists the samples and draws the fit-modes sample at frame 0', async () => {
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
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('Sample-layered-scene');
    expect(text).toContain('Sample-cjk-subtitles');

    const shot = join(dir, 'studio.png');
    await page.screenshot({ path: shot });
    const frame = await readFrame(shot, 0);
    // The element is the 480x270 canvas; the contained square spans canvas x 105..375.
    const at = (cx: number, cy: number) => pixel(frame, box.x + (cx / 480) * box.width, box.y + (cy / 270) * box.height);
    expect(near(at(40, 135), [0, 0, 0])).toBe(true);
    expect(near(at(440, 135), [0, 0, 0])).toBe(true);
    expect(near(at(122, 17), [240, 200, 40], 24)).toBe(true);
    expect(near(at(156, 17), [30, 30, 30], 24)).toBe(true);
  });
});
