import type { ValidationIssue } from '../../common/api-error';
import { isPlainRecord } from '../../common/validation/field-rules.decorator';
import { issue } from '../../common/validation/validation-report';
import { CODECS_BY_FORMAT, DEFAULT_FORMAT, OUTPUT_CODECS, OUTPUT_FORMATS, type OutputCodec, SOUND_LIMITS } from '../../task-input/input-values';
import { MAX_KEYFRAMES } from '../../task-input/motion.dto';

/**
 * Rules that relate fields to each other, which per-field decorators cannot
 * express. They read the body defensively and only judge values that are
 * individually valid, so a field is never reported twice. All are 400
 * VALIDATION_ERROR, reported together with the per-field problems
 * (docs/api-validation.md, "Cross-field rules").
 */
export function crossFieldIssues(body: unknown): ValidationIssue[] {
  if (!isPlainRecord(body) || !isPlainRecord(body.input)) return [];
  return [...timelineIssues(body.input.timeline), ...codecIssues(body.input.output)];
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function timelineIssues(timeline: unknown): ValidationIssue[] {
  if (!isPlainRecord(timeline) || !Array.isArray(timeline.tracks)) return [];
  const duration = isCount(timeline.duration_ms) && timeline.duration_ms > 0 ? timeline.duration_ms : null;
  const issues: ValidationIssue[] = [];
  const trackIds = new Map<string, number>();
  const sounding = soundTrackIds(timeline.tracks);
  timeline.tracks.forEach((track: unknown, trackIndex) => {
    if (!isPlainRecord(track)) return;
    const path = `input.timeline.tracks[${trackIndex}]`;
    issues.push(...duplicateId(track.id, trackIndex, trackIds, `${path}.id`, 'tracks'));
    if (!Array.isArray(track.clips)) return;
    const clipIds = new Map<string, number>();
    track.clips.forEach((clip: unknown, clipIndex) => {
      if (!isPlainRecord(clip)) return;
      const clipPath = `${path}.clips[${clipIndex}]`;
      issues.push(...duplicateId(clip.id, clipIndex, clipIds, `${clipPath}.id`, 'clips of this track'));
      issues.push(...clipTimeIssues(clip, duration, clipPath));
      if (!isPlainRecord(clip.properties)) return;
      issues.push(...propertyIssues(track.type, clip.properties, clipLength(clip), `${clipPath}.properties`));
      if (SOUND_TRACK_TYPES.has(track.type)) issues.push(...duckingIssues(clip.properties.ducking, track.id, sounding, `${clipPath}.properties.ducking`));
    });
  });
  return issues;
}

/** The track types whose clips sound: what a clip may duck under (spec/extensions.md §5). */
const SOUND_TRACK_TYPES: ReadonlySet<unknown> = new Set(['audio', 'video']);

function soundTrackIds(tracks: unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const track of tracks) if (isPlainRecord(track) && typeof track.id === 'string' && SOUND_TRACK_TYPES.has(track.type)) ids.add(track.id);
  return ids;
}

/**
 * Each listed id names an audio or video track of the timeline other than the clip's own: a clip lowered by its
 * own track's sound would be lowered by itself. Only ids the field rules accepted are judged.
 */
function duckingIssues(ducking: unknown, ownTrackId: unknown, sounding: ReadonlySet<string>, path: string): ValidationIssue[] {
  if (!isPlainRecord(ducking) || !Array.isArray(ducking.under) || ducking.under.length > SOUND_LIMITS.maxUnder) return [];
  return ducking.under.flatMap((id: unknown, index): ValidationIssue[] => {
    if (typeof id !== 'string' || id.length === 0) return [];
    const field = `${path}.under[${index}]`;
    if (id === ownTrackId) return [issue(field, "must not be the clip's own track", id)];
    if (!sounding.has(id)) return [issue(field, 'must be the id of an audio or video track of the timeline', id)];
    return [];
  });
}

function duplicateId(id: unknown, index: number, seen: Map<string, number>, path: string, among: string): ValidationIssue[] {
  if (typeof id !== 'string') return [];
  const first = seen.get(id);
  if (first === undefined) {
    seen.set(id, index);
    return [];
  }
  return [issue(path, `repeats the id of item ${first} among the ${among}; ids must be unique`, id)];
}

function clipTimeIssues(clip: Record<string, unknown>, duration: number | null, path: string): ValidationIssue[] {
  const { start_time_ms: start, end_time_ms: end } = clip;
  if (!isCount(end) || end < 1) return [];
  if (isCount(start) && end <= start) {
    return [issue(`${path}.end_time_ms`, `must be greater than start_time_ms (${start})`, end)];
  }
  if (duration !== null && end > duration) {
    return [issue(`${path}.end_time_ms`, `must be at most the timeline duration_ms (${duration})`, end)];
  }
  return [];
}

