import { fullTaskBody, minimalTaskBody } from '../../test/fixtures/task-bodies';
import { ApiError } from '../common/api-error';
import { SsrfGuard } from '../network/ssrf-guard';
import { validateCreateTaskBody } from './task-validation';
import type { CreateTaskInput, OutputInput } from './task-input.types';
import { checkBusinessRules, createTaskRules, resolveOutput } from './task-rules';

const LIMITS = { maxTracks: 50, maxClipsPerTrack: 200, maxClips: 500 };
const SCREEN = { guard: new SsrfGuard([]), samples: { sampleFileFor: () => null } };

function input(overrides: { output?: Partial<OutputInput>; duration_ms?: number; model?: string } = {}): CreateTaskInput {
  const body = minimalTaskBody(overrides.model ? { model: overrides.model } : {});
  const task = validateCreateTaskBody(body);
  Object.assign(task.input.output, overrides.output);
  if (overrides.duration_ms !== undefined) {
    task.input.timeline.duration_ms = overrides.duration_ms;
    task.input.timeline.tracks[0].clips[0].end_time_ms = overrides.duration_ms;
  }
  return task;
}

function withClips(perTrack: number[]): CreateTaskInput {
  const task = input();
  const clip = task.input.timeline.tracks[0].clips[0];
  task.input.timeline.tracks = perTrack.map((count, t) => ({
    id: `t${t}`,
    type: 'video' as const,
    clips: Array.from({ length: count }, (_, c) => ({ ...clip, id: `c${c}` })),
  }));
  return task;
}

