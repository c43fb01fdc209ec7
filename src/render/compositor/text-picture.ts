/**
 * A moving text layer's pictures: after the still mode has drawn its box
 * (composite-plan.ts), the box is measured, its pictures are planned
 * (text-shapes.ts) and drawn, one file each; ffmpeg reads them as a concat
 * list, as it reads a still slot's.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Size } from '../plan/layer-frame';
import type { RenderPlan } from '../plan/render-plan.types';
import type { RemotionRenderer } from '../remotion-renderer';
import { filledSize, type PixelBox, visibleBounds } from '../rgba-png';
import type { CompositePlan, StillSegment } from './composite-plan';
import { NotExpressible } from './compositor-support';
import { textShots } from './text-shapes';
import type { TextPicture } from './video-graph';

/** A moving text layer's drawings: one file per picture, the segments of its frames showing each (by file), and its box at scale 1. */
export interface TextDrawings {
  layerId: string;
  files: string[];
  segments: StillSegment[];
  box: Size;
}

/** Measures the box of every moving text slot from its box shot, then draws the pictures of all of them in one go. */
export async function drawTextShapes(
  remotion: RemotionRenderer,
  args: { plan: RenderPlan; composite: CompositePlan; shotFiles: string[]; workDir: string; signal: AbortSignal },
): Promise<Map<number, TextDrawings>> {
  const { plan, composite } = args;
  const canvas = { width: plan.width, height: plan.height };
  const planned: Array<{ slot: number; layerId: string; box: Size } & ReturnType<typeof textShots>> = [];
  for (const [slot, s] of composite.slots.entries()) {
    if (s.kind !== 'moving' || s.boxShot === null || s.layer.kind !== 'text') continue;
    const png = await fs.readFile(args.shotFiles[s.boxShot]);
    const bounds = await visibleBounds(png);
    // A drawing that reaches the page's edge may have been cut by it.
    if (bounds === null || !inside(bounds, plan)) throw new NotExpressible(`text layer ${s.layer.id} does not fit the canvas when drawn alone`);
    const box = await filledSize(png, bounds);
    planned.push({ slot, layerId: s.layer.id, box, ...textShots(s.layer, plan.layers.indexOf(s.layer), box, canvas) });
  }
  if (planned.length === 0) return new Map();
  const outDir = join(args.workDir, 'text');
  await fs.mkdir(outDir);
  const files = await remotion.renderStillShots({ plan, shots: planned.flatMap((p) => p.shots), outDir, signal: args.signal });
  const drawings = new Map<number, TextDrawings>();
  let first = 0;
  for (const { slot, layerId, box, shots, segments } of planned) {
    drawings.set(slot, { layerId, files: files.slice(first, first + shots.length), segments, box });
    first += shots.length;
  }
  return drawings;
}

function inside(b: PixelBox, plan: RenderPlan): boolean {
  return b.x > 0 && b.y > 0 && b.x + b.width < plan.width && b.y + b.height < plan.height;
}

/** The part of the drawings to use, `drawn` (their union), and the picture it is. */
export function textPicture(drawings: TextDrawings, drawn: PixelBox, plan: RenderPlan): Omit<TextPicture, 'inputIndex'> {
  if (!inside(drawn, plan)) throw new NotExpressible(`text layer ${drawings.layerId} does not fit the canvas when drawn alone`);
  return {
    crop: drawn,
    picture: { size: { width: drawn.width, height: drawn.height }, box: drawings.box, scale: { x: 1, y: 1 }, origin: { x: drawn.x, y: drawn.y } },
  };
}