/** end − start of a clip whose times are valid; null otherwise (what depends on it is then not judged). */
function clipLength(clip: Record<string, unknown>): number | null {
  const { start_time_ms: start, end_time_ms: end } = clip;
  return isCount(start) && isCount(end) && end > start ? end - start : null;
}

/** The properties that take keyframe tracks, by track type (spec/extensions.md §1). */
const ANIMATABLE_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  video: ['opacity', 'scale', 'position', 'rotation'],
  text: ['opacity', 'scale', 'position', 'rotation'],
  audio: ['volume'],
};
const TRANSITION_TRACK_TYPES: ReadonlySet<unknown> = new Set(['video', 'text']);

function propertyIssues(trackType: unknown, properties: Record<string, unknown>, length: number | null, path: string): ValidationIssue[] {
  const animatable = typeof trackType === 'string' && Object.hasOwn(ANIMATABLE_PROPERTIES, trackType) ? ANIMATABLE_PROPERTIES[trackType] : [];
  return [
    ...(trackType === 'audio' && length !== null ? fadeIssues(properties, length, path) : []),
    ...(TRANSITION_TRACK_TYPES.has(trackType) && length !== null ? transitionIssues(properties.transition, length, `${path}.transition`) : []),
    ...animatable.flatMap((key) => keyframeIssues(properties[key], length, `${path}.${key}`)),
  ];
}

function fadeIssues(properties: Record<string, unknown>, length: number, path: string): ValidationIssue[] {
  const fadeIn = isCount(properties.fade_in_ms) ? properties.fade_in_ms : 0;
  const fadeOut = isCount(properties.fade_out_ms) ? properties.fade_out_ms : 0;
  if (fadeIn + fadeOut <= length) return [];
  const field = isCount(properties.fade_out_ms) && fadeOut > 0 ? 'fade_out_ms' : 'fade_in_ms';
  return [issue(`${path}.${field}`, `fade_in_ms + fade_out_ms (${fadeIn + fadeOut}) must be at most the clip length (${length} ms)`, properties[field])];
}

/** `in` + `out` within the clip, reported at `out` when it is given (the later side is the one that overruns), else at `in`. */
function transitionIssues(transition: unknown, length: number, path: string): ValidationIssue[] {
  if (!isPlainRecord(transition)) return [];
  const durationOf = (side: unknown): number | null => (isPlainRecord(side) && isCount(side.duration_ms) && side.duration_ms > 0 ? side.duration_ms : null);
  const [inMs, outMs] = [durationOf(transition.in), durationOf(transition.out)];
  const total = (inMs ?? 0) + (outMs ?? 0);
  if (total <= length) return [];
  const withinClip = `must be at most the clip length (${length} ms)`;
  if (inMs !== null && outMs !== null) {
    return [issue(`${path}.out.duration_ms`, `in.duration_ms + out.duration_ms (${inMs} + ${outMs} = ${total} ms) ${withinClip}`, outMs)];
  }
  const side = outMs !== null ? 'out' : 'in';
  return [issue(`${path}.${side}.duration_ms`, `${side}.duration_ms (${total} ms) ${withinClip}`, total)];
}

/**
 * A keyframe track's times: each within the clip (when its length is known)
 * and later than the one before. A track of a wrong size is reported per field
 * and its keyframes not judged, as the validator does not walk them either.
 */
function keyframeIssues(property: unknown, length: number | null, path: string): ValidationIssue[] {
  if (!isPlainRecord(property) || !Array.isArray(property.keyframes) || property.keyframes.length > MAX_KEYFRAMES) return [];
  const issues: ValidationIssue[] = [];
  // The last time judged good: a keyframe out of order or out of the clip does not move the bar for the next.
  let earlier: number | null = null;
  property.keyframes.forEach((keyframe: unknown, index) => {
    const time = isPlainRecord(keyframe) && isCount(keyframe.time_ms) ? keyframe.time_ms : null;
    if (time === null) return;
    const field = `${path}.keyframes[${index}].time_ms`;
    if (length !== null && time > length) {
      issues.push(issue(field, `must be at most the clip length (${length} ms)`, time));
    } else if (earlier !== null && time <= earlier) {
      issues.push(issue(field, `must be greater than the earlier keyframe's time_ms (${earlier}); keyframe times strictly increase`, time));
    } else {
      earlier = time;
    }
  });
  return issues;
}

function isOneOf<T extends string>(value: unknown, list: readonly T[]): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

function codecIssues(output: unknown): ValidationIssue[] {
  if (!isPlainRecord(output) || !isOneOf(output.codec, OUTPUT_CODECS)) return [];
  const format = output.format === undefined ? DEFAULT_FORMAT : output.format;
  if (!isOneOf(format, OUTPUT_FORMATS)) return [];
  const allowed: readonly OutputCodec[] = CODECS_BY_FORMAT[format];
  if (allowed.includes(output.codec)) return [];
  return [issue('input.output.codec', `is not available for format ${format}; use one of: ${allowed.join(', ')}`, output.codec)];
}
