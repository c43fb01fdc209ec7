/**
 * Layer properties proven by pixels on a 160x90, 10 fps render: each case is a
 * half-second segment of one timeline, sampled at its middle frame.
 */
import { join } from 'node:path';
import type { ClipInput, TrackInput } from '../../../src/task-input/task-input.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { ensureBundle, MediaFixtures, near, newRenderer, output, pixel, planFor, readFrame, type Frame, type Rgb } from './render-fixtures';

jest.setTimeout(180_000);

const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const YELLOW: Rgb = [255, 255, 0];
const CYAN: Rgb = [0, 255, 255];
const BLACK: Rgb = [0, 0, 0];

const SEGMENT_MS = 500;
const FPS = 10;

/** A clip of segment `n` (or a part of it, in ms from the segment start). */
function clip(id: string, media: string, n: number, properties: ClipInput['properties'] = {}, from = 0, to = SEGMENT_MS): ClipInput {
  return { id, media_url: media, start_time_ms: n * SEGMENT_MS + from, end_time_ms: n * SEGMENT_MS + to, properties };
}

function frameOf(segment: number, msIntoSegment = SEGMENT_MS / 2): number {
  return Math.round(((segment * SEGMENT_MS + msIntoSegment) * FPS) / 1000);
}

describe('layer compositing (real Chromium, real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let outPath: string;
  const frames = new Map<number, Frame>();

  async function at(segment: number, msIntoSegment?: number): Promise<Frame> {
    const n = frameOf(segment, msIntoSegment);
    if (!frames.has(n)) frames.set(n, await readFrame(outPath, n));
    return frames.get(n) as Frame;
  }

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer();
    const red = await fixtures.image('red.png', 160, 90, [RED]);
    const blue = await fixtures.image('blue.png', 160, 90, [BLUE]);
    const green = await fixtures.image('green.png', 160, 90, [GREEN]);
    const yellow = await fixtures.image('yellow.png', 160, 90, [YELLOW]);
    const cyan = await fixtures.image('cyan.png', 160, 90, [CYAN]);
    const split = await fixtures.halves('split.png', 160, 90, RED, BLUE);
    const tracks: TrackInput[] = [
      {
        id: 'low',
        type: 'video',
        clips: [
          clip('s0-red', red, 0),
          clip('s1-red', red, 1),
          clip('s2-red', red, 2),
          clip('s3-yellow', yellow, 3),
          clip('s4-red-z5', red, 4, { z_index: 5 }),
          clip('s5-green-bg', green, 5, { layer_type: 'background', z_index: 100 }),
          clip('s6-split-rot', split, 6, { rotation: 90 }),
          clip('s7-green-window', green, 7, {}, 200, 350),
          clip('s8-red-half', red, 8, { scale: { x: 0.5, y: 0.5 } }),
          clip('s9-red-moved', red, 9, { scale: { x: 0.5, y: 0.5 }, position: { x: 40, y: -20 } }),
          clip('s10-split-blur', split, 10, { layer_type: 'background', background_blur: 100 }),
          clip('s11-split-sharp', split, 11, { layer_type: 'foreground', background_blur: 100 }),
        ],
      },
      {
        id: 'high',
        type: 'video',
        clips: [
          clip('s0-blue-hidden', blue, 0, { opacity: 0 }),
          clip('s1-blue-opaque', blue, 1, { opacity: 1 }),
          clip('s2-blue-half', blue, 2, { opacity: 0.5 }),
          clip('s3-cyan-multiply', cyan, 3, { blend_mode: 'multiply' }),
          clip('s4-blue-z0', blue, 4, { z_index: 0 }),
          clip('s5-red-fg', red, 5, { z_index: 0 }),
        ],
      },
    ];
    const out = output(160, 90, FPS);
    const plan = planFor(fixtures, out, 12 * SEGMENT_MS, tracks);
    outPath = join(fixtures.dir, 'compositing.mp4');
    await renderer.renderVideo({ plan, output: out, outPath, onProgress: () => undefined });
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  it('hides a layer with opacity 0 and shows it with opacity 1', async () => {
    expect(pixel(await at(0), 80, 45)).toSatisfyColour(RED);
    expect(pixel(await at(1), 80, 45)).toSatisfyColour(BLUE);
  });

  it('mixes a layer with opacity 0.5 evenly with the one below', async () => {
    expect(pixel(await at(2), 80, 45)).toSatisfyColour([128, 0, 128]);
  });

  it('multiplies (255,255,0) by (0,255,255) into (0,255,0)', async () => {
    expect(pixel(await at(3), 80, 45)).toSatisfyColour(GREEN);
  });

  it('draws the higher z_index on top even from an earlier track', async () => {
    expect(pixel(await at(4), 80, 45)).toSatisfyColour(RED);
  });

  it('keeps a background layer below a foreground one whatever its z_index', async () => {
    expect(pixel(await at(5), 80, 45)).toSatisfyColour(RED);
  });

  it('rotates 90 degrees clockwise: the left half goes to the top', async () => {
    const frame = await at(6);
    expect(pixel(frame, 80, 20)).toSatisfyColour(RED);
    expect(pixel(frame, 80, 70)).toSatisfyColour(BLUE);
    // The 160x90 contain box turned upright is 90 wide, so the sides are bare.
    expect(pixel(frame, 15, 45)).toSatisfyColour(BLACK);
    expect(pixel(frame, 145, 45)).toSatisfyColour(BLACK);
  });

  it('shows a clip only between its start and end', async () => {
    expect(pixel(await at(7, 100), 80, 45)).toSatisfyColour(BLACK);
    expect(pixel(await at(7, 200), 80, 45)).toSatisfyColour(GREEN);
    expect(pixel(await at(7, 300), 80, 45)).toSatisfyColour(GREEN);
    expect(pixel(await at(7, 400), 80, 45)).toSatisfyColour(BLACK);
  });

  it('scales around the centre', async () => {
    const frame = await at(8);
    expect(pixel(frame, 80, 45)).toSatisfyColour(RED);
    expect(pixel(frame, 45, 26)).toSatisfyColour(RED);
    expect(pixel(frame, 35, 45)).toSatisfyColour(BLACK);
    expect(pixel(frame, 80, 18)).toSatisfyColour(BLACK);
  });

  it('offsets by position in output pixels', async () => {
    // The 80x45 box centred at (80,45) moves to centre (120,25): x 80..160, y 2.5..47.5.
    const frame = await at(9);
    expect(pixel(frame, 120, 25)).toSatisfyColour(RED);
    expect(pixel(frame, 85, 40)).toSatisfyColour(RED);
    expect(pixel(frame, 70, 25)).toSatisfyColour(BLACK);
    expect(pixel(frame, 120, 55)).toSatisfyColour(BLACK);
  });

  it('blurs a background layer and leaves a foreground one sharp', async () => {
    // background_blur 100 = 4.5 px radius at 90 px: 4 px left of the red|blue edge mixes both.
    const [r, , b] = pixel(await at(10), 76, 45);
    expect(r).toBeGreaterThan(100);
    expect(b).toBeGreaterThan(40);
    expect(pixel(await at(11), 76, 45)).toSatisfyColour(RED);
  });
});

declare global {
  namespace jest {
    interface Matchers<R> {
      toSatisfyColour(expected: Rgb): R;
    }
  }
}

expect.extend({
  toSatisfyColour(received: Rgb, expected: Rgb) {
    const pass = near(received, expected);
    return { pass, message: () => `expected colour ${JSON.stringify(received)} ${pass ? 'not ' : ''}to be near ${JSON.stringify(expected)}` };
  },
});
