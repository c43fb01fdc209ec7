/**
 * A moving text block as the compositor draws it. The browser draws text anew
 * at every size, angle and position under a pixel (and puts its box on whole
 * pixels its own way), so no picture of text resized, turned or moved by a
 * fraction of a pixel looks like it. The composition's still mode draws the
 * block exactly as the composition does at a frame, only opaque and moved by
 * whole pixels to the middle of the canvas (so it fits the page); ffmpeg fades
 * it and moves it back. Frames that would draw the same picture share it: a
 * block that only fades, or moves by whole pixels, is drawn once.
 *
 * How far to move it needs the block's size (its centre is half its height
 * above its anchor; a slide moves it by its size): the still mode first draws
 * its box filled, and the box is measured.
 */
import { textLayerFrame, type Size } from '../plan/layer-frame';
import { slideOffset, type Vec2 } from '../plan/motion';
import type { PlanTextLayer } from '../plan/render-plan.types';
import type { StillSegment, StillShot } from './composite-plan';

/** Where a text block's box's centre is at a frame: a point of the canvas. `box` is the block at scale 1. */
export function textCentre(layer: PlanTextLayer, frame: number, canvas: Size, box: Size): Vec2 {
  const { own, effect } = textLayerFrame(layer, frame);
  const width = box.width * Math.abs(own.scale.x);
  const height = box.height * Math.abs(own.scale.y);
  // Scaled and turned about its centre, half its (unscaled) height above its bottom-centre anchor.
  const centre = { x: own.position.x, y: own.position.y - box.height / 2 };
  const slide = slideOffset(effect.slide, { x: centre.x - width / 2, y: centre.y - height / 2, width, height }, canvas);
  return { x: centre.x + slide.x, y: centre.y + slide.y };
}

/** The whole pixels a text block is moved by at `frame` to be drawn about the canvas's centre. */
export function textShift(layer: PlanTextLayer, frame: number, canvas: Size, box: Size): Vec2 {
  const centre = textCentre(layer, frame, canvas, box);
  return { x: Math.round(centre.x - canvas.width / 2), y: Math.round(centre.y - canvas.height / 2) };
}

/** Everything the drawing of the block at `frame`, moved by `shift`, depends on: equal for equal pictures. */
function pictureKey(layer: PlanTextLayer, frame: number, shift: Vec2): string {
  const { own, effect } = textLayerFrame(layer, frame);
  // A slide is written from the anchor itself (TextLayer.tsx): while one plays, where the block is matters too.
  const sliding = effect.slide === null ? null : [effect.slide, own.position];
  return JSON.stringify([own.position.x - shift.x, own.position.y - shift.y, own.scale, own.rotationDeg, effect.scale, effect.cut, sliding]);
}

/**
 * The shots of a moving text layer (`plan.layers[index]`), one per picture it
 * shows, and the segments of its frames that show each (indexes into `shots`).
 */
export function textShots(layer: PlanTextLayer, index: number, box: Size, canvas: Size): { shots: StillShot[]; segments: StillSegment[] } {
  const shots: StillShot[] = [];
  const shotByKey = new Map<string, number>();
  const segments: StillSegment[] = [];
  for (let frame = layer.fromFrame; frame < layer.fromFrame + layer.durationInFrames; frame++) {
    const shift = textShift(layer, frame, canvas, box);
    const key = pictureKey(layer, frame, shift);
    const shot = shotByKey.get(key) ?? shots.push({ frame, layers: { from: index, to: index + 1 }, cues: [], text: { shift } }) - 1;
    shotByKey.set(key, shot);
    const last = segments[segments.length - 1];
    if (last?.shot === shot) last.durationInFrames += 1;
    else segments.push({ fromFrame: frame, durationInFrames: 1, shot });
  }
  return { shots, segments };
}
