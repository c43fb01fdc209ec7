import { ApiError } from '../common/api-error';
import { isPlainRecord } from '../common/validation/field-rules.decorator';
import { MAX_LISTED_PROBLEMS, validationError } from '../common/validation/validate-body';
import { validateCreateTaskBody } from './task-validation';
import { screenTaskUrls, type UrlScreen } from './url-screen';
import { DEFAULT_MODEL_ID, findModel, type ModelRecord } from '../models/model-catalogue';
import { CODECS_BY_FORMAT, DEFAULT_FORMAT, DEFAULT_FRAMERATE, DEFAULT_QUALITY } from './dto/input-values';
import type { CreateTaskInput, OutputInput, ResolvedOutput } from './task-input.types';

/**
 * Business rules of a create request that passed validation: answered 422
 * (docs/api-validation.md, "Order of checks"). Complexity is checked before model limits, and each
 * error lists every limit exceeded, not only the first (complexity: the first MAX_LISTED_PROBLEMS).
 */
export function resolveOutput(output: OutputInput): ResolvedOutput {
  const format = output.format ?? DEFAULT_FORMAT;
  return {
    width: output.resolution.width,
    height: output.resolution.height,
    framerate: output.framerate ?? DEFAULT_FRAMERATE,
    format,
    quality: output.quality ?? DEFAULT_QUALITY,
    codec: output.codec ?? CODECS_BY_FORMAT[format][0],
  };
}

export interface ComplexityLimits {
  maxTracks: number;
  maxClipsPerTrack: number;
  maxClips: number;
}

export interface ComplexityExceeded {
  limit: 'max_tracks' | 'max_clips_per_track' | 'max_clips';
  allowed: number;
  provided: number;
  /** The track over `max_clips_per_track`. */
  field?: string;
}

export interface ModelLimitExceeded {
  limit: 'max_resolution' | 'max_duration_seconds' | 'supported_formats';
  model: string;
  allowed: unknown;
  provided: unknown;
}

/** The pair TasksService needs (its `TaskRulesPort`): 400s first, then 422s. */
export function createTaskRules(limits: ComplexityLimits, screen: UrlScreen) {
  return {
    validate: (body: unknown): CreateTaskInput => {
      // Before validation: class-validator on 10 000 clips costs the event loop hundreds of ms.
      refuseTooComplex(complexityProblems(rawClipCounts(body), limits));
      const input = validateCreateTaskBody(body);
      // Private and loopback URLs are refused at the edge, before the business rules.
      const issues = screenTaskUrls(input, screen.guard, screen.samples);
      if (issues.length > 0) throw validationError('The request body', issues);
      return input;
    },
    check: (input: CreateTaskInput): void => checkBusinessRules(input, limits),
  };
}

/** Clips per track of a body not yet validated; a track that is not an object with a clip array counts 0. */
function rawClipCounts(body: unknown): number[] {
  const tracks = (body as { input?: { timeline?: { tracks?: unknown } } } | null)?.input?.timeline?.tracks;
  if (!Array.isArray(tracks)) return [];
  return tracks.map((track: unknown) => {
    const clips = isPlainRecord(track) ? track.clips : undefined;
    return Array.isArray(clips) ? clips.length : 0;
  });
}

/** Lists MAX_LISTED_PROBLEMS exceeded limits at most, as a 400 does, so the answer never grows with the body. */
function refuseTooComplex(complexity: ComplexityExceeded[]): void {
  if (complexity.length === 0) return;
  const listed = complexity.slice(0, MAX_LISTED_PROBLEMS);
  const unlisted = complexity.length - listed.length;
  const more = unlisted > 0 ? `; ${unlisted} more track${unlisted === 1 ? '' : 's'} over max_clips_per_track not listed` : '';
  throw new ApiError('TIMELINE_TOO_COMPLEX', `The timeline exceeds ${describe(listed)}${more}`, {
    details: listed,
    suggestedAction: 'Split the timeline into several tasks or merge clips',
  });
}

