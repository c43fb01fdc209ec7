/**
 * Text clips (docs/extensions.md, section 3) proven by pixels on one 320x180,
 * 10 fps render: white 20 px Liberation Sans on a blue background box (10 px
 * padding, no outline or shadow), so the box is the block: a line is 25 px
 * (line height 1.25) and a block of n lines is 25n + 20 px tall, its bottom
 * centre at the clip's position. Each case is a clip of its own stretch of the
 * timeline; frame n shows the timeline at n x 100 ms.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { eased } from '../../../src/render/plan/motion';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import type { ClipInput, TrackInput } from '../../../src/task-input/task-input.types';
import {
  ensureBundle,
  type Extent,
  extentOf,
  type Frame,
  MediaFixtures,
  nearMatchers,
  newRenderer,
  output,
  pixel,
  planFor,
  readFrames,
  type Rgb,
} from './render-fixtures';

jest.setTimeout(180_000);
expect.extend(nearMatchers);

const W = 320;
const H = 180;
const FPS = 10;
const BOX_BLUE: Rgb = [32, 64, 192];
const BOX_GREEN: Rgb = [32, 192, 64];
const RED: Rgb = [255, 0, 0];
const PADDING = 10;
const LINE = 25;

const boxBlue = ([r, g, b]: Rgb): boolean => b > 96 && r < 96 && g < 128;
const boxGreen = ([r, g, b]: Rgb): boolean => g > 96 && r < 96 && b < 128;
const white = ([r, g, b]: Rgb): boolean => Math.min(r, g, b) > 160;
/** The box or its text: anything not black. */
const lit = ([r, g, b]: Rgb): boolean => Math.max(r, g, b) > 96;

/** Where each case's clip starts on the timeline, ms. */
const START = {
  box: 0,
  align: { left: 500, center: 1_000, right: 1_500 },
  stacking: 2_000,
  slide: 2_500,
  wipe: 3_500,
  moving: 4_500,
  subtitle: 5_500,
} as const;
const DURATION_MS = 6_000;
const TRANSITION_MS = 400;

/** A text clip of `lengthMs` from `startMs` in the test's style; `properties` on top of it. */
function textClip(id: string, text: string, startMs: number, lengthMs: number, properties: Record<string, unknown>): ClipInput {
  return {
    id,
    text,
    start_time_ms: startMs,
    end_time_ms: startMs + lengthMs,
    properties: {
      preset: 'custom',
      font_size: 20,
      color: '#FFFFFF',
      outline: { enabled: false },
      shadow: { enabled: false },
      background: { color: '#2040C0', opacity: 1, padding: PADDING },
      ...properties,
    },
  } as ClipInput;
}

function centreX(extent: Extent | null): number {
  return extent === null ? NaN : (extent.left + extent.right) / 2;
}

