import type { ValidationIssue } from '../../common/api-error';
import { isPlainRecord } from '../../common/validation/field-rules.decorator';
import { issue } from '../../common/validation/validation-report';
import { CODECS_BY_FORMAT, DEFAULT_FORMAT, OUTPUT_CODECS, OUTPUT_FORMATS, type OutputCodec } from './input-values';

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
      if (track.type === 'audio') issues.push(...fadeIssues(clip, clipPath));
    });
  });
  return issues;
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

function fadeIssues(clip: Record<string, unknown>, path: string): ValidationIssue[] {
  const { start_time_ms: start, end_time_ms: end, properties } = clip;
  if (!isCount(start) || !isCount(end) || end <= start || !isPlainRecord(properties)) return [];
  const fadeIn = isCount(properties.fade_in_ms) ? properties.fade_in_ms : 0;
  const fadeOut = isCount(properties.fade_out_ms) ? properties.fade_out_ms : 0;
  const length = end - start;
  if (fadeIn + fadeOut <= length) return [];
  const field = isCount(properties.fade_out_ms) && fadeOut > 0 ? 'fade_out_ms' : 'fade_in_ms';
  return [
    issue(`${path}.properties.${field}`, `fade_in_ms + fade_out_ms (${fadeIn + fadeOut}) must be at most the clip length (${length} ms)`, properties[field]),
  ];
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
