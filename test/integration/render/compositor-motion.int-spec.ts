/**
 * Keyframes, transitions and text clips drawn by the compositor (real
 * Chromium for the text, real ffmpeg), proven by pixels at chosen frames of a
 * 320x180, 10 fps render: a white picture over black, where the contract
 * (docs/extensions.md) says it is, as large and as bright as it says.
 * Expected values are worked out here from the contract's own numbers; only
 * the easing curves come from motion.ts (tested against the Bézier curves).
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { CompositorRenderer } from '../../../src/render/compositor/compositor-renderer';
import { eased } from '../../../src/render/plan/motion';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import type { TrackInput } from '../../../src/task-input/task-input.types';
import {
  ensureBundle,
  type Extent,
  extentOf,
  type Frame,
  meanVolumeDb,
  MediaFixtures,
  newRenderer,
  output,
  pixel,
  planFor,
  readFrames,
  type Rgb,
  textTrack,
} from './render-fixtures';

jest.setTimeout(300_000);
const run = promisify(execFile);

const W = 320;
const H = 180;
const FPS = 10;
const OUT = output(W, H, FPS);
const WHITE: Rgb = [255, 255, 255];

type Props = Record<string, unknown>;
const clip = (id: string, media: string, start: number, end: number, properties: Props = {}) => ({
  id,
  media_url: media,
  start_time_ms: start,
  end_time_ms: end,
  properties,
});
const track = (id: string, clips: Array<ReturnType<typeof clip>>): TrackInput => ({ id, type: 'video', clips });
const keyframes = (...frames: Array<[number, unknown, string?]>) => ({
  keyframes: frames.map(([time_ms, value, easing]) => ({ time_ms, value, ...(easing ? { easing } : {}) })),
});

const luma = (frame: Frame, x: number, y: number): number => {
  const [r, g, b] = pixel(frame, x, y);
  return (r + g + b) / 3;
};

/** The rectangle of pixels brighter than mid-grey (right and bottom exclusive); null when none is. */
const brightBox = (frame: Frame): Extent | null => extentOf(frame, ([r, g, b]) => (r + g + b) / 3 >= 128);

