/**
 * Motion as a value of the frame: the easing curves, keyframe tracks and clip
 * transitions of the extension contract (docs/extensions.md), defined once
 * for both engines. The composition evaluates them at its current frame; the
 * compositor at every frame it encodes. Pure and browser-safe (Studio runs it
 * in the page).
 *
 * Times are timeline frames, fractional where the contract's milliseconds
 * fall between frames, so a value is exact at whatever frame it is asked for.
 */
import type { Easing, TransitionType } from '../../task-input/task-input.types';
import { clamp } from './numbers';

export type { Easing, TransitionType };

export interface Vec2 {
  x: number;
  y: number;
}

export interface PlanKeyframe<T> {
  /** Timeline frame (fractional) at which the track takes `value`. */
  frame: number;
  value: T;
  /** Shapes the segment that ends at this keyframe. */
  easing: Easing;
}

export interface PlanTransition {
  type: TransitionType;
  /** Timeline frames (fractional) between which it plays. */
  fromFrame: number;
  toFrame: number;
}

/** A layer's animated values; a null track leaves the layer's constant in place. */
export interface PlanMotion {
  opacity: PlanKeyframe<number>[] | null;
  scale: PlanKeyframe<Vec2>[] | null;
  /** A media layer's offset, or a text layer's anchor: what the constant `position` means for the clip. */
  position: PlanKeyframe<Vec2>[] | null;
  rotation: PlanKeyframe<number>[] | null;
  transitionIn: PlanTransition | null;
  transitionOut: PlanTransition | null;
}

/**
 * A cubic Bézier timing function from (0,0) to (1,1), as CSS defines it:
 * x(t) is solved for t by Newton's method, falling back to bisection.
 */
function cubicBezier(x1: number, y1: number, x2: number, y2: number): (progress: number) => number {
  const a = (p1: number, p2: number): number => 1 - 3 * p2 + 3 * p1;
  const b = (p1: number, p2: number): number => 3 * p2 - 6 * p1;
  const c = (p1: number): number => 3 * p1;
  const at = (t: number, p1: number, p2: number): number => ((a(p1, p2) * t + b(p1, p2)) * t + c(p1)) * t;
  const slope = (t: number, p1: number, p2: number): number => 3 * a(p1, p2) * t * t + 2 * b(p1, p2) * t + c(p1);
  const solveT = (x: number): number => {
    let t = x;
    for (let i = 0; i < 8; i++) {
      const error = at(t, x1, x2) - x;
      if (Math.abs(error) < 1e-7) return t;
      const d = slope(t, x1, x2);
      if (Math.abs(d) < 1e-6) break;
      t -= error / d;
    }
    let lo = 0;
    let hi = 1;
    t = x;
    while (hi - lo > 1e-7) {
      if (at(t, x1, x2) < x) lo = t;
      else hi = t;
      t = (lo + hi) / 2;
    }
    return t;
  };
  return (progress) => (progress <= 0 ? 0 : progress >= 1 ? 1 : at(solveT(progress), y1, y2));
}

/** The contract's eased curves as CSS cubic-bezier(x1, y1, x2, y2). */
export const BEZIER_EASINGS: Readonly<Record<'ease-in' | 'ease-out' | 'ease-in-out', readonly [number, number, number, number]>> = {
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};

const CURVES: Readonly<Record<Exclude<Easing, 'hold'>, (progress: number) => number>> = {
  linear: (p) => p,
  'ease-in': cubicBezier(...BEZIER_EASINGS['ease-in']),
  'ease-out': cubicBezier(...BEZIER_EASINGS['ease-out']),
  'ease-in-out': cubicBezier(...BEZIER_EASINGS['ease-in-out']),
};

/** How far along a segment shaped by `easing` the value is, at `progress` (0 to 1) of its time. */
export function eased(easing: Easing, progress: number): number {
  const p = clamp(progress, 0, 1);
  if (easing === 'hold') return p >= 1 ? 1 : 0;
  return CURVES[easing](p);
}

function mix(from: number, to: number, amount: number): number {
  return from + (to - from) * amount;
}

function mixValue<T extends number | Vec2>(from: T, to: T, amount: number): T {
  if (typeof from === 'number') return mix(from, to as number, amount) as T;
  const end = to as Vec2;
  return { x: mix(from.x, end.x, amount), y: mix(from.y, end.y, amount) } as T;
}

/** A keyframe track at `frame`: the first value before it starts, the last after it ends. */
export function trackValueAt<T extends number | Vec2>(track: readonly PlanKeyframe<T>[], frame: number): T {
  if (frame <= track[0].frame) return track[0].value;
  for (let i = 1; i < track.length; i++) {
    const end = track[i];
    if (frame < end.frame) {
      const start = track[i - 1];
      return mixValue(start.value, end.value, eased(end.easing, (frame - start.frame) / (end.frame - start.frame)));
    }
  }
  return track[track.length - 1].value;
}

/** Progress (0 to 1) of a transition at `frame`. */
function progressOf(transition: PlanTransition, frame: number): number {
  return clamp((frame - transition.fromFrame) / (transition.toFrame - transition.fromFrame), 0, 1);
}

