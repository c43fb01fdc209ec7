import type { PlanMotion } from '../plan/motion';
import type { PlanTextLayer } from '../plan/render-plan.types';
import { textCentre, textShots } from './text-shapes';

const CANVAS = { width: 320, height: 180 };
const BOX = { width: 80, height: 30 };
const STILL: PlanMotion = { opacity: null, scale: null, position: null, rotation: null, transitionIn: null, transitionOut: null };

function text(motion: Partial<PlanMotion>): PlanTextLayer {
  return {
    id: 't/1',
    kind: 'text',
    text: 'Hello',
    fromFrame: 10,
    durationInFrames: 10,
    style: { anchorX: 100, anchorY: 150 } as PlanTextLayer['style'],
    opacity: 1,
    scaleX: 1,
    scaleY: 1,
    rotationDeg: 0,
    blendMode: 'normal',
    layerType: 'foreground',
    motion: { ...STILL, ...motion },
  };
}

describe('text shapes', () => {
  it("puts a block's centre half its height above its anchor, and slides its box beyond the canvas", () => {
    const sliding = text({ transitionOut: { type: 'slide-up', fromFrame: 10, toFrame: 20 } });
    expect(textCentre(text({}), 10, CANVAS, BOX)).toEqual({ x: 100, y: 135 });
    // All the way out, the box's bottom edge (150) on the canvas's top edge.
    expect(textCentre(sliding, 20, CANVAS, BOX)).toEqual({ x: 100, y: 135 - 150 });
  });

  it('draws a block that only fades once, moved by whole pixels to the middle of the canvas', () => {
    const { shots, segments } = textShots(
      text({
        opacity: [
          { frame: 10, value: 0, easing: 'linear' },
          { frame: 20, value: 1, easing: 'linear' },
        ],
      }),
      3,
      BOX,
      CANVAS,
    );
    expect(shots).toEqual([{ frame: 10, layers: { from: 3, to: 4 }, cues: [], text: { shift: { x: -60, y: 45 } } }]);
    expect(segments).toEqual([{ fromFrame: 10, durationInFrames: 10, shot: 0 }]);
  });

  it('draws a block moved by whole pixels once, and anew each frame it moves by a part of one or turns', () => {
    const steps = text({
      position: [
        { frame: 10, value: { x: 100, y: 150 }, easing: 'linear' },
        { frame: 20, value: { x: 120, y: 150 }, easing: 'linear' },
      ],
    });
    expect(textShots(steps, 0, BOX, CANVAS).shots).toHaveLength(1);
    const drifts = text({
      position: [
        { frame: 10, value: { x: 100, y: 150 }, easing: 'linear' },
        { frame: 20, value: { x: 105, y: 150 }, easing: 'linear' },
      ],
    });
    expect(textShots(drifts, 0, BOX, CANVAS).shots.length).toBeGreaterThan(1);
    const turns = textShots(
      text({
        rotation: [
          { frame: 10, value: 0, easing: 'linear' },
          { frame: 20, value: 20, easing: 'linear' },
        ],
      }),
      0,
      BOX,
      CANVAS,
    );
    expect(turns.shots).toHaveLength(10);
    expect(turns.segments.map((s) => s.shot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