describe('the compositor draws keyframes, transitions and text clips', () => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let compositor: CompositorRenderer;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    remotion = newRenderer();
    compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
    await fixtures.video('black.mp4', W, H, [[0, 0, 0]], 8, 0);
    await fixtures.image('white-square.png', 180, 180, [WHITE]);
    await fixtures.image('white.png', W, H, [WHITE]);
    await fixtures.video('white.mp4', W, H, [WHITE], 2, 0);
  });
  afterAll(async () => {
    await remotion?.close();
    await fixtures.stop();
  });

  async function render(name: string, durationMs: number, tracks: TrackInput[]): Promise<{ plan: RenderPlan; frames: Frame[] }> {
    const plan = planFor(fixtures, OUT, durationMs, [track('ground', [clip('black', 'black.mp4', 0, durationMs)]), ...tracks]);
    const outPath = fixtures.path(`${name}.mp4`);
    const result = await compositor.renderVideo({ plan, output: OUT, outPath, onProgress: () => undefined });
    expect(result.engine).toBe('compositor');
    const frames = await readFrames(outPath);
    expect(frames).toHaveLength(plan.durationInFrames);
    return { plan, frames };
  }

  it('moves a square along its position keyframes, linear then eased', async () => {
    // 180x180 contained at scale 0.25: a 45 px square, its centre at the canvas centre plus the position.
    const position = keyframes([0, { x: -100, y: -40 }], [1_000, { x: 100, y: 40 }], [2_000, { x: 0, y: 0 }, 'ease-in-out']);
    const { frames } = await render('moving-square', 2_000, [
      track('top', [clip('square', 'white-square.png', 0, 2_000, { scale: { x: 0.25, y: 0.25 }, position, z_index: 1 })]),
    ]);
    const expectCentre = (frame: number, x: number, y: number) => {
      const box = brightBox(frames[frame]);
      expect(box).not.toBeNull();
      const at = { frame, x: ((box?.left ?? 0) + (box?.right ?? 0)) / 2, y: ((box?.top ?? 0) + (box?.bottom ?? 0)) / 2 };
      expect(Math.abs(at.x - x)).toBeLessThanOrEqual(4);
      expect(Math.abs(at.y - y)).toBeLessThanOrEqual(4);
      expect((box?.right ?? 0) - (box?.left ?? 0)).toBeGreaterThanOrEqual(41);
    };
    expectCentre(0, 60, 50);
    expectCentre(5, 160, 90);
    expectCentre(10, 260, 130);
    // ease-in-out is symmetric: half way in time is half way in space.
    expectCentre(15, 210, 110);
    expectCentre(19, 160 + 100 * (1 - eased('ease-in-out', 0.9)), 90 + 40 * (1 - eased('ease-in-out', 0.9)));
  });

  it('moves a JPEG larger than the probe buffer under its .jpg name, as the worker places it', async () => {
    // Grain makes it 5+ KB, past the 2 KB the probe first reads: guessing from the name, ffmpeg would take it for an image sequence (image2), which is refused.
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=white:s=180x180,noise=alls=12:allf=u',
      '-frames:v',
      '1',
      fixtures.path('grainy.jpg'),
    ]);
    expect((await stat(fixtures.path('grainy.jpg'))).size).toBeGreaterThan(4_096);
    const position = keyframes([0, { x: -100, y: 0 }], [1_000, { x: 100, y: 0 }]);
    const { frames } = await render('moving-jpeg', 1_000, [
      track('top', [clip('photo', fixtures.made('grainy.jpg', { width: 180, height: 180 }), 0, 1_000, { scale: { x: 0.25, y: 0.25 }, position, z_index: 1 })]),
    ]);
    const box = brightBox(frames[5]);
    expect(box).not.toBeNull();
    expect(Math.abs(((box?.left ?? 0) + (box?.right ?? 0)) / 2 - 160)).toBeLessThanOrEqual(4);
  });

  it.each(['white.png', 'white.mp4'])('fades %s by opacity keyframes times the fade transition, on every frame', async (media) => {
    // White over black: a pixel's level is 255 times the opacity. It changes by 25 levels a frame: a level sent
    // to the filter a frame early or late would be off by that much.
    const { frames } = await render(`opacity-${media}`, 2_000, [
      track('top', [
        clip('white', media, 0, 2_000, { fit: 'fill', opacity: keyframes([0, 0], [1_000, 1]), transition: { out: { type: 'fade', duration_ms: 500 } } }),
      ]),
    ]);
    const opacityAt = (frame: number) => Math.min(1, frame / 10) * Math.min(1, (20 - frame) / 5);
    const levels = frames.map((frame) => Math.round(luma(frame, W / 2, H / 2)));
    const expected = frames.map((_, frame) => Math.round(255 * opacityAt(frame)));
    expect(levels.map((level, frame) => Math.abs(level - expected[frame]) <= 4)).toEqual(expected.map(() => true));
  });

  it('wipes in and out from each side across the drawn box', async () => {
    // Four 2 s clips of a full-canvas white picture, each wiped in over its first second and out over its last.
    const sides = [
      ['wipe-right', 'wipe-left'],
      ['wipe-left', 'wipe-down'],
      ['wipe-down', 'wipe-up'],
      ['wipe-up', 'wipe-right'],
    ];
    const { frames } = await render('wipes', 8_000, [
      track(
        'top',
        sides.map(([into, out], i) =>
          clip(`w${i}`, 'white.png', i * 2_000, (i + 1) * 2_000, {
            fit: 'fill',
            transition: { in: { type: into, duration_ms: 1_000 }, out: { type: out, duration_ms: 1_000 } },
          }),
        ),
      ),
    ]);
    /** At 30 % of a wipe: what `type` shows of the box, in (uncovering) or out (covering). */
    const shown = (type: string, side: 'in' | 'out') => {
      const cut = side === 'in' ? 0.7 : 0.3;
      const edge = { x: W * cut, y: H * cut };
      switch (type) {
        case 'wipe-right': // uncovered from the left, covered from the left
          return side === 'in' ? { left: 0, top: 0, right: W - edge.x, bottom: H } : { left: edge.x, top: 0, right: W, bottom: H };
        case 'wipe-left':
          return side === 'in' ? { left: edge.x, top: 0, right: W, bottom: H } : { left: 0, top: 0, right: W - edge.x, bottom: H };
        case 'wipe-down':
          return side === 'in' ? { left: 0, top: 0, right: W, bottom: H - edge.y } : { left: 0, top: edge.y, right: W, bottom: H };
        default:
          return side === 'in' ? { left: 0, top: edge.y, right: W, bottom: H } : { left: 0, top: 0, right: W, bottom: H - edge.y };
      }
    };
    sides.forEach(([into, out], i) => {
      for (const [frame, expected] of [
        [i * 20 + 3, shown(into, 'in')],
        [i * 20 + 13, shown(out, 'out')],
      ] as const) {
        const box = brightBox(frames[frame]);
        expect([frame, box === null ? null : Object.entries(box).every(([k, v]) => Math.abs(v - expected[k as keyof typeof expected]) <= 4)]).toEqual([
          frame,
          true,
        ]);
      }
    });
  });

  it('fades and wipes a picture to its last column', async () => {
    // A 384 x 216 picture on a 480 x 270 canvas, at x 48-431 and y 27-242. At this width a mask stretched from
    // 2 x 1 pixels (neighbour sampling) left the last column transparent; the picture must keep it.
    const out = output(480, 270, FPS);
    await fixtures.video('black-480.mp4', 480, 270, [[0, 0, 0]], 2, 0);
    await fixtures.image('white-384.png', 384, 216, [WHITE]);
    const plan = planFor(fixtures, out, 2_000, [
      track('ground', [clip('black', 'black-480.mp4', 0, 2_000)]),
      track('top', [
        clip('white', 'white-384.png', 0, 2_000, {
          scale: { x: 0.8, y: 0.8 },
          opacity: keyframes([0, 0.6], [2_000, 1]),
          transition: { out: { type: 'wipe-right', duration_ms: 1_000 } },
        }),
      ]),
    ]);
    const outPath = fixtures.path('last-column.mp4');
    expect((await compositor.renderVideo({ plan, output: out, outPath, onProgress: () => undefined })).engine).toBe('compositor');
    const frames = await readFrames(outPath);
    // Frame 5 fades (opacity 0.7) and is not cut; frame 15 is half wiped out, covered from the left.
    for (const [frame, level, firstColumn] of [
      [5, 0.7 * 255, 48],
      [15, 0.9 * 255, 48 + 192],
    ]) {
      const lit = (x: number) => luma(frames[frame], x, 135);
      expect([frame, lit(firstColumn - 1) <= 40, Math.abs(lit(firstColumn) - level) <= 12, Math.abs(lit(431) - level) <= 12, lit(432) <= 40]).toEqual([
        frame,
        true,
        true,
        true,
        true,
      ]);
    }
  });

  it('slides in and out beyond each canvas edge, eased', async () => {
    // The canvas filled at scale 0.25: an 80x45 box at the centre; a slide takes it just beyond the edge it travels to or from.
    const sides = [
      ['slide-right', 'slide-left'],
      ['slide-down', 'slide-up'],
    ];
    const { frames } = await render('slides', 4_000, [
      track(
        'top',
        sides.map(([into, out], i) =>
          clip(`s${i}`, 'white.png', i * 2_000, (i + 1) * 2_000, {
            fit: 'fill',
            scale: { x: 0.25, y: 0.25 },
            transition: { in: { type: into, duration_ms: 1_000 }, out: { type: out, duration_ms: 1_000 } },
          }),
        ),
      ),
    ]);
    const [toLeft, toTop] = [160 + 40, 90 + 22.5];
    const checks: Array<[number, number, number]> = [
      // slide-right in, from beyond the left edge: at 40 % the box is (1 - ease-out(0.4)) of its way off.
      [4, 160 - (1 - eased('ease-out', 0.4)) * toLeft, 90],
      // slide-left out, to beyond the left edge, ease-in.
      [16, 160 - eased('ease-in', 0.6) * toLeft, 90],
      // slide-down in, from beyond the top; slide-up out, beyond the top.
      [24, 160, 90 - (1 - eased('ease-out', 0.4)) * toTop],
      [36, 160, 90 - eased('ease-in', 0.6) * toTop],
    ];
    for (const [frame, x, y] of checks) {
      const box = brightBox(frames[frame]);
      const centre = box === null ? null : { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
      expect([frame, centre !== null && Math.abs(centre.x - x) <= 4 && Math.abs(centre.y - y) <= 4]).toEqual([frame, true]);
    }
    // Between the transitions, at rest: 120 to 200 across, 67.5 to 112.5 down.
    expect(brightBox(frames[10])).toEqual({ left: 120, top: 68, right: 200, bottom: 113 });
  });

  it('zooms in and out about the centre, eased, times the scale keyframes', async () => {
    const { frames } = await render('zoom', 2_000, [
      track('top', [
        clip('z', 'white-square.png', 0, 2_000, {
          scale: keyframes([0, { x: 0.5, y: 0.5 }], [2_000, { x: 0.3, y: 0.3 }]),
          transition: { in: { type: 'zoom', duration_ms: 1_000 }, out: { type: 'zoom', duration_ms: 500 } },
        }),
      ]),
    ]);
    for (const frame of [2, 5, 12, 17]) {
      const own = 0.5 - 0.2 * (frame / 20);
      const zoom = frame < 10 ? eased('ease-out', frame / 10) : frame >= 15 ? 1 - eased('ease-in', (frame - 15) / 5) : 1;
      const side = 180 * own * zoom;
      const box = brightBox(frames[frame]);
      const size = box === null ? 0 : box.right - box.left;
      expect([frame, Math.abs(size - side) <= 4, Math.abs((box?.left ?? 0) + size / 2 - 160) <= 2]).toEqual([frame, true, true]);
    }
  });

  it('turns a square by its rotation keyframes and leaves nothing of earlier frames behind', async () => {
    // 0 to 720 degrees in 2 s at 10 fps: 36 degrees a frame, so each frame's corners lie where earlier frames drew.
    const { frames } = await render('turning-square', 2_000, [
      track('top', [clip('turn', 'white-square.png', 0, 2_000, { scale: { x: 0.5, y: 0.5 }, rotation: keyframes([0, 0], [2_000, 720]) })]),
    ]);
    const brightPixels = (frame: Frame) => {
      let count = 0;
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (luma(frame, x, y) >= 128) count++;
      return count;
    };
    for (let frame = 0; frame < 20; frame++) {
      const radians = (36 * frame * Math.PI) / 180;
      const box = brightBox(frames[frame]);
      const width = box === null ? 0 : box.right - box.left;
      // A 90 px square: its bounding box 90 (|cos| + |sin|) wide, its area 8,100 px whatever the angle.
      expect([frame, Math.abs(width - 90 * (Math.abs(Math.cos(radians)) + Math.abs(Math.sin(radians)))) <= 3]).toEqual([frame, true]);
      expect([frame, Math.abs(brightPixels(frames[frame]) - 8_100) <= 300]).toEqual([frame, true]);
    }
  });

  /** A text clip of white box (text drawn in black inside it), anchored at its bottom centre. */
  const boxedText = (id: string, start: number, end: number, properties: Props) => ({
    id,
    text: 'Hello',
    start_time_ms: start,
    end_time_ms: end,
    properties: {
      font_size: 30,
      color: '#000000',
      outline: { enabled: false },
      shadow: { enabled: false },
      background: { color: '#FFFFFF', opacity: 1, padding: 8 },
      ...properties,
    },
  });

  it('draws a text clip without motion as a still, at its anchor', async () => {
    const { plan, frames } = await render('static-text', 1_000, [textTrack('t', [boxedText('still', 0, 1_000, { position: { x: 100, y: 120 } })])]);
    expect(plan.layers[1]).toMatchObject({ kind: 'text', motion: null });
    const box = brightBox(frames[5]);
    expect(box).not.toBeNull();
    expect(Math.abs((box?.bottom ?? 0) - 120)).toBeLessThanOrEqual(2);
    expect(Math.abs(((box?.left ?? 0) + (box?.right ?? 0)) / 2 - 100)).toBeLessThanOrEqual(2);
  });

  it('moves, scales and fades a text clip as one block, anchored at its bottom centre', async () => {
    const { frames } = await render('moving-text', 2_000, [
      textTrack('t', [
        boxedText('moving', 0, 2_000, {
          position: keyframes([0, { x: 100, y: 60 }], [1_000, { x: 220, y: 150 }]),
          scale: keyframes([1_000, { x: 1, y: 1 }], [2_000, { x: 1.5, y: 1.5 }]),
          transition: { out: { type: 'fade', duration_ms: 300 } },
        }),
      ]),
    ]);
    const rest = brightBox(frames[10]);
    expect(rest).not.toBeNull();
    const [width, height] = [(rest?.right ?? 0) - (rest?.left ?? 0), (rest?.bottom ?? 0) - (rest?.top ?? 0)];
    for (const [frame, x, y, scale] of [
      [0, 100, 60, 1],
      [5, 160, 105, 1],
      [10, 220, 150, 1],
      [15, 220, 150, 1.25],
    ]) {
      const box = brightBox(frames[frame]);
      // Scaled about the block's centre, which stays half the unscaled height above the anchor.
      const at = box === null ? null : { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2, width: box.right - box.left };
      expect([frame, at !== null && Math.abs(at.x - x) <= 4 && Math.abs(at.y - (y - height / 2)) <= 4 && Math.abs(at.width - width * scale) <= 4]).toEqual([
        frame,
        true,
      ]);
    }
    // The last frame is 1/3 of the way through the fade out: the box is white at 1/3.
    const last = frames[19];
    expect(Math.abs(luma(last, 220, 150 - height / 2 - 12) - 255 / 3)).toBeLessThanOrEqual(6);
  });

  it('mixes an audio clip at its keyframed volume', async () => {
    await fixtures.tone('tone.wav', 2);
    const plan = planFor(fixtures, OUT, 2_000, [
      { id: 'music', type: 'audio', clips: [clip('tone', 'tone.wav', 0, 2_000, { volume: keyframes([0, 0.1], [1_000, 1, 'hold']) })] },
    ]);
    const outPath = fixtures.path('volume-keyframes.mp4');
    await compositor.renderVideo({ plan, output: OUT, outPath, onProgress: () => undefined });
    const [quiet, loud] = [await meanVolumeDb(outPath, 0.1, 0.8), await meanVolumeDb(outPath, 1.1, 0.8)];
    // A gain of 0.1 is 20 dB below full.
    expect(Math.abs(loud - quiet - 20)).toBeLessThanOrEqual(1);
  });
});