/** The part of the drawn box that is cut away, as fractions of its width and height from each edge. */
export interface Insets {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The canvas edge that a slide brings the box in from or takes it out to. */
export type CanvasSide = 'left' | 'right' | 'top' | 'bottom';

/** What the transitions do to a layer at one frame, on top of its own (keyframed) values. */
export interface TransitionEffect {
  opacity: number;
  scale: number;
  /** Cut away by a wipe; all zero when nothing is. */
  cut: Insets;
  /** A slide's share (0 to 1) of the way from the box's place to just beyond `side`; null when no slide plays. */
  slide: { side: CanvasSide; away: number } | null;
}

const NO_CUT: Insets = { left: 0, top: 0, right: 0, bottom: 0 };

/** Cut of a wipe `shown` (0 to 1) of the way through uncovering (in) or covering (out) the box, in `direction`. */
function wipeCut(direction: string, side: 'in' | 'out', shown: number): Insets {
  // An edge moving right uncovers from the left (in) and covers from the left (out).
  const cut = side === 'in' ? 1 - shown : shown;
  switch (direction) {
    case 'right':
      return side === 'in' ? { ...NO_CUT, right: cut } : { ...NO_CUT, left: cut };
    case 'left':
      return side === 'in' ? { ...NO_CUT, left: cut } : { ...NO_CUT, right: cut };
    case 'down':
      return side === 'in' ? { ...NO_CUT, bottom: cut } : { ...NO_CUT, top: cut };
    default:
      return side === 'in' ? { ...NO_CUT, top: cut } : { ...NO_CUT, bottom: cut };
  }
}

const SIDE_BEHIND: Readonly<Record<string, CanvasSide>> = { right: 'left', left: 'right', down: 'top', up: 'bottom' };
const SIDE_AHEAD: Readonly<Record<string, CanvasSide>> = { right: 'right', left: 'left', down: 'bottom', up: 'top' };

function applyTransition(effect: TransitionEffect, transition: PlanTransition, side: 'in' | 'out', frame: number): void {
  const p = progressOf(transition, frame);
  const [kind, direction] = transition.type.split('-') as [string, string | undefined];
  switch (kind) {
    case 'fade':
      effect.opacity *= side === 'in' ? p : 1 - p;
      return;
    case 'zoom':
      effect.scale *= side === 'in' ? eased('ease-out', p) : 1 - eased('ease-in', p);
      return;
    case 'wipe': {
      const cut = wipeCut(direction ?? 'right', side, p);
      effect.cut = {
        left: Math.max(effect.cut.left, cut.left),
        top: Math.max(effect.cut.top, cut.top),
        right: Math.max(effect.cut.right, cut.right),
        bottom: Math.max(effect.cut.bottom, cut.bottom),
      };
      return;
    }
    default: {
      // A slide in travels from behind the box's direction to its place; a slide out onwards past the canvas.
      const away = side === 'in' ? 1 - eased('ease-out', p) : eased('ease-in', p);
      if (away > 0) effect.slide = { side: (side === 'in' ? SIDE_BEHIND : SIDE_AHEAD)[direction ?? 'right'], away };
    }
  }
}

/** The transitions of `motion` at `frame`: neutral (1, 1, no cut, no slide) outside them. */
export function transitionEffectAt(motion: PlanMotion, frame: number): TransitionEffect {
  const effect: TransitionEffect = { opacity: 1, scale: 1, cut: NO_CUT, slide: null };
  if (motion.transitionIn !== null && frame < motion.transitionIn.toFrame) applyTransition(effect, motion.transitionIn, 'in', frame);
  if (motion.transitionOut !== null && frame >= motion.transitionOut.fromFrame) applyTransition(effect, motion.transitionOut, 'out', frame);
  return effect;
}

/** A rectangle on the canvas: the drawn box (after fit, scale and position, before rotation). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far a slide moves a box, in canvas pixels: `away` of the distance that puts it just beyond `side`. */
export function slideOffset(slide: TransitionEffect['slide'], box: Box, canvas: { width: number; height: number }): Vec2 {
  if (slide === null) return { x: 0, y: 0 };
  switch (slide.side) {
    case 'left':
      return { x: -slide.away * (box.x + box.width), y: 0 };
    case 'right':
      return { x: slide.away * (canvas.width - box.x), y: 0 };
    case 'top':
      return { x: 0, y: -slide.away * (box.y + box.height) };
    default:
      return { x: 0, y: slide.away * (canvas.height - box.y) };
  }
}

/** A layer's own values at one frame: its constants, or its keyframe tracks where it has them. */
export interface OwnValues {
  opacity: number;
  scale: Vec2;
  position: Vec2;
  rotationDeg: number;
}

export function ownValuesAt(constants: OwnValues, motion: PlanMotion | null, frame: number): OwnValues {
  if (motion === null) return constants;
  return {
    opacity: motion.opacity === null ? constants.opacity : clamp(trackValueAt(motion.opacity, frame), 0, 1),
    scale: motion.scale === null ? constants.scale : trackValueAt(motion.scale, frame),
    position: motion.position === null ? constants.position : trackValueAt(motion.position, frame),
    rotationDeg: motion.rotation === null ? constants.rotationDeg : trackValueAt(motion.rotation, frame),
  };
}

/** A keyframe track `frames` earlier (see shiftMotion). */
export function shiftTrack<T>(keys: PlanKeyframe<T>[] | null, frames: number): PlanKeyframe<T>[] | null {
  return keys && keys.map((k) => ({ ...k, frame: k.frame - frames }));
}

/** The same motion `frames` earlier: for a plan cut to a range of frames that starts `frames` into the timeline. */
export function shiftMotion(motion: PlanMotion | null, frames: number): PlanMotion | null {
  if (motion === null) return null;
  const track = <T>(keys: PlanKeyframe<T>[] | null): PlanKeyframe<T>[] | null => shiftTrack(keys, frames);
  const transition = (t: PlanTransition | null): PlanTransition | null => t && { ...t, fromFrame: t.fromFrame - frames, toFrame: t.toFrame - frames };
  return {
    opacity: track(motion.opacity),
    scale: track(motion.scale),
    position: track(motion.position),
    rotation: track(motion.rotation),
    transitionIn: transition(motion.transitionIn),
    transitionOut: transition(motion.transitionOut),
  };
}
