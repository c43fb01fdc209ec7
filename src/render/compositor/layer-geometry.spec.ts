import type { PlanMediaLayer } from '../plan/render-plan.types';
import { fittedSize } from '../plan/layer-frame';
import { EDGE_PX, largestSide, layerGeometry, placedSize, rotatedSize, unrotatedSize } from './layer-geometry';
import { visualLayer } from '../../../test/support/plan-layers';

const canvas = { width: 320, height: 180 };

function layer(props: Partial<PlanMediaLayer>): PlanMediaLayer {
  return visualLayer({ id: 'v/a', src: 's', ...props });
}

describe('layer geometry', () => {
  it('fits like object-fit', () => {
    expect(fittedSize('contain', { width: 640, height: 480 }, canvas)).toEqual({ width: 240, height: 180 });
    expect(fittedSize('cover', { width: 640, height: 480 }, canvas)).toEqual({ width: 320, height: 240 });
    expect(fittedSize('fill', { width: 640, height: 480 }, canvas)).toEqual(canvas);
  });

  it('scales and crops cover in one resize, around the centre, with the offset', () => {
    const g = layerGeometry(layer({ fit: 'cover', scaleX: 0.5, scaleY: 0.5, offsetX: 40, offsetY: -10 }), { width: 640, height: 480 }, canvas);
    expect(g.scaled).toEqual({ width: 160, height: 120 });
    expect(g.crop).toEqual({ width: 160, height: 90 });
    expect(g.centre).toEqual({ x: 200, y: 80 });
    expect(unrotatedSize(g)).toEqual({ width: 160, height: 90 });
  });

  it('flips on negative scales and normalises rotations', () => {
    const g = layerGeometry(layer({ scaleX: -1, scaleY: 2, rotationDeg: -90 }), { width: 320, height: 180 }, canvas);
    expect([g.flipX, g.flipY, g.rotationDeg]).toEqual([true, false, 270]);
    expect(g.scaled).toEqual({ width: 320, height: 360 });
  });

  it('blurs at the box scale with a margin of three sigma, then scales', () => {
    const g = layerGeometry(layer({ fit: 'fill', blurPx: 10, scaleX: 0.5, scaleY: 0.5 }), { width: 640, height: 480 }, canvas);
    expect(g.scaled).toEqual(canvas);
    expect(g.blur).toEqual({ sigma: 10, margin: 30, thenScale: { x: 0.5, y: 0.5 } });
    expect(unrotatedSize(g)).toEqual({ width: 190, height: 120 });
  });

  it('bounds a rotated box exactly for quarter turns and with whole pixels otherwise', () => {
    expect(rotatedSize({ width: 100, height: 50 }, 90)).toEqual({ width: 50, height: 100 });
    expect(rotatedSize({ width: 100, height: 50 }, 180)).toEqual({ width: 100, height: 50 });
    expect(rotatedSize({ width: 100, height: 0.0001 }, 45)).toEqual({ width: 71, height: 71 });
  });

  it('draws a turned layer into a box around its smoothed edges whose corner is a whole pixel', () => {
    // 128x72 at 20 degrees, centred on (220, 110): the bound of 130x74 (with the edges) is 147.5 x 114.0.
    const turned = (offsetX: number) => layerGeometry(layer({ scaleX: 0.4, scaleY: 0.4, rotationDeg: 20, offsetX, offsetY: 20 }), canvas, canvas);
    const exact = rotatedSize({ width: 128 + 2 * EDGE_PX, height: 72 + 2 * EDGE_PX }, 20);
    expect(placedSize(turned(60))).toEqual({ width: 148, height: exact.height + (exact.height % 2) });
    for (const offsetX of [60, 60.5, 61]) {
      const g = turned(offsetX);
      const box = placedSize(g);
      expect(box.width - exact.width).toBeLessThanOrEqual(1);
      expect(Number.isInteger(g.centre.x - box.width / 2)).toBe(true);
      expect(Number.isInteger(g.centre.y - box.height / 2)).toBe(true);
    }
    expect(placedSize(layerGeometry(layer({ rotationDeg: 90 }), canvas, canvas))).toEqual({ width: 180, height: 320 });
  });

  it('measures how large a layer grows before it is cut to the canvas', () => {
    expect(largestSide(layer({ scaleX: 100, scaleY: 100 }), { width: 320, height: 180 }, canvas)).toBe(32_000);
  });
});
