import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import { newId } from '../common/ids';
import type { ValidationIssue } from '../common/api-error';
import { isPlainRecord } from '../common/validation/field-rules.decorator';
import { inspectDto, MAX_LISTED_PROBLEMS, validationError } from '../common/validation/validate-body';
import { DEFAULT_PRICE_LIST, type PriceList, renderCostUsd } from '../config/price-list';
import { isUniqueViolation } from '../database/database';
import { DEFAULT_MODEL_ID, findModel, type ModelRecord } from '../models/model-catalogue';
import type { SsrfGuard } from '../network/ssrf-guard';
import { CreateTaskDto } from '../task-input/create-task.dto';
import { availableFontsMessage, unknownFontIssues } from './dto/font-message';
import { CODECS_BY_FORMAT, DEFAULT_FORMAT, DEFAULT_FRAMERATE, DEFAULT_QUALITY, SOUND_LIMITS } from '../task-input/input-values';
import { crossFieldIssues } from './dto/timeline-consistency';
import { type EstimateModel, workUnitsOf } from './estimate-model';
import { submittedInput } from './submitted-request';
import type { CreateTaskInput, OutputInput, ResolvedOutput } from '../task-input/task-input.types';
import { type TaskTransitions, unstartedState } from './task-transitions';
import { TaskEntity } from './task.entity';
import { PRIORITY_RANK } from './task.types';
import type { TasksRepository } from './tasks.repository';
import type { WebhookCredentials } from './webhook-credentials';

/**
 * How a create request becomes a queued task, stage by stage, in the order a
 * request meets them; the first stage that refuses answers
 * (docs/api-validation.md, "Order of checks"):
 *
 *   0. limits   422 TIMELINE_TOO_COMPLEX  tracks and clips counted in the raw body, before validating 10,000 clips costs the event loop
 *   1. shape    400 VALIDATION_ERROR      every field and cross-field problem at once
 *   2. fonts    400 INVALID_FONT          the font families of subtitle and text clips
 *   3. URLs     400 VALIDATION_ERROR      media and webhook URLs the SSRF guard refuses without DNS
 *   4. model    422 MODEL_LIMIT_EXCEEDED  resolution, duration and format against the model
 *   5. admission (TaskTransitions.admit)  429 QUOTA_EXCEEDED, 402 INSUFFICIENT_CREDITS, 409 DUPLICATE_REQUEST_ID; queued
 *
 * A retry skips stages 0 to 4: its original passed them.
 */
export interface CreatePipelineDeps {
  limits: ComplexityLimits;
  screen: UrlScreen;
  estimates: EstimateModel;
  tasks: TasksRepository;
  transitions: TaskTransitions;
  /** Seals the webhook's secret and header values as the task is written; opens a retry's original. */
  credentials: WebhookCredentials;
  prices?: PriceList;
  now?: () => number;
}

/** What stage 3 needs: the process's one SSRF guard, and the bundled sample URLs it lets through (media's `SampleMedia`). */
export interface UrlScreen {
  guard: SsrfGuard;
  samples: { sampleFileFor(url: string): string | null };
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

export class CreatePipeline {
  private readonly now: () => number;

