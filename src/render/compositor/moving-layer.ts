/**
 * A layer with keyframes or transitions, as the compositor moves it: ffmpeg
 * gets one picture of the layer at rest (a text block: its drawings as they
 * show, text-shapes.ts), and for every frame of the layer how large that
 * picture is drawn, flipped, turned, where its centre goes, how opaque it is
 * and what a wipe cuts from it. Every value comes from the functions the
 * composition draws with (src/render/plan/layer-frame.ts and motion.ts), asked
 * frame by frame, so both engines follow one definition.
 */
import { fittedSize, mediaLayerFrame, ownValuesOf, type Size, textLayerFrame } from '../plan/layer-frame';
import { type Insets, ownValuesAt, transitionEffectAt, type Vec2 } from '../plan/motion';
import type { PlanMediaLayer, PlanTextLayer, PlanVisualLayer } from '../plan/render-plan.types';
import { textShift } from './text-shapes';

/** The picture ffmpeg moves: the layer drawn once at `scale`, unturned, opaque, uncut. */
export interface RestingPicture {
  /** Whole pixels: the box and whatever spills out of it (a blur, a text's outline and shadow) around it. */
  size: Size;
  /** The layer's box (the contract's drawn box) at `scale`, centred in the picture. */
  box: Size;
  /**
   * The scale a media layer's picture is drawn at (`restingScale`). A text block's pictures are drawn as
   * they show (text-shapes.ts): its box is at scale 1, and so is this.
   */
  scale: Vec2;
  /** A text block's pictures: where this part of the drawings begins on them. */
  origin?: Vec2;
}

/** The largest a media layer is scaled on each axis over its frames (a zoom and the scale keyframes included; magnitudes). */
export function largestScale(layer: PlanMediaLayer): Vec2 {
  const largest = { x: 0, y: 0 };
  for (let frame = layer.fromFrame; frame < layer.fromFrame + layer.durationInFrames; frame++) {
    const own = ownValuesAt(ownValuesOf(layer), layer.motion, frame);
    const zoom = layer.motion === null ? 1 : transitionEffectAt(layer.motion, frame).scale;
    largest.x = Math.max(largest.x, Math.abs(own.scale.x * zoom));
    largest.y = Math.max(largest.y, Math.abs(own.scale.y * zoom));
  }
  return largest;
}

/**
 * The scale a media layer's resting picture is drawn at, exactly as the browser resizes it: the layer's own when
 * it never changes. A changing one is drawn at its largest (every frame is then that picture reduced, not
 * enlarged, which would blur it), but no larger than the source's own pixels: a layer growing past them is
 * resized from them, frame by frame, as the browser resizes it.
 */
export function restingScale(layer: PlanMediaLayer, media: Size, canvas: Size): Vec2 {
  const largest = largestScale(layer);
  const constant = Array.from({ length: layer.durationInFrames }, (_, i) => mediaLayerFrame(layer, layer.fromFrame + i, canvas).scale).every(
    (s) => Math.abs(s.x) === largest.x && Math.abs(s.y) === largest.y,
  );
  if (constant) return largest;
  const fitted = fittedSize(layer.fit, media, canvas);
  return { x: Math.min(largest.x, media.width / fitted.width), y: Math.min(largest.y, media.height / fitted.height) };
}

/** A rectangle of the resting picture, in its pixels. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MovingFrame {
  /** 0 to 1; 0 as well when the picture is too small to draw. */
  opacity: number;
  /** The part of the resting picture a wipe cuts away, from one of its edges; null when nothing is cut. */
  cut: PixelRect | null;
  /** The picture's size at this frame, at least 1 x 1. */
  size: Size;
  flipX: boolean;
  flipY: boolean;
  rotationDeg: number;
  /** Canvas point the picture's centre (its box's centre) lands on. */
  centre: Vec2;
}

/** Where a layer stands at one frame, as the composition's transform, opacity and clip-path put it. */
interface Pose {
  opacity: number;
  /** Signed: a negative scale flips. */
  scale: Vec2;
  /** Canvas point of its box's centre. */
  centre: Vec2;
  rotationDeg: number;
  cut: Insets;
}

function mediaPose(layer: PlanMediaLayer, frame: number, canvas: Size): Pose {
  const at = mediaLayerFrame(layer, frame, canvas);
  const centre = { x: canvas.width / 2 + at.offset.x, y: canvas.height / 2 + at.offset.y };
  return { opacity: at.opacity, scale: at.scale, centre, rotationDeg: at.rotationDeg, cut: at.cut };
}

/**
 * What a wipe's cut (fractions of the box from each edge) takes from the
 * picture: on a side that is cut, everything from the picture's edge to that
 * fraction of the box, spill included (a side with nothing cut keeps its spill,
 * as the composition's clip-path does). A wipe cuts one side at a time: a clip's
 * transitions in and out never overlap.
 */
function cutRect(cut: Insets, picture: RestingPicture): PixelRect | null {
  const { size, box } = picture;
  const across = (fraction: number, boxLength: number, length: number): number =>
    Math.min(length, Math.max(0, Math.round((length - boxLength) / 2 + fraction * boxLength)));
  if (cut.left > 0) return { x: 0, y: 0, width: across(cut.left, box.width, size.width), height: size.height };
  if (cut.right > 0) {
    const width = across(cut.right, box.width, size.width);
    return { x: size.width - width, y: 0, width, height: size.height };
  }
  if (cut.top > 0) return { x: 0, y: 0, width: size.width, height: across(cut.top, box.height, size.height) };
  if (cut.bottom > 0) {
    const height = across(cut.bottom, box.height, size.height);
    return { x: 0, y: size.height - height, width: size.width, height };
  }
  return null;
}

/**
 * A text block at this frame: its drawing (text-shapes.ts) is moved back by the whole pixels it was moved by,
 * and faded; everything else is drawn.
 */
function textFrame(layer: PlanTextLayer, frame: number, picture: RestingPicture, canvas: Size): MovingFrame {
  const { own, effect } = textLayerFrame(layer, frame);
  const shift = textShift(layer, frame, canvas, picture.box);
  const origin = picture.origin ?? { x: 0, y: 0 };
  return {
    opacity: Math.min(1, Math.max(0, own.opacity * effect.opacity)),
    cut: null,
    size: picture.size,
    flipX: false,
    flipY: false,
    rotationDeg: 0,
    centre: { x: shift.x + origin.x + picture.size.width / 2, y: shift.y + origin.y + picture.size.height / 2 },
  };
}

/** The layer's frames, first to last, as ffmpeg draws them from `picture`. */
export function movingFrames(layer: PlanVisualLayer, picture: RestingPicture, canvas: Size): MovingFrame[] {
  return Array.from({ length: layer.durationInFrames }, (_, i) => {
    const frame = layer.fromFrame + i;
    if (layer.kind === 'text') return textFrame(layer, frame, picture, canvas);
    const pose = mediaPose(layer, frame, canvas);
    const width = (picture.size.width * Math.abs(pose.scale.x)) / picture.scale.x;
    const height = (picture.size.height * Math.abs(pose.scale.y)) / picture.scale.y;
    const drawn = width >= 0.5 && height >= 0.5;
    return {
      opacity: drawn ? Math.min(1, Math.max(0, pose.opacity)) : 0,
      cut: cutRect(pose.cut, picture),
      size: { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) },
      flipX: pose.scale.x < 0,
      flipY: pose.scale.y < 0,
      rotationDeg: pose.rotationDeg,
      centre: pose.centre,
    };
  });
}
