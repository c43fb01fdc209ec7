/**
 * A clip's keyframes and transitions, from the request's milliseconds (relative
 * to the clip) to the plan's timeline frames, and the constant each animated
 * property shows where a single value is needed.
 */
import type { Animatable, ClipInput, KeyframesInput, TransitionInput, Vec2 } from '../../task-input/task-input.types';
import { DEFAULT_EASING } from '../../task-input/input-values';
import type { PlanKeyframe, PlanMotion, PlanTransition } from './motion';

export function isKeyframes<T>(value: Animatable<T> | undefined): value is KeyframesInput<T> {
  return typeof value === 'object' && value !== null && 'keyframes' in value;
}

/** Timeline frame (fractional) of a time relative to the clip's start. */
function frameOf(clip: ClipInput, ms: number, fps: number): number {
  return ((clip.start_time_ms + ms) * fps) / 1000;
}

function track<T extends number | Vec2>(clip: ClipInput, value: Animatable<T> | undefined, fps: number): PlanKeyframe<T>[] | null {
  if (!isKeyframes(value)) return null;
  return value.keyframes.map((k) => ({ frame: frameOf(clip, k.time_ms, fps), value: k.value, easing: k.easing ?? DEFAULT_EASING }));
}

function transition(clip: ClipInput, given: TransitionInput | undefined, side: 'in' | 'out', fps: number): PlanTransition | null {
  const spec = given?.[side];
  if (spec === undefined) return null;
  const length = clip.end_time_ms - clip.start_time_ms;
  const [from, to] = side === 'in' ? [0, spec.duration_ms] : [length - spec.duration_ms, length];
  return { type: spec.type, fromFrame: frameOf(clip, from, fps), toFrame: frameOf(clip, to, fps) };
}

/** The animatable properties of a video or text clip, as the request gives them. */
export interface AnimatableProperties {
  opacity?: Animatable<number>;
  scale?: Animatable<Vec2>;
  position?: Animatable<Vec2>;
  rotation?: Animatable<number>;
  transition?: TransitionInput;
}

/** The clip's motion; null when none of its properties is keyframed and it has no transition. */
export function clipMotion(clip: ClipInput, props: AnimatableProperties, fps: number): PlanMotion | null {
  const motion: PlanMotion = {
    opacity: track(clip, props.opacity, fps),
    scale: track(clip, props.scale, fps),
    position: track(clip, props.position, fps),
    rotation: track(clip, props.rotation, fps),
    transitionIn: transition(clip, props.transition, 'in', fps),
    transitionOut: transition(clip, props.transition, 'out', fps),
  };
  return Object.values(motion).every((part) => part === null) ? null : motion;
}

/** A property's constant, or where its keyframes stand at the clip's start (the first keyframe's value); undefined when absent. */
export function startValue<T>(value: Animatable<T> | undefined): T | undefined {
  return isKeyframes(value) ? value.keyframes[0].value : value;
}

/** An audio clip's keyframed volume; null for a constant. */
export function volumeKeyframes(clip: ClipInput, volume: Animatable<number> | undefined, fps: number): PlanKeyframe<number>[] | null {
  return track(clip, volume, fps);
}