  constructor(private readonly deps: CreatePipelineDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** POST /v3/tasks. `beforeCommit` may refuse a task the admission would create (TaskTransitions.admit). */
  async create(principal: Principal, body: unknown, beforeCommit?: () => Promise<void>): Promise<{ task: TaskEntity; queuePosition: number }> {
    return this.admit(principal, this.check(body), null, beforeCommit);
  }

  /** Stages 0 to 4 with this service's limits and URL screen. */
  check(body: unknown): CreateTaskInput {
    return checkCreateBody(body, this.deps.limits, this.deps.screen);
  }

  /** POST /v3/tasks/{id}/retry of a failed task: its configuration admitted again, as a new task. */
  retry(principal: Principal, original: TaskEntity): Promise<{ task: TaskEntity; queuePosition: number }> {
    return this.admit(principal, submittedInput(original, this.deps.credentials.open(original)), original);
  }

  /** Stage 5. */
  private async admit(principal: Principal, input: CreateTaskInput, original: TaskEntity | null, beforeCommit?: () => Promise<void>) {
    const task = await this.newTask(principal, input, original);
    try {
      return { task, queuePosition: await this.deps.transitions.admit(principal, task, original, beforeCommit) };
    } catch (error) {
      throw await this.explainRefusal(error, principal, input, original);
    }
  }

  private async newTask(principal: Principal, input: CreateTaskInput, original: TaskEntity | null): Promise<TaskEntity> {
    const now = this.now();
    const output = resolveOutput(input.input.output);
    const priority = input.metadata?.priority ?? 'standard';
    const model = input.model ?? DEFAULT_MODEL_ID;
    const durationMs = input.input.timeline.duration_ms;
    const outputMinutes = durationMs / 60_000;
    const id = newId('tsk');
    return Object.assign(new TaskEntity(), {
      id,
      accountId: principal.accountId,
      requestId: original ? null : (input.request_id ?? null),
      ...unstartedState(),
      priority,
      priorityRank: PRIORITY_RANK[priority],
      model,
      timeline: input.input.timeline,
      outputSettings: output,
      outputRequest: input.input.output,
      ...this.deps.credentials.seal(id, input.webhook),
      userReference: input.metadata?.user_reference ?? null,
      tags: input.metadata?.tags ?? [],
      retentionHours: input.metadata?.retention_hours ?? 24,
      createdAt: now,
      estimatedSeconds: await this.deps.estimates.estimateSeconds(output, durationMs),
      quality: output.quality,
      workUnits: workUnitsOf(output, durationMs),
      outputMinutes,
      costUsd: renderCostUsd(this.deps.prices ?? DEFAULT_PRICE_LIST, model, output.quality, priority, outputMinutes),
      retryOf: original?.id ?? null,
      retryCount: original ? original.retryCount + 1 : 0,
      concurrencyLimit: principal.limits.concurrentRenders,
      updatedAt: now,
    });
  }

  /** A refusal of the database turned into the client's answer: a `request_id` already used, a retry already made. */
  private async explainRefusal(error: unknown, principal: Principal, input: CreateTaskInput, original: TaskEntity | null): Promise<unknown> {
    if (error instanceof ApiError && error.code === 'TASK_ALREADY_RETRIED' && original) {
      const fresh = await this.deps.tasks.findForAccount(principal.accountId, original.id);
      return alreadyRetried(fresh?.retriedBy ?? '');
    }
    if (isUniqueViolation(error) && input.request_id && !original) {
      const existing = await this.deps.tasks.findByRequestId(principal.accountId, input.request_id);
      if (existing) {
        return new ApiError('DUPLICATE_REQUEST_ID', `request_id ${input.request_id} was already used`, {
          details: { task_id: existing.id, request_id: input.request_id },
        });
      }
    }
    return error;
  }
}

export function alreadyRetried(retryId: string): ApiError {
  return new ApiError('TASK_ALREADY_RETRIED', 'This task has already been retried; retry the retry instead', {
    details: { retry_task_id: retryId },
  });
}

/** Stages 0 to 4: the create body, checked; a plain JSON copy (no DTO instances, no absent keys). */
export function checkCreateBody(body: unknown, limits: ComplexityLimits, screen: UrlScreen): CreateTaskInput {
  refuseTooComplex(complexityProblems(rawClipCounts(body), limits));
  const input = validateCreateTaskBody(body);
  const urlIssues = screenTaskUrls(input, screen);
  if (urlIssues.length > 0) throw validationError('The request body', urlIssues);
  refuseOverModelLimits(input);
  return input;
}

/**
 * Stage 3: a media or webhook URL the SSRF guard refuses without DNS can never be
 * fetched, so it is a validation error now rather than a failed task later. The
 * service's own sample URLs (as GET /v3/samples lists them) are read from disk,
 * never fetched: no address check. Webhooks get no such exception.
 */
export function screenTaskUrls(input: CreateTaskInput, { guard, samples }: UrlScreen): ValidationIssue[] {
  const urls: Array<{ field: string; url: string }> = [{ field: 'webhook.url', url: input.webhook.url }];
  input.input.timeline.tracks.forEach((track, t) => {
    // A text clip has no media_url: nothing to fetch.
    if (track.type === 'text') return;
    track.clips.forEach((clip, c) => {
      if (samples.sampleFileFor(clip.media_url) === null) urls.push({ field: `input.timeline.tracks[${t}].clips[${c}].media_url`, url: clip.media_url });
    });
  });
  return urls.flatMap(({ field, url }) => {
    const reason = guard.refusalWithoutDns(url);
    return reason ? [{ field, issue: reason, provided_value: url }] : [];
  });
}

/** Stages 1 and 2 (also run by the CLI before it sends a body). */
export function validateCreateTaskBody(body: unknown): CreateTaskInput {
  const { value, issues } = inspectDto(CreateTaskDto, body);
  issues.push(...crossFieldIssues(body));
  if (issues.length > 0) throw validationError('The request body', issues.map(withoutCredentialValue));
  const fontIssues = unknownFontIssues(value.input.timeline.tracks);
  if (fontIssues.length > 0) {
    throw new ApiError('INVALID_FONT', `Unknown font_family. ${availableFontsMessage()}`, {
      details: fontIssues,
      suggestedAction: 'Use one of the font keys or aliases listed in the message',
    });
  }
  return JSON.parse(JSON.stringify(value)) as CreateTaskInput;
}

/** The webhook's secret and header values are the client's credentials for its own receiver: a refusal never echoes them. */
const CREDENTIAL_FIELD = /^webhook\.(secret|headers)(\.|\[|$)/;

function withoutCredentialValue(issue: ValidationIssue): ValidationIssue {
  return CREDENTIAL_FIELD.test(issue.field) ? { ...issue, provided_value: '[redacted]' } : issue;
}

/** Output settings with every default applied (docs/api.md, "Output defaults"). */
export function resolveOutput(output: OutputInput): ResolvedOutput {
  const format = output.format ?? DEFAULT_FORMAT;
  const loudness = output.audio?.loudness;
  return {
    width: output.resolution.width,
    height: output.resolution.height,
    framerate: output.framerate ?? DEFAULT_FRAMERATE,
    format,
    quality: output.quality ?? DEFAULT_QUALITY,
    codec: output.codec ?? CODECS_BY_FORMAT[format][0],
    ...(loudness === undefined ? {} : { loudness: { targetLufs: loudness.target_lufs, truePeakDb: loudness.true_peak_db ?? SOUND_LIMITS.truePeakDb.default } }),
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

export function refuseOverModelLimits(input: CreateTaskInput): void {
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
      problems.push({ limit: 'max_clips_per_track', allowed: limits.maxClipsPerTrack, provided: clips, field: `input.timeline.tracks[${index}].clips` });
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
