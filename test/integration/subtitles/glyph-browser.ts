/**
 * A real Chromium (the Debian headless shell Remotion uses) with the prepared
 * composition/public dir served over 127.0.0.1, for tests that must see pixels:
 * fonts load through the FontFace API exactly as in the composition.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { PlanFontFace } from '../../../src/render/plan/render-plan.types';

const ROOT = join(__dirname, '..', '..', '..');
const PUBLIC = join(ROOT, 'composition', 'public');
const TYPES: Record<string, string> = { '.ttf': 'font/ttf', '.woff2': 'font/woff2', '.html': 'text/html' };

export interface GlyphBrowser {
  page: Page;
  close(): Promise<void>;
  /** Loads faces with the FontFace API (as use-plan-fonts does); rejects naming a face that fails. */
  loadFaces(faces: PlanFontFace[]): Promise<void>;
  /** 1-bit bitmaps (as '0'/'1' strings) of each text drawn alone with a CSS font shorthand on a canvas. */
  bitmaps(font: string, texts: string[]): Promise<string[]>;
  /** Puts `html` in a canvas-sized box on a grey background and returns its RGB pixels. */
  capture(html: string): Promise<Pixels>;
}

export interface Pixels {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export const BACKDROP = 64;

// Bound once: a global lookup of `Math` inside jest's sandbox costs ~70x a local one in these per-pixel loops.
const { abs } = Math;

function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/blank.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body style="margin:0"></body></html>');
      return;
    }
    const file = normalize(join(PUBLIC, decodeURIComponent(url.pathname)));
    if (!file.startsWith(PUBLIC + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const size = statSync(file).size;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': size });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function openGlyphBrowser(width = 1280, height = 720): Promise<GlyphBrowser> {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'prepare-fonts.js')], { stdio: 'pipe' });
  const server = await serve();
  const browser: Browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
    headless: 'shell',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--font-render-hinting=none'],
  });
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await page.goto(`${base}/blank.html`);
  return {
    page,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
    async loadFaces(faces) {
      await page.evaluate(async (list) => {
        const set = document.fonts as FontFaceSet & { add(f: FontFace): void };
        await Promise.all(
          list.map(async (f) => {
            const face = new FontFace(f.family, `url("/${f.src}")`, { weight: String(f.weight), style: f.style, unicodeRange: f.unicodeRange ?? 'U+0-10FFFF' });
            set.add(face);
            try {
              await face.load();
            } catch {
              throw new Error(`face ${f.family} ${f.src} did not load`);
            }
          }),
        );
        await document.fonts.ready;
      }, faces);
    },
    bitmaps(font, texts) {
      return page.evaluate(
        (f, list) =>
          list.map((t) => {
            const canvas = document.createElement('canvas');
            canvas.width = 160;
            canvas.height = 96;
            const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
            ctx.fillStyle = '#fff';
            ctx.fillRect(0, 0, 160, 96);
            ctx.fillStyle = '#000';
            ctx.font = f;
            ctx.textBaseline = 'middle';
            ctx.fillText(t, 8, 48);
            const data = ctx.getImageData(0, 0, 160, 96).data;
            let out = '';
            for (let i = 0; i < data.length; i += 4) out += data[i] < 128 ? '1' : '0';
            return out;
          }),
        font,
        texts,
      );
    },
    async capture(html) {
      await page.evaluate(
        (markup, grey) => {
          document.body.innerHTML = `<div id="stage" style="position:relative;width:100vw;height:100vh;overflow:hidden;background:rgb(${grey},${grey},${grey})">${markup}</div>`;
        },
        html,
        BACKDROP,
      );
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const png = await page.screenshot({ type: 'png', optimizeForSpeed: true });
      const rgb = execFileSync('ffmpeg', ['-v', 'error', '-f', 'png_pipe', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
        input: Buffer.from(png),
        maxBuffer: 64 * 1024 * 1024,
      });
      // A copy made in the test's realm: indexing the child_process Buffer from jest's sandbox is ~50x slower.
      return { width, height, rgb: Uint8Array.from(rgb) };
    },
  };
}

/** Pixels that differ from the grey backdrop by more than `tolerance` in any channel, in a region. */
export function changedPixels(p: Pixels, region?: { x0: number; y0: number; x1: number; y1: number }): number {
  const { x0, y0, x1, y1 } = region ?? { x0: 0, y0: 0, x1: p.width, y1: p.height };
  let n = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = (y * p.width + x) * 3;
      if (abs(p.rgb[i] - BACKDROP) > 24 || abs(p.rgb[i + 1] - BACKDROP) > 24 || abs(p.rgb[i + 2] - BACKDROP) > 24) n += 1;
    }
  }
  return n;
}

/** Pixels whose two captures differ by more than 24 in any channel. */
export function differingPixels(a: Pixels, b: Pixels): number {
  let n = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    if (abs(a.rgb[i] - b.rgb[i]) > 24 || abs(a.rgb[i + 1] - b.rgb[i + 1]) > 24 || abs(a.rgb[i + 2] - b.rgb[i + 2]) > 24) n += 1;
  }
  return n;
}

/** Rows that hold at least one pixel of the given colour (±40), top to bottom, grouped into bands. */
export function inkBands(p: Pixels, colour: [number, number, number]): Array<[number, number]> {
  const bands: Array<[number, number]> = [];
  let start = -1;
  for (let y = 0; y < p.height; y += 1) {
    let hit = false;
    for (let x = 0; x < p.width && !hit; x += 1) {
      const i = (y * p.width + x) * 3;
      hit = abs(p.rgb[i] - colour[0]) < 40 && abs(p.rgb[i + 1] - colour[1]) < 40 && abs(p.rgb[i + 2] - colour[2]) < 40;
    }
    if (hit && start < 0) start = y;
    if (!hit && start >= 0) {
      bands.push([start, y]);
      start = -1;
    }
  }
  if (start >= 0) bands.push([start, p.height]);
  return bands;
}

/** Number of dark pixels in a bitmap string. */
export function ink(bitmap: string): number {
  let n = 0;
  for (const c of bitmap) if (c === '1') n += 1;
  return n;
}
