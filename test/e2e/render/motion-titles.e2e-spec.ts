/**
 * Keyframes, transitions and text clips (docs/extensions.md) through the API
 * on the default engine: one task renders a timeline of short segments, each
 * showing one feature, and chosen frames are checked by pixels and, for the
 * text clips, read back by OCR in four scripts.
 *
 * Canvas 640x360 at 10 fps: frame n shows time n * 100 ms. Every picture is a
 * white shape on the black background, so a pixel is either lit or dark.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eased } from '../../../src/render/plan/motion';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { decodedFrame, renderThroughApi } from '../../support/rendered-video';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(300_000);

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 10;
/** The white box most segments draw: a canvas-size white image at scale 0.5, so 320x180 centred (x 160..480, y 90..270). */
const HALF = { x: 0.5, y: 0.5 };

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

/** One decoded frame, as grey levels (0-255) row by row. */
interface GreyFrame {
  at(x: number, y: number): number;
}

function greyFrame(video: string, frame: number): GreyFrame {
  const raw = decodedFrame(video, frame, 'gray');
  return { at: (x, y) => raw[y * WIDTH + x] };
}

function rgbAt(video: string, frame: number, x: number, y: number): [number, number, number] {
  const raw = decodedFrame(video, frame, 'rgb24', { x, y, width: 1, height: 1 });
  return [raw[0], raw[1], raw[2]];
}

const LIT = 128;

/** The lit run along row `y` (first and last lit x), or null when the row is dark. */
function litSpanX(frame: GreyFrame, y: number): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let x = 0; x < WIDTH; x++) {
    if (frame.at(x, y) < LIT) continue;
    if (first < 0) first = x;
    last = x;
  }
  return first < 0 ? null : [first, last];
}

function litSpanY(frame: GreyFrame, x: number): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let y = 0; y < HEIGHT; y++) {
    if (frame.at(x, y) < LIT) continue;
    if (first < 0) first = y;
    last = y;
  }
  return first < 0 ? null : [first, last];
}

/**
 * Text tesseract reads in frame `frame` as one line, for `language` (tesseract's codes), whitespace removed.
 * Dark text on light, twice the size, is what its models read best.
 */
