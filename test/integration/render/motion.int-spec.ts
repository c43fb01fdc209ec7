/**
 * Keyframes and transitions (docs/extensions.md, sections 1 and 2) proven by
 * pixels and loudness on one 320x180, 10 fps render: each case is a clip of
 * its own stretch of the timeline, white on black, sampled at chosen frames
 * (frame n shows the timeline at n x 100 ms).
 *
 * The square is a 90x90 white image contained (180x180) and scaled by 1/3: a
 * 60x60 box at x 130..190, y 60..120 when unmoved. The wipes run over
 * contained non-square images, whose drawn box is the fitted picture and not
 * the canvas: a 60x90 portrait (box x 100..220, full height) for the
 * horizontal wipes, a 160x45 landscape (box y 45..135, full width) for the
 * vertical ones.
 */
import { join } from 'node:path';
import { eased } from '../../../src/render/plan/motion';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import type { ClipInput } from '../../../src/task-input/task-input.types';
import {
  centroidOf,
  ensureBundle,
  type Extent,
  extentOf,
  type Frame,
  meanVolumeDb,
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
const THIRD = { x: 1 / 3, y: 1 / 3 };

const bright = ([r, g, b]: Rgb): boolean => r + g + b > 3 * 128;
const reddish = ([r, , b]: Rgb): boolean => r > 128 && b < 128;
const bluish = ([r, , b]: Rgb): boolean => b > 128 && r < 128;

/** Where each case's clip starts on the timeline, ms. */
const START = {
  position: { linear: 0, 'ease-in-out': 1_500, hold: 3_000 },
  opacity: 4_500,
  fade: 6_500,
  fadeHalf: 7_500,
  wipe: { right: 8_500, left: 9_500, down: 10_500, up: 11_500 },
  slide: { right: 12_500, left: 13_500, down: 14_500, up: 15_500 },
  zoom: 16_500,
  rotation: 17_500,
  slideMoving: 19_000,
  tone: 1_000,
} as const;
const DURATION_MS = 20_000;
/** Each transition case: a 1 s clip with a 400 ms transition in and another out. */
const TRANSITION_MS = 400;
const DIRECTIONS = ['right', 'left', 'down', 'up'] as const;
type Direction = (typeof DIRECTIONS)[number];

/** A clip of `lengthMs` from `startMs`; properties as the request writes them (keyframes included). */
function clip(id: string, media: string, startMs: number, lengthMs: number, properties: Record<string, unknown>): ClipInput {
  return { id, media_url: media, start_time_ms: startMs, end_time_ms: startMs + lengthMs, properties };
}

function transition(type: string): Record<string, unknown> {
  return { in: { type, duration_ms: TRANSITION_MS }, out: { type, duration_ms: TRANSITION_MS } };
}

/** A box of `width` x `height` centred `dx`, `dy` from the canvas centre, cut to the canvas (what can be seen of it). */
function seenBox(dx: number, dy: number, width = 60, height = 60): Extent {
  return {
    left: Math.max(0, W / 2 + dx - width / 2),
    top: Math.max(0, H / 2 + dy - height / 2),
    right: Math.min(W, W / 2 + dx + width / 2),
    bottom: Math.min(H, H / 2 + dy + height / 2),
  };
}

/** Grey level of a pixel (the mean of its channels). */
function level(frame: Frame, x: number, y: number): number {
  const [r, g, b] = pixel(frame, x, y);
  return (r + g + b) / 3;
}

describe('keyframes and transitions (real Chromium, real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let outPath: string;
  let frames: Frame[];

  /** The frame `ms` into the clip that starts at `startMs`. */
  const at = (startMs: number, ms: number): Frame => frames[Math.round(((startMs + ms) * FPS) / 1000)];

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer();
    const square = await fixtures.image('square.png', 90, 90, [[255, 255, 255]]);
    const portrait = await fixtures.image('portrait.png', 60, 90, [[255, 255, 255]]);
    const landscape = await fixtures.image('landscape.png', 160, 45, [[255, 255, 255]]);
    const halves = await fixtures.halves('halves.png', 90, 90, [255, 0, 0], [0, 0, 255]);
    const tone = await fixtures.tone('tone.wav', 2);

    const path = (easing: string) => ({
      keyframes: [
        { time_ms: 200, value: { x: -100, y: -40 } },
        { time_ms: 1_200, value: { x: 100, y: 40 }, easing },
      ],
    });
    const clips: ClipInput[] = [
      ...Object.entries(START.position).map(([easing, start]) => clip(`position-${easing}`, square, start, 1_500, { scale: THIRD, position: path(easing) })),
      clip('opacity', square, START.opacity, 2_000, {
        fit: 'fill',
        opacity: {
          keyframes: [
            { time_ms: 0, value: 0 },
            { time_ms: 1_000, value: 1 },
            { time_ms: 1_500, value: 0.5, easing: 'ease-out' },
          ],
        },
      }),
      clip('fade', square, START.fade, 1_000, { fit: 'fill', transition: { in: { type: 'fade', duration_ms: 500 }, out: { type: 'fade', duration_ms: 500 } } }),
      clip('fade-half', square, START.fadeHalf, 1_000, { fit: 'fill', opacity: 0.5, transition: { in: { type: 'fade', duration_ms: 500 } } }),
      ...DIRECTIONS.map((d) =>
        clip(`wipe-${d}`, d === 'right' || d === 'left' ? portrait : landscape, START.wipe[d], 1_000, { transition: transition(`wipe-${d}`) }),
      ),
      ...DIRECTIONS.map((d) => clip(`slide-${d}`, square, START.slide[d], 1_000, { scale: THIRD, transition: transition(`slide-${d}`) })),
      clip('zoom', square, START.zoom, 1_000, { scale: THIRD, transition: transition('zoom') }),
      clip('slide-moving', square, START.slideMoving, 1_000, {
        scale: THIRD,
        position: {
          keyframes: [
            { time_ms: 0, value: { x: 40, y: -30 } },
            { time_ms: 1_000, value: { x: 80, y: -30 } },
          ],
        },
        transition: { in: { type: 'slide-right', duration_ms: TRANSITION_MS } },
      }),
      clip('rotation', halves, START.rotation, 1_500, {
        scale: THIRD,
        rotation: {
          keyframes: [
            { time_ms: 0, value: 0 },
            { time_ms: 1_000, value: 90 },
          ],
        },
      }),
    ];
    const volume = {
      keyframes: [
        { time_ms: 200, value: 0.25 },
        { time_ms: 1_000, value: 1 },
        { time_ms: 1_500, value: 0.1, easing: 'hold' },
      ],
    };
    const out = output(W, H, FPS);
    const plan = planFor(fixtures, out, DURATION_MS, [
      { id: 'picture', type: 'video', clips },
      { id: 'music', type: 'audio', clips: [clip('tone', tone, START.tone, 2_000, { volume })] },
    ]);
    outPath = join(fixtures.dir, 'motion.mp4');
    await renderer.renderVideo({ plan, output: out, outPath, onProgress: () => undefined });
    frames = await readFrames(outPath);
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  it('renders every frame of the timeline', () => {
    expect(frames).toHaveLength((DURATION_MS * FPS) / 1000);
  });

  describe('position keyframes (from (-100,-40) at 200 ms to (100,40) at 1200 ms)', () => {
    it('linear: the first value before the first keyframe, evenly between, the last after', () => {
      const start = START.position.linear;
      expect(extentOf(at(start, 100), bright)).toBeNear(seenBox(-100, -40), 4);
      expect(extentOf(at(start, 400), bright)).toBeNear(seenBox(-60, -24), 4);
      expect(extentOf(at(start, 700), bright)).toBeNear(seenBox(0, 0), 4);
      expect(extentOf(at(start, 1_000), bright)).toBeNear(seenBox(60, 24), 4);
      expect(extentOf(at(start, 1_400), bright)).toBeNear(seenBox(100, 40), 4);
    });

    it('ease-in-out: slow at both ends, halfway at the middle', () => {
      const start = START.position['ease-in-out'];
      const along = (p: number) => seenBox(-100 + 200 * eased('ease-in-out', p), -40 + 80 * eased('ease-in-out', p));
      // At a fifth of the time the curve has done about a tenth of the way: 20 px short of linear.
      expect(extentOf(at(start, 400), bright)).toBeNear(along(0.2), 4);
      expect(extentOf(at(start, 700), bright)).toBeNear(seenBox(0, 0), 4);
      expect(extentOf(at(start, 1_000), bright)).toBeNear(along(0.8), 4);
    });

    it('hold: the previous value until the keyframe, then a jump', () => {
      const start = START.position.hold;
      expect(extentOf(at(start, 400), bright)).toBeNear(seenBox(-100, -40), 4);
      expect(extentOf(at(start, 1_100), bright)).toBeNear(seenBox(-100, -40), 4);
      expect(extentOf(at(start, 1_200), bright)).toBeNear(seenBox(100, 40), 4);
      expect(extentOf(at(start, 1_400), bright)).toBeNear(seenBox(100, 40), 4);
    });
  });

  it('opacity keyframes: white over black at 255 x opacity', () => {
    const seen = [200, 500, 1_000, 1_200, 1_800].map((ms) => level(at(START.opacity, ms), W / 2, H / 2));
    const expected = [0.2, 0.5, 1, 1 - 0.5 * eased('ease-out', 0.4), 0.5].map((opacity) => 255 * opacity);
    seen.forEach((value, i) => expect(value).toBeNear(expected[i], 4));
  });

  it('fade in and out are linear, and multiply the clip opacity', () => {
    expect(level(at(START.fade, 200), W / 2, H / 2)).toBeNear(255 * 0.4, 4);
    expect(level(at(START.fade, 500), W / 2, H / 2)).toBeNear(255, 4);
    expect(level(at(START.fade, 800), W / 2, H / 2)).toBeNear(255 * 0.4, 4);
    expect(level(at(START.fadeHalf, 200), W / 2, H / 2)).toBeNear(255 * 0.5 * 0.4, 4);
    expect(level(at(START.fadeHalf, 700), W / 2, H / 2)).toBeNear(255 * 0.5, 4);
  });

  describe('wipes cut the drawn box of a contained non-square picture', () => {
    /** The portrait's drawn box (x 100..220) from `left` to `right` of its width; the landscape's (y 45..135) from `top` to `bottom` of its height. */
    const portrait = (left: number, right: number): Extent => ({ left: 100 + 120 * left, top: 0, right: 100 + 120 * right, bottom: H });
    const landscape = (top: number, bottom: number): Extent => ({ left: 0, top: 45 + 90 * top, right: W, bottom: 45 + 90 * bottom });
    /** The shown part, as fractions of the box, at `f` of the way through the wipe in and out. */
    const SHOWN: Record<Direction, { in: (f: number) => Extent; out: (f: number) => Extent }> = {
      right: { in: (f) => portrait(0, f), out: (f) => portrait(f, 1) },
      left: { in: (f) => portrait(1 - f, 1), out: (f) => portrait(0, 1 - f) },
      down: { in: (f) => landscape(0, f), out: (f) => landscape(f, 1) },
      up: { in: (f) => landscape(1 - f, 1), out: (f) => landscape(0, 1 - f) },
    };

    it.each(DIRECTIONS)('wipe-%s, in and out, at a quarter, a half and three quarters', (direction) => {
      const start = START.wipe[direction];
      for (const f of [0.25, 0.5, 0.75]) {
        expect(extentOf(at(start, f * TRANSITION_MS), bright)).toBeNear(SHOWN[direction].in(f), 2);
        expect(extentOf(at(start, 600 + f * TRANSITION_MS), bright)).toBeNear(SHOWN[direction].out(f), 2);
      }
      expect(extentOf(at(start, 500), bright)).toBeNear(SHOWN[direction].in(1), 2);
    });
  });

  describe('slides travel from just beyond the canvas (ease-out) and on past it (ease-in)', () => {
    /** The square's offset `away` of the way to just beyond the canvas edge in `direction` (the unmoved square is 130 px from each side edge, 60 from top and bottom). */
    const towards = (direction: Direction, away: number): [number, number] =>
      ({ right: [190 * away, 0], left: [-190 * away, 0], down: [0, 120 * away], up: [0, -120 * away] })[direction] as [number, number];
    const behind: Record<Direction, Direction> = { right: 'left', left: 'right', down: 'up', up: 'down' };

    it.each(DIRECTIONS)('slide-%s at a quarter and a half of its time, in and out', (direction) => {
      const start = START.slide[direction];
      for (const p of [0.25, 0.5]) {
        expect(extentOf(at(start, p * TRANSITION_MS), bright)).toBeNear(seenBox(...towards(behind[direction], 1 - eased('ease-out', p))), 4);
        expect(extentOf(at(start, 600 + p * TRANSITION_MS), bright)).toBeNear(seenBox(...towards(direction, eased('ease-in', p))), 4);
      }
      expect(extentOf(at(start, 500), bright)).toBeNear(seenBox(0, 0), 4);
    });
  });

  it('a slide adds its offset to keyframed positions, from just beyond the canvas edge of where the box is', () => {
    for (const ms of [100, 200, 500]) {
      // The box's own place moves from x 40 to 80 over the clip: its right edge is 190 + x from the left edge of the canvas.
      const x = 40 + (40 * ms) / 1_000;
      const away = 1 - eased('ease-out', Math.min(1, ms / TRANSITION_MS));
      expect(extentOf(at(START.slideMoving, ms), bright)).toBeNear(seenBox(x - away * (190 + x), -30), 4);
    }
  });

  it('zoom scales about the centre, ease-out in and ease-in out', () => {
    const sized = (scale: number) => seenBox(0, 0, 60 * scale, 60 * scale);
    for (const p of [0.25, 0.5]) {
      expect(extentOf(at(START.zoom, p * TRANSITION_MS), bright)).toBeNear(sized(eased('ease-out', p)), 2);
      expect(extentOf(at(START.zoom, 600 + p * TRANSITION_MS), bright)).toBeNear(sized(1 - eased('ease-in', p)), 2);
    }
  });

  it('rotation keyframes turn the picture clockwise about its centre (0 to 90 degrees over 1 s)', () => {
    const seen = (ms: number) => extentOf(at(START.rotation, ms), (c) => reddish(c) || bluish(c));
    const turned = (deg: number) => {
      const rad = (deg * Math.PI) / 180;
      const side = 60 * (Math.cos(rad) + Math.sin(rad));
      return seenBox(0, 0, side, side);
    };
    expect(seen(250)).toBeNear(turned(22.5), 3);
    expect(seen(500)).toBeNear(turned(45), 3);
    // Clockwise, the red left half swings up: at 45 degrees it lies up and to the left of the blue one.
    const red = centroidOf(at(START.rotation, 500), reddish);
    const blue = centroidOf(at(START.rotation, 500), bluish);
    expect(red).toBeNear({ x: 160 - 15 * Math.SQRT1_2, y: 90 - 15 * Math.SQRT1_2 }, 3);
    expect(blue).toBeNear({ x: 160 + 15 * Math.SQRT1_2, y: 90 + 15 * Math.SQRT1_2 }, 3);
    // After the last keyframe it stays at 90 degrees: red on top.
    expect(extentOf(at(START.rotation, 1_200), reddish)).toBeNear(seenBox(0, -15, 60, 30), 3);
    expect(extentOf(at(START.rotation, 1_200), bluish)).toBeNear(seenBox(0, 15, 60, 30), 3);
  });

  it('volume keyframes: the first value before, a linear ramp, then a hold that jumps', async () => {
    // Into the clip: 0.25 until 200 ms, up to 1 at 1000 ms, 1 until the hold at 1500 ms jumps to 0.1: -12 dB, 0 dB, -20 dB.
    const window = (fromMs: number, toMs: number) => meanVolumeDb(outPath, (START.tone + fromMs) / 1000, (toMs - fromMs) / 1000);
    const before = await window(20, 170);
    const full = await window(1_050, 1_400);
    const held = await window(1_600, 1_950);
    expect(full - before).toBeNear(12, 1.5);
    expect(full - held).toBeNear(20, 1.5);
  });
});