describe('text clips (real Chromium, real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let frames: Frame[];

  /** The frame `ms` into the clip that starts at `startMs`. */
  const at = (startMs: number, ms: number): Frame => frames[Math.round(((startMs + ms) * FPS) / 1000)];

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer();
    const red = await fixtures.image('red.png', 160, 90, [RED]);
    await fs.writeFile(fixtures.path('cue.srt'), '1\n00:00:00,000 --> 00:00:00,500\nIIII\n');
    const middle = (start: number) => ({ start_time_ms: start, end_time_ms: start + 500 });
    const tracks: TrackInput[] = [
      // Track order would put this one below the picture: its z_index puts it on top.
      {
        id: 'over',
        type: 'text',
        clips: [textClip('over', 'B', START.stacking, 500, { position: { x: 240, y: 80 }, z_index: 2, background: { color: '#20C040' } })],
      },
      { id: 'picture', type: 'video', clips: [{ id: 'red', media_url: red, ...middle(START.stacking), properties: { fit: 'fill', z_index: 1 } }] },
      {
        id: 'titles',
        type: 'text',
        clips: [
          textClip('box', 'Hello', START.box, 500, { position: { x: 160, y: 120 } }),
          ...(['left', 'right'] as const).map((align) =>
            textClip(`align-${align}`, 'WWWWWW\nI', START.align[align], 500, { position: { x: 160, y: 150 }, align }),
          ),
          textClip('align-default', 'WWWWWW\nI', START.align.center, 500, { position: { x: 160, y: 150 } }),
          // Track order would put this one above the picture: its z_index puts it below.
          textClip('under', 'A', START.stacking, 500, { position: { x: 80, y: 80 }, z_index: 0 }),
          textClip('slide', 'Go', START.slide, 1_000, {
            position: { x: 160, y: 120 },
            scale: { x: 1.5, y: 1.5 },
            transition: { in: { type: 'slide-up', duration_ms: TRANSITION_MS }, out: { type: 'slide-right', duration_ms: TRANSITION_MS } },
          }),
          textClip('wipe', 'Wipe', START.wipe, 1_000, { position: { x: 160, y: 120 }, transition: { in: { type: 'wipe-left', duration_ms: TRANSITION_MS } } }),
          // All green, text and box, however high its z_index: the subtitle's white must still show on it.
          textClip('below-subtitle', 'x', START.subtitle, 500, {
            position: { x: 160, y: 130 },
            z_index: 100,
            color: '#20C040',
            background: { color: '#20C040', padding: 40 },
          }),
          textClip('moving', 'Hi', START.moving, 1_000, {
            position: {
              keyframes: [
                { time_ms: 0, value: { x: 80, y: 60 } },
                { time_ms: 1_000, value: { x: 240, y: 160 } },
              ],
            },
          }),
        ],
      },
      {
        id: 'captions',
        type: 'subtitle',
        clips: [
          {
            id: 'cue',
            media_url: 'cue.srt',
            ...middle(START.subtitle),
            properties: {
              preset: 'custom',
              font_size: 30,
              color: '#FFFFFF',
              position: { x: 160, y: 110 },
              outline: { enabled: false },
              shadow: { enabled: false },
            },
          },
        ],
      },
    ];
    const out = output(W, H, FPS);
    const plan = planFor(fixtures, out, DURATION_MS, tracks);
    const outPath = join(fixtures.dir, 'text.mp4');
    await renderer.renderVideo({ plan, output: out, outPath, onProgress: () => undefined });
    frames = await readFrames(outPath);
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  it('draws the background box around the block, its bottom centre at the position, in its colour', () => {
    const frame = at(START.box, 200);
    const box = extentOf(frame, boxBlue);
    expect({ centre: centreX(box), top: box?.top, bottom: box?.bottom }).toBeNear({ centre: 160, top: 120 - LINE - 2 * PADDING, bottom: 120 }, 1.5);
    if (box === null) return;
    expect(pixel(frame, box.left + 3, box.bottom - 3)).toBeNear(BOX_BLUE, 24);
    // The text itself, white, inside the padding.
    const text = extentOf(frame, white, box);
    expect(text).not.toBeNull();
    expect(centreX(text)).toBeNear(160, 2);
    expect((text?.left ?? 0) - box.left).toBeGreaterThanOrEqual(PADDING - 1);
  });

  describe('align lines the short second line up with the block', () => {
    /** The box of a clip and the white of its second line. */
    function lines(startMs: number): { box: Extent; second: Extent | null } {
      const frame = at(startMs, 200);
      const box = extentOf(frame, boxBlue);
      if (box === null) throw new Error(`no text box at ${startMs} ms`);
      const second = extentOf(frame, white, { left: box.left, right: box.right, top: box.bottom - PADDING - LINE, bottom: box.bottom - PADDING });
      return { box, second };
    }

    it('left puts it at the left of the box, right at the right, center (the default) in the middle', () => {
      const left = lines(START.align.left);
      const center = lines(START.align.center);
      const right = lines(START.align.right);
      expect(left.box).toBeNear({ top: 150 - 2 * LINE - 2 * PADDING, bottom: 150 }, 1.5);
      // The "I" is 3 px wide here; its side bearings are under 3 px.
      expect(left.second?.left).toBeNear(left.box.left + PADDING, 3);
      expect(right.second?.right).toBeNear(right.box.right - PADDING, 3);
      expect(centreX(center.second)).toBeNear(centreX(center.box), 2);
      expect(centreX(right.second) - centreX(left.second)).toBeGreaterThan(60);
    });
  });

  it('stacks text with video by z_index: above the picture at a higher one, hidden below it at a lower one', () => {
    const frame = at(START.stacking, 200);
    // 4 px above each anchor is inside its box's bottom padding.
    expect(pixel(frame, 240, 76)).toBeNear(BOX_GREEN, 24);
    expect(pixel(frame, 80, 76)).toBeNear(RED, 24);
  });

  describe('transitions move and cut the block', () => {
    it('scales the block about its centre (half the unscaled block height above the position)', () => {
      const rest = extentOf(at(START.slide, 500), lit);
      const height = (LINE + 2 * PADDING) * 1.5;
      const centreY = 120 - (LINE + 2 * PADDING) / 2;
      expect({ centre: centreX(rest), top: rest?.top, bottom: rest?.bottom }).toBeNear(
        { centre: 160, top: centreY - height / 2, bottom: centreY + height / 2 },
        1.5,
      );
    });

    it('slide-up in comes from just below the canvas; slide-right out leaves past its right edge', () => {
      const rest = extentOf(at(START.slide, 500), lit);
      if (rest === null) throw new Error('no text block at rest');
      for (const p of [0.25, 0.5]) {
        const up = (1 - eased('ease-out', p)) * (H - rest.top);
        expect(extentOf(at(START.slide, p * TRANSITION_MS), lit)).toBeNear({ ...rest, top: rest.top + up, bottom: Math.min(H, rest.bottom + up) }, 2);
        const right = eased('ease-in', p) * (W - rest.left);
        expect(extentOf(at(START.slide, 600 + p * TRANSITION_MS), lit)).toBeNear(
          { ...rest, left: rest.left + right, right: Math.min(W, rest.right + right) },
          2,
        );
      }
    });

    it('wipe-left in uncovers the box from its right edge', () => {
      const whole = extentOf(at(START.wipe, 500), lit);
      if (whole === null) throw new Error('no text block after the wipe');
      const width = whole.right - whole.left;
      for (const f of [0.25, 0.5, 0.75]) {
        expect(extentOf(at(START.wipe, f * TRANSITION_MS), lit)).toBeNear({ ...whole, left: whole.right - f * width }, 2);
      }
    });
  });

  it('keeps subtitles above text clips whatever their z_index', () => {
    const frame = at(START.subtitle, 200);
    const box = extentOf(frame, boxGreen);
    if (box === null) throw new Error('no text box under the subtitle');
    // The cue's white IIII, centred on the box.
    expect(centreX(extentOf(frame, white, box))).toBeNear(160, 4);
  });

  it('position keyframes move the anchor', () => {
    const box = extentOf(at(START.moving, 500), boxBlue);
    expect({ centre: centreX(box), bottom: box?.bottom }).toBeNear({ centre: 160, bottom: 110 }, 1.5);
  });
});
