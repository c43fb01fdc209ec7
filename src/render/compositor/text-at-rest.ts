/**
 * A moving text layer's resting picture, from the still mode's two drawings
 * of it alone at rest, centred on the canvas (TimelineStills): its block, and
 * its box filled, from which the box's size is read to the fraction of a pixel.
 */
import { promises as fs } from 'node:fs';
import { largestScale } from '../plan/layer-frame';
import type { PlanVisualLayer, RenderPlan } from '../plan/render-plan.types';
import { filledSize, type PixelBox, visibleBounds } from '../rgba-png';
import { NotExpressible } from './compositor-support';
import { union } from './still-sequence';
import type { TextPicture } from './video-graph';

/**
 * The block's file, and the part of it to use: a rectangle centred on the canvas (and so on the box) that holds
 * all of the block; null when the block draws nothing.
 */
export async function textAtRest(
  layer: PlanVisualLayer,
  shots: { block: number; box: number },
  shotFiles: string[],
  plan: RenderPlan,
): Promise<(Omit<TextPicture, 'inputIndex'> & { file: string }) | null> {
  const file = shotFiles[shots.block];
  const [block, box] = await Promise.all([fs.readFile(file), fs.readFile(shotFiles[shots.box])]);
  const [ink, boxBounds] = [visibleBounds(block), visibleBounds(box)];
  if (ink === null || boxBounds === null) return null;
  const drawn: PixelBox = union(ink, boxBounds) ?? ink;
  // Half-widths from the canvas centre, widened to reach whole pixels on both sides.
  const half = (centre: number, from: number, to: number): number => {
    const fraction = centre - Math.floor(centre);
    return Math.ceil(Math.max(centre - from, to - centre) - fraction) + fraction;
  };
  const [cx, cy] = [plan.width / 2, plan.height / 2];
  const [hx, hy] = [half(cx, drawn.x, drawn.x + drawn.width), half(cy, drawn.y, drawn.y + drawn.height)];
  const crop = { x: cx - hx, y: cy - hy, width: 2 * hx, height: 2 * hy };
  if (crop.x < 0 || crop.y < 0 || crop.x + crop.width > plan.width || crop.y + crop.height > plan.height) {
    throw new NotExpressible(`text layer ${layer.id} does not fit the canvas at rest`);
  }
  return { file, crop, picture: { size: { width: crop.width, height: crop.height }, box: filledSize(box, boxBounds), scale: largestScale(layer) } };
}