export function checkBusinessRules(input: CreateTaskInput, limits: ComplexityLimits): void {
  refuseTooComplex(
    complexityProblems(
      input.input.timeline.tracks.map((track) => track.clips.length),
      limits,
    ),
  );
  const model = modelOf(input);
  const exceeded = modelLimitProblems(input, model);
  if (exceeded.length > 0) {
    throw new ApiError('MODEL_LIMIT_EXCEEDED', `The request exceeds the ${model.id} model's ${describe(exceeded)}`, {
      details: exceeded,
      suggestedAction: model.id === 'premium' ? 'Reduce the output within the limits' : 'Use "model": "premium" or reduce the output',
    });
  }
}

function describe(problems: ReadonlyArray<{ limit: string; allowed: unknown; provided: unknown }>): string {
  return problems.map((p) => `${p.limit} (allowed ${JSON.stringify(p.allowed)}, got ${JSON.stringify(p.provided)})`).join('; ');
}

/**
 * `clipCounts[i]` is the number of clips of track i. The limits of the whole
 * timeline come first, then each track over its limit, so a capped answer
 * never leaves out the totals.
 */
export function complexityProblems(clipCounts: readonly number[], limits: ComplexityLimits): ComplexityExceeded[] {
  const problems: ComplexityExceeded[] = [];
  if (clipCounts.length > limits.maxTracks) {
    problems.push({ limit: 'max_tracks', allowed: limits.maxTracks, provided: clipCounts.length });
  }
  const total = clipCounts.reduce((sum, clips) => sum + clips, 0);
  if (total > limits.maxClips) problems.push({ limit: 'max_clips', allowed: limits.maxClips, provided: total });
  clipCounts.forEach((clips, index) => {
    if (clips > limits.maxClipsPerTrack) {
      problems.push({
        limit: 'max_clips_per_track',
        allowed: limits.maxClipsPerTrack,
        provided: clips,
        field: `input.timeline.tracks[${index}].clips`,
      });
    }
  });
  return problems;
}

function modelOf(input: CreateTaskInput): Readonly<ModelRecord> {
  const id = input.model ?? DEFAULT_MODEL_ID;
  const model = findModel(id);
  // Validation admits only catalogue ids, so a miss is a programming error, not a client one.
  if (!model) throw new Error(`model "${id}" passed validation but is not in the catalogue`);
  return model;
}

/**
 * Resolution is compared orientation-free (longer side with longer side), so a
 * portrait 2160x3840 fits a 4096x2160 model just as 3840x2160 does. ProRes is
 * premium-only both as a format and as a codec inside MOV.
 */
export function modelLimitProblems(input: CreateTaskInput, model: Readonly<ModelRecord>): ModelLimitExceeded[] {
  const output = resolveOutput(input.input.output);
  const problems: ModelLimitExceeded[] = [];
  const max = model.max_resolution;
  const [long, short] = [Math.max(output.width, output.height), Math.min(output.width, output.height)];
  if (long > Math.max(max.width, max.height) || short > Math.min(max.width, max.height)) {
    problems.push({
      limit: 'max_resolution',
      model: model.id,
      allowed: { width: max.width, height: max.height },
      provided: { width: output.width, height: output.height },
    });
  }
  const seconds = input.input.timeline.duration_ms / 1000;
  if (seconds > model.max_duration_seconds) {
    problems.push({ limit: 'max_duration_seconds', model: model.id, allowed: model.max_duration_seconds, provided: seconds });
  }
  const formats: readonly string[] = model.supported_formats;
  if (!formats.includes(output.format)) {
    problems.push({ limit: 'supported_formats', model: model.id, allowed: [...formats], provided: output.format });
  } else if (output.codec === 'prores' && !formats.includes('prores')) {
    problems.push({ limit: 'supported_formats', model: model.id, allowed: [...formats], provided: `${output.format} with codec prores` });
  }
  return problems;
}
