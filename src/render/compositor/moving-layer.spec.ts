import { eased, type PlanMotion, type PlanTransition } from '../plan/motion';
import type { PlanTextLayer } from '../plan/render-plan.types';
import { visualLayer } from '../../../test/support/plan-layers';
import { movingFrames, type RestingPicture } from './moving-layer';

const CANVAS = { width: 320, height: 180 };
const STILL: PlanMotion = { opacity: null, scale: null, position: null, rotation: null, transitionIn: null, transitionOut: null };
const transition = (type: PlanTransition['type'], fromFrame: number, toFrame: number): PlanTransition => ({ type, fromFrame, toFrame });

/** The canvas filled at scale 0.5: a 160x90 box, drawn at that scale, nothing spilling out. */
const HALF: RestingPicture = { size: { width: 160, height: 90 }, box: { width: 160, height: 90 }, scale: { x: 0.5, y: 0.5 } };
const halfCanvas = (motion: Partial<PlanMotion>, over = {}) =>
  visualLayer({ fit: 'fill', scaleX: 0.5, scaleY: 0.5, fromFrame: 10, durationInFrames: 20, motion: { ...STILL, ...motion }, ...over });

describe('movingFrames', () => {
  it('puts the picture where the position keyframes say, one entry per frame of the layer', () => {
    const layer = halfCanvas({
      position: [
        { frame: 10, value: { x: -40, y: 0 }, easing: 'linear' },
        { frame: 20, value: { x: 40, y: 20 }, easing: 'linear' },
      ],
    });
    const frames = movingFrames(layer, HALF, CANVAS);
    expect(frames).toHaveLength(20);
    expect(frames[0]).toEqual({
      opacity: 1,
      cut: null,
      size: { width: 160, height: 90 },
      flipX: false,
      flipY: false,
      rotationDeg: 0,
      centre: { x: 120, y: 90 },
    });
    expect(frames[5].centre).toEqual({ x: 160, y: 100 });
    expect(frames[19].centre).toEqual({ x: 200, y: 110 });
  });

  it('sizes each frame from the picture drawn at the largest scale, and hides a picture too small to draw', () => {
    const layer = halfCanvas({ transitionIn: transition('zoom', 10, 20) });
    const frames = movingFrames(layer, HALF, CANVAS);
    expect(frames[0].size).toEqual({ width: 1, height: 1 });
    expect(frames[0].opacity).toBe(0);
    // Zoom in, half way through: the picture times ease-out(0.5).
    expect(frames[5].size).toEqual({ width: Math.round(160 * eased('ease-out', 0.5)), height: Math.round(90 * eased('ease-out', 0.5)) });
    expect(frames[10].size).toEqual({ width: 160, height: 90 });
  });

  it('cuts a wipe from the edge it moves from, across the box, one side at a time', () => {
    const layer = halfCanvas({ transitionIn: transition('wipe-right', 10, 20), transitionOut: transition('wipe-down', 20, 30) });
    const frames = movingFrames(layer, HALF, CANVAS);
    // At half of wipe-right in, the left half shows: the right half is cut.
    expect(frames[5].cut).toEqual({ x: 80, y: 0, width: 80, height: 90 });
    expect(frames[10].cut).toBeNull();
    // wipe-down out, 3/10 through: the top 3/10 covered.
    expect(frames[13].cut).toEqual({ x: 0, y: 0, width: 160, height: 27 });
  });

  it('cuts what spills out of the box on the side it cuts, and keeps it on the others', () => {
    // A text block: a 100x40 box in a 140x60 picture (outline and shadow around it).
    const picture: RestingPicture = { size: { width: 140, height: 60 }, box: { width: 100, height: 40 }, scale: { x: 1, y: 1 } };
    const layer = halfCanvas({ transitionIn: transition('wipe-left', 10, 20) }, { scaleX: 1, scaleY: 1 });
    // wipe-left in at 0.3: the left 70 % of the box and the spill left of it are cut.
    expect(movingFrames(layer, picture, CANVAS)[3].cut).toEqual({ x: 0, y: 0, width: 20 + 70, height: 60 });
  });

  it('flips on negative scales and turns as the rotation keyframes say', () => {
    const layer = halfCanvas(
      {
        rotation: [
          { frame: 10, value: 0, easing: 'linear' },
          { frame: 20, value: 90, easing: 'linear' },
        ],
      },
      { scaleX: -0.5 },
    );
    const frames = movingFrames(layer, HALF, CANVAS);
    expect(frames[5]).toMatchObject({ flipX: true, flipY: false, rotationDeg: 45, size: { width: 160, height: 90 } });
  });

  it("moves a text block's drawing back by the whole pixels it was moved by, and fades it", () => {
    const layer: PlanTextLayer = {
      id: 't/1',
      kind: 'text',
      text: 'Hello',
      fromFrame: 0,
      durationInFrames: 20,
      style: { anchorX: 100, anchorY: 150 } as PlanTextLayer['style'],
      opacity: 0.5,
      scaleX: 1,
      scaleY: 1,
      rotationDeg: 0,
      blendMode: 'normal',
      layerType: 'foreground',
      motion: { ...STILL, transitionOut: transition('fade', 10, 20) },
    };
    // A 60x20 box, its centre 10 px above the anchor: drawn moved by (100 - 160, 140 - 90), cut to its drawn part.
    const picture: RestingPicture = { size: { width: 70, height: 30 }, box: { width: 60, height: 20 }, scale: { x: 1, y: 1 }, origin: { x: 125, y: 75 } };
    const frames = movingFrames(layer, picture, CANVAS);
    expect(frames[0]).toEqual({
      opacity: 0.5,
      cut: null,
      size: { width: 70, height: 30 },
      flipX: false,
      flipY: false,
      rotationDeg: 0,
      centre: { x: 100, y: 140 },
    });
    expect(frames[15].opacity).toBeCloseTo(0.25, 9);
  });
});
