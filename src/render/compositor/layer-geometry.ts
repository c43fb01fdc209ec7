/**
 * Where a video layer's pixels land, computed the way the composition's CSS
 * places them: the media is fitted (`object-fit`) into a canvas-size box, the
 * box is scaled around its centre, rotated, then moved by the offset
 * (`translate(x, y) rotate(r) scale(sx, sy)` with the origin at the centre).
 * A blur (CSS `filter`) works in the box's own coordinates, before the
 * transform, so it is applied before the scale.
 */
import { fittedSize, type Size } from '../plan/layer-frame';
import { largestScale } from './moving-layer';
import type { PlanMediaLayer } from '../plan/render-plan.types';

export type { Size };

export interface LayerGeometry {
  /** The media scaled to this size (before any crop); flips are separate. */
  scaled: Size;
  /** Cover only: the centred crop of `scaled` that the box shows; null when nothing is cut. */
  crop: Size | null;
  /** Local blur (sigma in px) at the box's own scale, and the transparent margin it needs; null = none. */
  blur: { sigma: number; margin: number; thenScale: { x: number; y: number } } | null;
  flipX: boolean;
  flipY: boolean;
  /** Clockwise degrees in [0, 360). */
  rotationDeg: number;
  /** Canvas point the layer's centre lands on. */
  centre: { x: number; y: number };
}

function wholePixels(value: number): number {
  return Math.max(1, Math.round(value));
}

export function layerGeometry(layer: PlanMediaLayer, media: Size, canvas: Size): LayerGeometry {
  const fitted = fittedSize(layer.fit, media, canvas);
  const sx = Math.abs(layer.scaleX);
  const sy = Math.abs(layer.scaleY);
  const blurred = layer.blurPx > 0;
  // Without a blur the fit and the scale are one resize; with one, the blur needs the box's own scale first.
  const fx = blurred ? 1 : sx;
  const fy = blurred ? 1 : sy;
  const scaled = { width: wholePixels(fitted.width * fx), height: wholePixels(fitted.height * fy) };
  const box = { width: wholePixels(canvas.width * fx), height: wholePixels(canvas.height * fy) };
  const crop =
    scaled.width > box.width || scaled.height > box.height ? { width: Math.min(scaled.width, box.width), height: Math.min(scaled.height, box.height) } : null;
  const rotation = ((layer.rotationDeg % 360) + 360) % 360;
  return {
    scaled,
    crop,
    // A Gaussian has all but 0.3 % of its weight within 3 sigma: that is how far the blur spills out.
    blur: blurred ? { sigma: layer.blurPx, margin: Math.ceil(3 * layer.blurPx), thenScale: { x: sx, y: sy } } : null,
    flipX: layer.scaleX < 0,
    flipY: layer.scaleY < 0,
    rotationDeg: rotation,
    centre: { x: canvas.width / 2 + layer.offsetX, y: canvas.height / 2 + layer.offsetY },
  };
}

/** Size after crop, blur margin and the scale that follows a blur: what gets rotated. */
export function unrotatedSize(g: LayerGeometry): Size {
  const base = g.crop ?? g.scaled;
  if (g.blur === null) return base;
  return {
    width: wholePixels((base.width + 2 * g.blur.margin) * g.blur.thenScale.x),
    height: wholePixels((base.height + 2 * g.blur.margin) * g.blur.thenScale.y),
  };
}

/** Bounding box of `size` turned by `degrees` (exact for quarter turns). */
export function rotatedSize(size: Size, degrees: number): Size {
  if (degrees === 0 || degrees === 180) return size;
  if (degrees === 90 || degrees === 270) return { width: size.height, height: size.width };
  const rad = (degrees * Math.PI) / 180;
  const [c, s] = [Math.abs(Math.cos(rad)), Math.abs(Math.sin(rad))];
  return { width: Math.ceil(size.width * c + size.height * s), height: Math.ceil(size.width * s + size.height * c) };
}

/** Transparent border a layer gets before a rotation that is not a quarter turn, so its edges are smoothed. */
export const EDGE_PX = 1;

/**
 * The box the rotated layer is drawn into, centred on the layer's centre. For
 * other than quarter turns each side is the bound rounded up to the parity
 * that puts the box's corner on a whole pixel: the picture then sits exactly
 * where CSS puts it instead of half a pixel off.
 */
export function placedSize(g: LayerGeometry): Size {
  const size = unrotatedSize(g);
  if (g.rotationDeg % 90 === 0) return rotatedSize(size, g.rotationDeg);
  const bound = rotatedSize({ width: size.width + 2 * EDGE_PX, height: size.height + 2 * EDGE_PX }, g.rotationDeg);
  const side = (length: number, centre: number) => length + (Math.abs(Math.round(2 * centre) - length) % 2);
  return { width: side(bound.width, g.centre.x), height: side(bound.height, g.centre.y) };
}

/** The largest side a layer reaches before it is placed (a moving one at its largest scale), to refuse plans ffmpeg could not hold in memory. */
export function largestSide(layer: PlanMediaLayer, media: Size, canvas: Size): number {
  const scale = layer.motion === null ? { x: layer.scaleX, y: layer.scaleY } : largestScale(layer);
  const g = layerGeometry({ ...layer, scaleX: scale.x, scaleY: scale.y }, media, canvas);
  const size = placedSize(g);
  return Math.max(size.width, size.height, g.scaled.width, g.scaled.height);
}