function ocr(video: string, frame: number, language: string, dir: string): string {
  const png = join(dir, `ocr-${frame}.png`);
  ffmpeg(['-i', video, '-vf', `select=eq(n\\,${frame}),format=gray,negate,scale=iw*2:ih*2:flags=bicubic`, '-frames:v', '1', png]);
  const text = execFileSync('tesseract', [png, '-', '-l', language, '--psm', '7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return text.replace(/\s+/g, '');
}

/** Segment i covers [i s, (i + 1) s): each feature gets one second (frames 10 i .. 10 i + 9). */
const SEGMENT_MS = 1000;
const at = (segment: number, ms = 0) => segment * SEGMENT_MS + ms;
const frameOf = (segment: number, ms: number) => (at(segment, ms) * FPS) / 1000;

const TEXTS = [
  { script: 'Latin', text: 'HELLO WORLD', language: 'eng', expected: 'HELLOWORLD' },
  { script: 'Chinese', text: '你好世界', language: 'chi_sim', expected: '你好世界' },
  { script: 'Japanese', text: 'こんにちは', language: 'jpn', expected: 'こんにちは' },
  { script: 'Korean', text: '안녕하세요', language: 'kor', expected: '안녕하세요' },
] as const;
/** The text segments come after the moving ones. */
const FIRST_TEXT_SEGMENT = 16;
const BOX_BLUE: [number, number, number] = [32, 64, 192];

describe('motion, transitions and text clips rendered through the API (pixels and OCR)', () => {
  let app: TestApp;
  let media: MediaFixtures;
  let video: string;
  const dir = mkdtempSync(join(tmpdir(), 'rs-motion-'));

  beforeAll(async () => {
    media = await startMediaFixtures();
    ffmpeg(['-f', 'lavfi', '-i', `color=c=white:s=${WIDTH}x${HEIGHT}`, '-frames:v', '1', join(media.dir, 'white.png')]);
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=white:s=80x80', '-frames:v', '1', join(media.dir, 'square.png')]);
    app = await startTestApp({ role: 'all' });
    const white = `${media.baseUrl}/white.png`;
    const segment = (id: string, index: number, properties: Record<string, unknown>, url = white) => ({
      id,
      media_url: url,
      start_time_ms: at(index),
      end_time_ms: at(index + 1),
      properties,
    });
    const transitionIn = (type: string) => ({ scale: HALF, transition: { in: { type, duration_ms: 1000 } } });
    const transitionOut = (type: string) => ({ scale: HALF, transition: { out: { type, duration_ms: 1000 } } });
    const clips = [
      // 0: the 80x80 square, contained (360x360) and scaled to 80x80, moving from x -200 to +200 linearly.
      segment(
        'path',
        0,
        {
          scale: { x: 80 / 360, y: 80 / 360 },
          position: {
            keyframes: [
              { time_ms: 0, value: { x: -200, y: 0 } },
              { time_ms: 1000, value: { x: 200, y: 0 } },
            ],
          },
        },
        `${media.baseUrl}/square.png`,
      ),
      // 1: opacity keyframes 0 -> 1 over the second, linear.
      segment('opacity', 1, {
        opacity: {
          keyframes: [
            { time_ms: 0, value: 0 },
            { time_ms: 1000, value: 1 },
          ],
        },
      }),
      // 2: fade in over the second.
      segment('fade', 2, { transition: { in: { type: 'fade', duration_ms: 1000 } } }),
      // 3-6: wipes in; 7-10: slides in; 11: zoom in; 12-15: wipes out.
      segment('wipe-right', 3, transitionIn('wipe-right')),
      segment('wipe-left', 4, transitionIn('wipe-left')),
      segment('wipe-down', 5, transitionIn('wipe-down')),
      segment('wipe-up', 6, transitionIn('wipe-up')),
      segment('slide-right', 7, transitionIn('slide-right')),
      segment('slide-left', 8, transitionIn('slide-left')),
      segment('slide-down', 9, transitionIn('slide-down')),
      segment('slide-up', 10, transitionIn('slide-up')),
      segment('zoom', 11, transitionIn('zoom')),
      segment('wipe-right-out', 12, transitionOut('wipe-right')),
      segment('slide-left-out', 13, transitionOut('slide-left')),
      segment('zoom-out', 14, transitionOut('zoom')),
      segment('fade-out', 15, { transition: { out: { type: 'fade', duration_ms: 1000 } } }),
    ];
    const texts = TEXTS.map(({ script, text }, i) => ({
      id: script,
      text,
      start_time_ms: at(FIRST_TEXT_SEGMENT + i),
      end_time_ms: at(FIRST_TEXT_SEGMENT + i + 1),
      properties: {
        font_size: 56,
        color: '#FFFFFF',
        position: { x: 320, y: 260 },
        background: { color: '#2040C0', opacity: 1, padding: 24, radius: 0 },
        outline: { enabled: false },
        shadow: { enabled: false },
      },
    }));
    video = join(dir, 'motion.mp4');
    await renderThroughApi(
      app,
      {
        input: {
          timeline: {
            duration_ms: at(FIRST_TEXT_SEGMENT + TEXTS.length),
            tracks: [
              { id: 'shapes', type: 'video', clips },
              { id: 'titles', type: 'text', clips: texts },
            ],
          },
          output: { resolution: { width: WIDTH, height: HEIGHT }, framerate: FPS, quality: 'high' },
        },
        webhook: { url: 'https://127.0.0.1:9/hook' },
      },
      video,
    );
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  it('moves a square along its keyframed positions (±4 px)', () => {
    // Linear from -200 to +200 over 1000 ms: at 0, 300 and 700 ms the centre is at 120, 240 and 400.
    for (const [ms, centre] of [
      [0, 120],
      [300, 240],
      [700, 400],
    ]) {
      const span = litSpanX(greyFrame(video, frameOf(0, ms)), HEIGHT / 2);
      expect(span).not.toBeNull();
      const [first, last] = span ?? [0, 0];
      expect(Math.abs((first + last + 1) / 2 - centre)).toBeLessThanOrEqual(4);
      expect(Math.abs(last - first + 1 - 80)).toBeLessThanOrEqual(4);
    }
  });

  it('opacity keyframes and fade in give the expected grey over black (±4 levels)', () => {
    for (const [segment, ms] of [
      [1, 300],
      [1, 600],
      [2, 300],
      [2, 600],
    ]) {
      const level = greyFrame(video, frameOf(segment, ms)).at(WIDTH / 2, HEIGHT / 2);
      expect(Math.abs(level - (255 * ms) / 1000)).toBeLessThanOrEqual(4);
    }
    // Fade out: at 300 ms of 1000, 70 % is left.
    expect(Math.abs(greyFrame(video, frameOf(15, 300)).at(WIDTH / 2, HEIGHT / 2) - 255 * 0.7)).toBeLessThanOrEqual(4);
  });

  it('each wipe in uncovers the expected part of the box (the box spans x 160..480, y 90..270)', () => {
    // At 500 ms, half of the box: wipe-right shows its left half, wipe-left its right half, and so on.
    const right = litSpanX(greyFrame(video, frameOf(3, 500)), 180);
    const left = litSpanX(greyFrame(video, frameOf(4, 500)), 180);
    const down = litSpanY(greyFrame(video, frameOf(5, 500)), 320);
    const up = litSpanY(greyFrame(video, frameOf(6, 500)), 320);
    for (const [span, expected] of [
      [right, [160, 319]],
      [left, [320, 479]],
      [down, [90, 179]],
      [up, [180, 269]],
    ] as const) {
      expect(span).not.toBeNull();
      expect(Math.abs((span?.[0] ?? -99) - expected[0])).toBeLessThanOrEqual(2);
      expect(Math.abs((span?.[1] ?? -99) - expected[1])).toBeLessThanOrEqual(2);
    }
  });

  it('a wipe out covers the expected part: wipe-right at 300 ms hides the left 30 %', () => {
    const span = litSpanX(greyFrame(video, frameOf(12, 300)), 180);
    expect(Math.abs((span?.[0] ?? -99) - (160 + 96))).toBeLessThanOrEqual(2);
    expect(Math.abs((span?.[1] ?? -99) - 479)).toBeLessThanOrEqual(2);
  });

  it('each slide in brings the box from just beyond the canvas edge, easing out (±4 px)', () => {
    // At 300 ms the box is still (1 - ease-out(0.3)) of the way out.
    const away = 1 - eased('ease-out', 0.3);
    const box = { left: 160, right: 480, top: 90, bottom: 270 };
    const slideRight = litSpanX(greyFrame(video, frameOf(7, 300)), 180);
    const slideLeft = litSpanX(greyFrame(video, frameOf(8, 300)), 180);
    const slideDown = litSpanY(greyFrame(video, frameOf(9, 300)), 320);
    const slideUp = litSpanY(greyFrame(video, frameOf(10, 300)), 320);
    // slide-right: from off the left edge (offset -480 at the start).
    expect(Math.abs((slideRight?.[1] ?? -99) - (box.right - 1 - away * 480))).toBeLessThanOrEqual(4);
    // slide-left: from off the right edge (offset +480).
    expect(Math.abs((slideLeft?.[0] ?? -99) - (box.left + away * 480))).toBeLessThanOrEqual(4);
    // slide-down: from off the top (offset -270).
    expect(Math.abs((slideDown?.[1] ?? -99) - (box.bottom - 1 - away * 270))).toBeLessThanOrEqual(4);
    // slide-up: from off the bottom (offset +270).
    expect(Math.abs((slideUp?.[0] ?? -99) - (box.top + away * 270))).toBeLessThanOrEqual(4);
  });

  it('a slide out leaves towards its direction, easing in: slide-left at 500 ms', () => {
    const offset = eased('ease-in', 0.5) * 480;
    const span = litSpanX(greyFrame(video, frameOf(13, 500)), 180);
    expect(Math.abs((span?.[0] ?? -99) - (160 - offset))).toBeLessThanOrEqual(4);
  });

  it('zoom scales the box about its centre, easing out in and easing in out', () => {
    const zoomIn = litSpanX(greyFrame(video, frameOf(11, 500)), 180);
    const zoomOut = litSpanX(greyFrame(video, frameOf(14, 500)), 180);
    const widthIn = 320 * eased('ease-out', 0.5);
    const widthOut = 320 * (1 - eased('ease-in', 0.5));
    expect(Math.abs((zoomIn?.[1] ?? -99) - (zoomIn?.[0] ?? 0) + 1 - widthIn)).toBeLessThanOrEqual(4);
    expect(Math.abs((zoomIn?.[0] ?? -99) + (zoomIn?.[1] ?? 0) + 1 - WIDTH)).toBeLessThanOrEqual(4);
    expect(Math.abs((zoomOut?.[1] ?? -99) - (zoomOut?.[0] ?? 0) + 1 - widthOut)).toBeLessThanOrEqual(4);
  });

  it.each(TEXTS.map((t, i) => [t.script, t, FIRST_TEXT_SEGMENT + i] as const))('reads the %s text clip back by OCR', (_script, text, segment) => {
    expect(ocr(video, frameOf(segment, 500), text.language, dir)).toContain(text.expected);
  });

  it('draws the text clip on its background box, which ends at the anchor (bottom-centre)', () => {
    const frame = frameOf(FIRST_TEXT_SEGMENT, 500);
    // Inside the bottom padding, just above the anchor at y 260: the box colour; just below it: the black canvas.
    const inside = rgbAt(video, frame, 320, 250);
    const below = rgbAt(video, frame, 320, 268);
    expect(inside.every((value, i) => Math.abs(value - BOX_BLUE[i]) <= 16)).toBe(true);
    expect(below.every((value) => value <= 16)).toBe(true);
  });
});