function failure(task: CreateTaskInput, limits = LIMITS): ApiError {
  try {
    checkBusinessRules(task, limits);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the task passed the business rules');
}

/** What `validate` throws for a raw body. */
function rawBodyFailure(rules: ReturnType<typeof createTaskRules>, body: unknown): ApiError {
  try {
    rules.validate(body);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the body passed validation');
}

describe('resolveOutput', () => {
  it('applies framerate 30, mp4, standard and the format default codec', () => {
    expect(resolveOutput({ resolution: { width: 640, height: 360 } })).toEqual({
      width: 640,
      height: 360,
      framerate: 30,
      format: 'mp4',
      quality: 'standard',
      codec: 'h264',
    });
  });

  it.each([
    ['mp4', 'h264'],
    ['mov', 'h264'],
    ['webm', 'vp9'],
    ['prores', 'prores'],
  ] as const)('default codec of %s is %s', (format, codec) => {
    expect(resolveOutput({ resolution: { width: 640, height: 360 }, format }).codec).toBe(codec);
  });

  it('keeps every given value', () => {
    expect(resolveOutput({ resolution: { width: 1280, height: 720 }, framerate: 24, format: 'webm', quality: 'high', codec: 'vp8' })).toEqual({
      width: 1280,
      height: 720,
      framerate: 24,
      format: 'webm',
      quality: 'high',
      codec: 'vp8',
    });
  });
});

describe('checkBusinessRules: complexity (422 TIMELINE_TOO_COMPLEX)', () => {
  it('passes the full fixture and the exact limits', () => {
    expect(() => checkBusinessRules(validateCreateTaskBody(fullTaskBody()), LIMITS)).not.toThrow();
    expect(() => checkBusinessRules(withClips([200, 200, 100]), LIMITS)).not.toThrow();
    expect(() => checkBusinessRules(withClips(Array.from({ length: 50 }, () => 1)), LIMITS)).not.toThrow();
  });

  it('too many tracks', () => {
    const error = failure(withClips(Array.from({ length: 51 }, () => 1)));
    expect(error.code).toBe('TIMELINE_TOO_COMPLEX');
    expect(error.status).toBe(422);
    expect(error.options.details).toEqual([{ limit: 'max_tracks', allowed: 50, provided: 51 }]);
  });

  it('too many clips in one track, naming the track', () => {
    expect(failure(withClips([1, 201])).options.details).toEqual([
      { limit: 'max_clips_per_track', allowed: 200, provided: 201, field: 'input.timeline.tracks[1].clips' },
    ]);
  });

  it('too many clips in all', () => {
    expect(failure(withClips([200, 200, 101])).options.details).toEqual([{ limit: 'max_clips', allowed: 500, provided: 501 }]);
  });

  it('reads the configured limits', () => {
    const error = failure(withClips([3, 3]), { maxTracks: 1, maxClipsPerTrack: 2, maxClips: 5 });
    expect((error.options.details as Array<{ limit: string }>).map((d) => d.limit)).toEqual([
      'max_tracks',
      'max_clips',
      'max_clips_per_track',
      'max_clips_per_track',
    ]);
    expect(error.message).toContain('max_tracks (allowed 1, got 2)');
  });

  it('lists 50 exceeded limits at most, the totals first, and says how many tracks were left out', () => {
    const rules = createTaskRules({ maxTracks: 2, maxClipsPerTrack: 1, maxClips: 100 }, SCREEN);
    const body = { input: { timeline: { tracks: Array.from({ length: 60 }, () => ({ clips: [0, 0] })) } } };
    const { code, message, options } = rawBodyFailure(rules, body);
    expect(code).toBe('TIMELINE_TOO_COMPLEX');
    const details = options.details as Array<{ limit: string; field?: string }>;
    expect(details).toHaveLength(50);
    expect(details.slice(0, 2).map((d) => d.limit)).toEqual(['max_tracks', 'max_clips']);
    expect(details[49].field).toBe('input.timeline.tracks[47].clips');
    expect(message).toMatch(/; 12 more tracks over max_clips_per_track not listed$/);
    expect(message).not.toContain('tracks[48]');
  });

  it('comes before model limits', () => {
    const task = withClips(Array.from({ length: 51 }, () => 1));
    task.input.output.format = 'prores';
    expect(failure(task).code).toBe('TIMELINE_TOO_COMPLEX');
  });
});

describe('checkBusinessRules: model limits (422 MODEL_LIMIT_EXCEEDED)', () => {
  it.each([
    ['standard at its largest', { resolution: { width: 4096, height: 2160 } }, undefined],
    ['standard portrait 4K', { resolution: { width: 2160, height: 3840 } }, undefined],
    ['premium 8K', { resolution: { width: 7680, height: 4320 } }, 'premium'],
    ['premium portrait 8K', { resolution: { width: 4320, height: 7680 } }, 'premium'],
    ['premium prores', { format: 'prores' as const }, 'premium'],
    ['premium mov with prores codec', { format: 'mov' as const, codec: 'prores' as const }, 'premium'],
  ])('accepts %s', (_label, output, model) => {
    expect(() => checkBusinessRules(input({ output, model }), LIMITS)).not.toThrow();
  });

  it.each([
    ['width over standard', { resolution: { width: 4098, height: 2160 } }, undefined, 'max_resolution'],
    ['height over standard', { resolution: { width: 4096, height: 2162 } }, undefined, 'max_resolution'],
    ['portrait over standard', { resolution: { width: 2162, height: 4096 } }, undefined, 'max_resolution'],
    ['8K on standard', { resolution: { width: 7680, height: 4320 } }, 'standard', 'max_resolution'],
    ['over premium', { resolution: { width: 7682, height: 4320 } }, 'premium', 'max_resolution'],
    ['prores format on standard', { format: 'prores' as const }, undefined, 'supported_formats'],
    ['prores codec in mov on standard', { format: 'mov' as const, codec: 'prores' as const }, undefined, 'supported_formats'],
  ])('refuses %s', (_label, output, model, limit) => {
    const error = failure(input({ output, model }));
    expect(error.code).toBe('MODEL_LIMIT_EXCEEDED');
    expect(error.status).toBe(422);
    expect(error.options.details).toEqual([expect.objectContaining({ limit, model: model ?? 'standard' })]);
  });

  it('names the limit with allowed and provided values', () => {
    const error = failure(input({ output: { resolution: { width: 4098, height: 2160 } } }));
    expect(error.options.details).toEqual([
      { limit: 'max_resolution', model: 'standard', allowed: { width: 4096, height: 2160 }, provided: { width: 4098, height: 2160 } },
    ]);
    expect(error.message).toContain('max_resolution');
  });

  it('duration: 3600 s fits standard, one millisecond more does not; premium takes 7200 s', () => {
    expect(() => checkBusinessRules(input({ duration_ms: 3_600_000 }), LIMITS)).not.toThrow();
    expect(failure(input({ duration_ms: 3_600_001 })).options.details).toEqual([
      { limit: 'max_duration_seconds', model: 'standard', allowed: 3600, provided: 3600.001 },
    ]);
    expect(() => checkBusinessRules(input({ duration_ms: 7_200_000, model: 'premium' }), LIMITS)).not.toThrow();
    expect(failure(input({ duration_ms: 7_200_001, model: 'premium' })).code).toBe('MODEL_LIMIT_EXCEEDED');
  });

  it('lists every exceeded limit at once', () => {
    const task = input({ output: { resolution: { width: 7680, height: 4320 }, format: 'prores' }, duration_ms: 4_000_000 });
    expect((failure(task).options.details as Array<{ limit: string }>).map((d) => d.limit)).toEqual([
      'max_resolution',
      'max_duration_seconds',
      'supported_formats',
    ]);
  });
});

describe('createTaskRules', () => {
  it('refuses a loopback media URL in validation (400), naming the field', () => {
    const body = minimalTaskBody() as { input: { timeline: { tracks: Array<{ clips: Array<{ media_url: string }> }> } } };
    body.input.timeline.tracks[0].clips[0].media_url = 'http://127.0.0.1/a.mp4';
    expect(() => createTaskRules(LIMITS, SCREEN).validate(body)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        options: expect.objectContaining({ details: [expect.objectContaining({ field: 'input.timeline.tracks[0].clips[0].media_url' })] }),
      }),
    );
  });

  it('validates (400) and checks (422) with the given limits', () => {
    const rules = createTaskRules({ maxTracks: 50, maxClipsPerTrack: 10, maxClips: 10 }, SCREEN);
    expect(() => rules.validate({})).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    const task = rules.validate(fullTaskBody());
    expect(() => rules.check(task)).not.toThrow();
    expect(() => createTaskRules({ ...LIMITS, maxTracks: 1 }, SCREEN).check(task)).toThrow(expect.objectContaining({ code: 'TIMELINE_TOO_COMPLEX' }));
  });

  it('refuses too many tracks or clips from the raw body, before validating a single clip', () => {
    const rules = createTaskRules(LIMITS, SCREEN);
    const body = minimalTaskBody() as { input: { timeline: { tracks: Array<{ clips: unknown[] }> } } };
    // Clips that are not even objects: validation would list 10 000 problems; the size is refused first.
    body.input.timeline.tracks[0].clips = Array.from({ length: 10_000 }, () => 'not a clip');
    const error = rawBodyFailure(rules, body);
    expect(error.code).toBe('TIMELINE_TOO_COMPLEX');
    expect(error.options.details).toEqual([
      { limit: 'max_clips', allowed: 500, provided: 10_000 },
      { limit: 'max_clips_per_track', allowed: 200, provided: 10_000, field: 'input.timeline.tracks[0].clips' },
    ]);
  });
});
