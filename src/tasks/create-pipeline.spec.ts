import { fullTaskBody, minimalTaskBody, type JsonBody } from '../../test/fixtures/task-bodies';
import { ABSENT, failure, issuesOf, rejection, setAt } from '../../test/support/body-checks';
import type { ApiError, ValidationIssue } from '../common/api-error';
import { providedValue } from '../common/validation/validation-report';
import { SsrfGuard } from '../network/ssrf-guard';
import { checkCreateBody, refuseOverModelLimits, resolveOutput, validateCreateTaskBody } from './create-pipeline';
import type { CreateTaskInput, OutputInput } from '../task-input/task-input.types';

const TL = 'input.timeline';
const VIDEO = `${TL}.tracks[1].clips[0]`;
const AUDIO = `${TL}.tracks[2].clips[0]`;
const SUB = `${TL}.tracks[3].clips[0]`;
const OUT = 'input.output';

/** [path to set, bad value, field expected in the report (default: the path)]. */
const BAD_VALUES: Array<[string, unknown, string?]> = [
  // top level
  ['version', '2.0'],
  ['version', 3],
  ['request_id', ''],
  ['request_id', 'has space'],
  ['request_id', 'x'.repeat(129)],
  ['request_id', 'tab\tin'],
  ['model', 'ultra'],
  ['model', null],
  ['input', ABSENT],
  ['input', 'timeline'],
  ['webhook', ABSENT],
  ['webhook', []],
  ['metadata', 'x'],
  // timeline, tracks
  [`${TL}`, ABSENT],
  [`${TL}.duration_ms`, 0],
  [`${TL}.duration_ms`, 1.5],
  [`${TL}.duration_ms`, '4000'],
  [`${TL}.tracks`, []],
  [`${TL}.tracks`, { 0: {} }],
  [`${TL}.tracks[0]`, 5],
  [`${TL}.tracks[0].id`, ''],
  [`${TL}.tracks[0].id`, 'x'.repeat(129)],
  [`${TL}.tracks[0].type`, 'image'],
  [`${TL}.tracks[0].clips`, ABSENT],
  [`${TL}.tracks[0].clips`, 'clip'],
  [`${TL}.tracks[0].clips[0]`, null],
  // clip
  [`${VIDEO}.id`, 7],
  [`${VIDEO}.media_url`, 'ftp://media.example.com/a.mp4'],
  [`${VIDEO}.media_url`, 'not a url'],
  [`${VIDEO}.media_url`, 'https://user:hunter2@media.example.com/a.mp4'],
  [`${VIDEO}.media_url`, 'https://token@media.example.com/a.mp4'],
  [`${VIDEO}.media_url`, `https://media.example.com/${'a'.repeat(2048)}`],
  [`${VIDEO}.media_url`, ABSENT],
  [`${VIDEO}.start_time_ms`, -1],
  [`${VIDEO}.start_time_ms`, 0.5],
  [`${VIDEO}.end_time_ms`, 0],
  [`${VIDEO}.end_time_ms`, '4000'],
  [`${VIDEO}.properties`, 'opaque'],
  // video properties
  [`${VIDEO}.properties.scale`, 2],
  [`${VIDEO}.properties.scale.x`, 0],
  [`${VIDEO}.properties.scale.y`, 101],
  [`${VIDEO}.properties.scale.y`, ABSENT],
  [`${VIDEO}.properties.opacity`, -0.1],
  [`${VIDEO}.properties.opacity`, 1.1],
  [`${VIDEO}.properties.opacity`, '1'],
  [`${VIDEO}.properties.position.x`, 'left'],
  [`${VIDEO}.properties.fit`, 'zoom'],
  [`${VIDEO}.properties.rotation`, '90deg'],
  [`${VIDEO}.properties.blend_mode`, 'plus-darker'],
  [`${VIDEO}.properties.layer_type`, 'middle'],
  [`${VIDEO}.properties.z_index`, '1'],
  [`${VIDEO}.properties.background_fit`, 'zoom'],
  [`${VIDEO}.properties.background_blur`, 101],
  [`${VIDEO}.properties.background_blur`, -1],
  [`${VIDEO}.properties.volume`, 1],
  [`${VIDEO}.properties.font_size`, 40],
  // audio properties
  [`${AUDIO}.properties.volume`, 10.5],
  [`${AUDIO}.properties.volume`, -1],
  [`${AUDIO}.properties.fade_in_ms`, -1],
  [`${AUDIO}.properties.fade_out_ms`, 1.5],
  [`${AUDIO}.properties.opacity`, 1],
  // subtitle properties
  [`${SUB}.properties.preset`, 'tiktok'],
  [`${SUB}.properties.font_size`, 7],
  [`${SUB}.properties.font_size`, 401],
  [`${SUB}.properties.font_family`, 12],
  [`${SUB}.properties.color`, '#FFF'],
  [`${SUB}.properties.color`, 'white'],
  [`${SUB}.properties.position.y`, null],
  [`${SUB}.properties.text_wrapping`, true],
  [`${SUB}.properties.text_wrapping.enabled`, 'yes'],
  [`${SUB}.properties.text_wrapping.max_chars_per_line`, 0],
  [`${SUB}.properties.text_wrapping.max_chars_per_line`, 201],
  [`${SUB}.properties.text_wrapping.strategy`, 'syllable'],
  [`${SUB}.properties.text_wrapping.language`, 'en_US'],
  [`${SUB}.properties.text_wrapping.language`, ''],
  [`${SUB}.properties.outline.enabled`, 1],
  [`${SUB}.properties.outline.width`, 51],
  [`${SUB}.properties.outline.color`, '#GGGGGG'],
  [`${SUB}.properties.outline.blur`, -1],
  [`${SUB}.properties.shadow.opacity`, 2],
  [`${SUB}.properties.shadow.offset_x`, 1001],
  [`${SUB}.properties.shadow.offset_y`, -1001],
  [`${SUB}.properties.shadow.blur`, 101],
  [`${SUB}.properties.shadow.color`, 'black'],
  [`${SUB}.properties.volume`, 1],
  [`${SUB}.properties.fit`, 'cover'],
  // output
  [OUT, ABSENT],
  [`${OUT}.resolution`, ABSENT],
  [`${OUT}.resolution`, '1920x1080'],
  [`${OUT}.resolution.width`, 321],
  [`${OUT}.resolution.width`, 14],
  [`${OUT}.resolution.height`, 20000],
  [`${OUT}.resolution.height`, 180.5],
  [`${OUT}.framerate`, 0],
  [`${OUT}.framerate`, 121],
  [`${OUT}.framerate`, '30'],
  [`${OUT}.format`, 'avi'],
  [`${OUT}.quality`, 'ultra'],
  [`${OUT}.codec`, 'av1'],
  [`${OUT}.bitrate`, 5000],
  // webhook
  ['webhook.url', 'http://hooks.example.com/render'],
  ['webhook.url', 'hooks.example.com'],
  ['webhook.url', 'https://admin:pw@hooks.example.com/render'],
  ['webhook.url', ABSENT],
  ['webhook.events', 'task.queued'],
  ['webhook.events', ['task.done'], 'webhook.events[0]'],
  ['webhook.events', ['task.queued', 'task.queued'], 'webhook.events[1]'],
  ['webhook.secret', ''],
  ['webhook.secret', 's'.repeat(257)],
  ['webhook.secret', 'whsec_'],
  ['webhook.secret', 'whsec_not base64!'],
  ['webhook.headers', 'X-A: 1'],
  ['webhook.headers', { Host: 'evil.example.com' }, 'webhook.headers.Host'],
  ['webhook.headers', { 'X-Service-Signature': 'sha256=00' }, 'webhook.headers.X-Service-Signature'],
  ['webhook.headers', { 'webhook-id': 'msg_1' }, 'webhook.headers.webhook-id'],
  ['webhook.headers', { 'Content-Type': 'text/plain' }, 'webhook.headers.Content-Type'],
  ['webhook.headers', { 'bad name': 'x' }, 'webhook.headers["bad name"]'],
  ['webhook.headers', { 'X-A': 'a\r\nX-Injected: 1' }, 'webhook.headers.X-A'],
  ['webhook.headers', { 'X-A': 5 }, 'webhook.headers.X-A'],
  ['webhook.headers', { 'X-A': '1', 'x-a': '2' }, 'webhook.headers.x-a'],
  ['webhook.headers', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v'])), 'webhook.headers'],
  ['webhook.timeout_seconds', 0],
  ['webhook.timeout_seconds', 61],
  ['webhook.max_retries', 6],
  ['webhook.max_retries', 1.5],
  ['webhook.max_retries', -1],
  // metadata
  ['metadata.user_reference', 'r'.repeat(257)],
  ['metadata.user_reference', 'null\u0000byte'],
  ['metadata.tags', Array.from({ length: 51 }, (_, i) => `t${i}`)],
  ['metadata.tags', ['ok', ''], 'metadata.tags[1]'],
  ['metadata.tags', ['t'.repeat(65)], 'metadata.tags[0]'],
  ['metadata.priority', 'critical'],
  ['metadata.priority', null],
  ['metadata.retention_hours', 0],
  ['metadata.retention_hours', 169],
  ['metadata.retention_hours', 1.5],
  // cross-field rules (400, reported with the rest)
  [`${VIDEO}.end_time_ms`, 4001],
  [`${VIDEO}.start_time_ms`, 4000, `${VIDEO}.end_time_ms`],
  [`${AUDIO}.properties.fade_out_ms`, 3501],
  [`${OUT}.codec`, 'vp9'],
  [`${TL}.tracks[1].id`, 'background'],
];

describe('validateCreateTaskBody: one bad value per rule', () => {
  it.each(BAD_VALUES.map(([path, value, field]) => [field ?? path, path, value] as const))('reports %s (set %s to %p)', (field, path, value) => {
    const issues = issuesOf(setAt(fullTaskBody(), path, value));
    expect(issues).toEqual([expect.objectContaining({ field })]);
    expect(typeof issues[0].issue).toBe('string');
    expect(issues[0].issue.length).toBeGreaterThan(5);
  });

  it("never echoes a URL's password back", () => {
    const [issue] = issuesOf(setAt(fullTaskBody(), `${VIDEO}.media_url`, 'https://user:hunter2@media.example.com/a.mp4'));
    expect(issue.provided_value).toBe('https://[credentials removed]@media.example.com/a.mp4');
  });

  it('has at least 60 rows', () => {
    expect(BAD_VALUES.length).toBeGreaterThanOrEqual(60);
  });
});

describe('validateCreateTaskBody: reports', () => {
  it('every problem at once, in body order', () => {
    const body = fullTaskBody();
    setAt(body, `${VIDEO}.properties.opacity`, 3);
    setAt(body, `${AUDIO}.properties.volume`, 11);
    setAt(body, `${SUB}.properties.color`, 'red');
    setAt(body, `${OUT}.format`, 'avi');
    setAt(body, 'webhook.url', 'http://x.example.com');
    setAt(body, 'metadata.priority', 'now');
    setAt(body, `${TL}.tracks[0].clips[0].end_time_ms`, 9000);
    const error = rejection(body);
    expect(error.message).toBe('The request body is invalid: 7 problems');
    expect((error.options.details as ValidationIssue[]).map((i) => i.field)).toEqual([
      `${VIDEO}.properties.opacity`,
      `${AUDIO}.properties.volume`,
      `${SUB}.properties.color`,
      `${OUT}.format`,
      'webhook.url',
      'metadata.priority',
      `${TL}.tracks[0].clips[0].end_time_ms`,
    ]);
  });

  it('the issue sentence and the provided value', () => {
    const [opacity] = issuesOf(setAt(fullTaskBody(), `${VIDEO}.properties.opacity`, 1.5));
    expect(opacity).toEqual({ field: `${VIDEO}.properties.opacity`, issue: 'must be a number from 0 to 1', provided_value: 1.5 });
    const [missing] = issuesOf(setAt(minimalTaskBody(), 'webhook.url', ABSENT));
    expect(missing).toEqual({ field: 'webhook.url', issue: 'is required', provided_value: null });
    const [unknown] = issuesOf(minimalTaskBody({ priority: 'high' }));
    expect(unknown).toEqual({ field: 'priority', issue: 'is not an accepted field', provided_value: 'high' });
  });

  it('unknown fields at every level, all in one answer', () => {
    const body = fullTaskBody();
    const paths = [
      'extra',
      'input.extra',
      `${TL}.extra`,
      `${TL}.tracks[0].extra`,
      `${TL}.tracks[0].clips[0].extra`,
      `${VIDEO}.properties.extra`,
      `${VIDEO}.properties.scale.extra`,
      `${VIDEO}.properties.position.extra`,
      `${AUDIO}.properties.extra`,
      `${SUB}.properties.extra`,
      `${SUB}.properties.text_wrapping.extra`,
      `${SUB}.properties.outline.extra`,
      `${SUB}.properties.shadow.extra`,
      `${SUB}.properties.position.extra`,
      `${OUT}.extra`,
      `${OUT}.resolution.extra`,
      'webhook.extra',
      'metadata.extra',
    ];
    for (const path of paths) setAt(body, path, 1);
    const issues = issuesOf(body);
    expect(issues.map((i) => i.field).sort()).toEqual([...paths].sort());
    expect(new Set(issues.map((i) => i.issue))).toEqual(new Set(['is not an accepted field']));
  });

  it('a body that is not a JSON object at the root path ""', () => {
    for (const body of [null, undefined, [], 'text', 42, true]) {
      expect(issuesOf(body)).toEqual([{ field: '', issue: 'must be a JSON object', provided_value: body === undefined ? null : body }]);
    }
  });

  it('an empty object: each required top-level field', () => {
    expect(issuesOf({}).map((i) => i.field)).toEqual(['input', 'webhook']);
  });

  it('prototype-poisoning keys as unknown fields, without touching prototypes', () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"x": 1}}') as JsonBody;
    Object.assign(body, minimalTaskBody());
    setAt(
      body,
      'input.timeline.tracks[0].clips[0]',
      JSON.parse('{"id":"c","media_url":"https://m.example.com/a.mp4","start_time_ms":0,"end_time_ms":1,"prototype":1}'),
    );
    expect(issuesOf(body).map((i) => i.field)).toEqual(['__proto__', 'constructor', 'input.timeline.tracks[0].clips[0].prototype']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('absurdly deep nesting without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const issues = issuesOf(minimalTaskBody({ metadata: { tags: deep } }));
    expect(issues.map((i) => i.field)).toEqual([expect.stringMatching(/^metadata\.tags(\[0\])+$/), 'metadata.tags[0]']);
  });

  it('an object wider than any valid one as one problem, before the validator walks its fields', () => {
    const wide = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    expect(issuesOf(minimalTaskBody({ metadata: wide }))).toEqual([
      { field: 'metadata', issue: 'has 10000 fields; an object may have at most 256', provided_value: null },
    ]);
    const widest = Object.fromEntries(Array.from({ length: 256 }, (_, i) => [`k${i}`, i]));
    expect(issuesOf(minimalTaskBody({ metadata: widest }))[0]).toEqual({ field: 'metadata.k0', issue: 'is not an accepted field', provided_value: 0 });
  });

  it('a whole body nested thousands of levels deep, answered 400 and not a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i += 1) deep = [deep];
    const issues = issuesOf(deep);
    expect(issues).toEqual([{ field: '', issue: 'must be a JSON object', provided_value: '(an array of 1 items)' }]);
  });

  it('at most 50 problems listed, the message counting them all', () => {
    const body = minimalTaskBody({ metadata: Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, { nested: i }])) });
    let error: unknown;
    try {
      validateCreateTaskBody(body);
    } catch (e) {
      error = e;
    }
    expect((error as ApiError).options.details).toHaveLength(50);
    expect((error as ApiError).message).toMatch(/: \d+ problems; the first 50 are listed$/);
  });

  it('long provided values cut short', () => {
    const [issue] = issuesOf(setAt(fullTaskBody(), 'request_id', 'x'.repeat(5000)));
    expect(issue.provided_value).toBe(`${'x'.repeat(256)}… (5000 characters)`);
  });

  it('only the shape of clip properties when the track type is itself invalid', () => {
    const body = setAt(fullTaskBody(), `${TL}.tracks[2].type`, 'music');
    expect(issuesOf(body).map((i) => i.field)).toEqual([`${TL}.tracks[2].type`]);
  });

  it('unknown fonts as 400 INVALID_FONT listing the keys and aliases', () => {
    const error = rejection(setAt(fullTaskBody(), `${SUB}.properties.font_family`, 'comic-sans'));
    expect(error.code).toBe('INVALID_FONT');
    expect(error.status).toBe(400);
    expect(error.message).toContain('liberation-sans-bold-italic');
    expect(error.message).toContain('sourcehan-sans-tc-light');
    expect(error.message).toContain('chinese-tc-serif (= noto-serif-tc)');
    expect(error.options.details).toEqual([{ field: `${SUB}.properties.font_family`, issue: 'is not a font key or alias', provided_value: 'comic-sans' }]);
  });

  it.each([
    ['empty', ''],
    ['longer than any key', 'x'.repeat(300)],
    ['with a control character', 'liberation-sans\n'],
  ])('any other string, %s, as INVALID_FONT too (spec v3: "any other value gives INVALID_FONT"), its echo cut', (_name, family) => {
    const error = rejection(setAt(fullTaskBody(), `${SUB}.properties.font_family`, family));
    expect(error.code).toBe('INVALID_FONT');
    expect(error.options.details).toEqual([
      { field: `${SUB}.properties.font_family`, issue: 'is not a font key or alias', provided_value: providedValue(family) },
    ]);
    expect(String((error.options.details as ValidationIssue[])[0].provided_value).length).toBeLessThan(300);
  });

  it('VALIDATION_ERROR before INVALID_FONT when both apply', () => {
    const body = setAt(fullTaskBody(), `${SUB}.properties.font_family`, 'comic-sans');
    setAt(body, `${SUB}.properties.color`, 'red');
    expect(issuesOf(body).map((i) => i.field)).toEqual([`${SUB}.properties.color`]);
  });
});

describe('validateCreateTaskBody: accepts', () => {
  it('the minimal body, returned as plain JSON equal to the input', () => {
    const result = validateCreateTaskBody(minimalTaskBody());
    expect(result).toStrictEqual(minimalTaskBody());
    expect(Object.getPrototypeOf(result.input.timeline.tracks[0].clips[0])).toBe(Object.prototype);
  });

  it('the full body with every field, unchanged', () => {
    expect(validateCreateTaskBody(fullTaskBody())).toStrictEqual(fullTaskBody());
  });

  it.each([
    ['font key', `${SUB}.properties.font_family`, 'noto-serif-tc-light'],
    ['font alias', `${SUB}.properties.font_family`, 'courier'],
    ['language auto', `${SUB}.properties.text_wrapping.language`, 'auto'],
    ['language with region', `${SUB}.properties.text_wrapping.language`, 'pt-BR'],
    ['plus-lighter', `${VIDEO}.properties.blend_mode`, 'plus-lighter'],
    ['negative rotation', `${VIDEO}.properties.rotation`, -720],
    ['fractional framerate', `${OUT}.framerate`, 29.97],
    ['webm with vp8', `${OUT}`, { resolution: { width: 320, height: 180 }, format: 'webm', codec: 'vp8' }],
    ['mov with prores', `${OUT}`, { resolution: { width: 320, height: 180 }, format: 'mov', codec: 'prores' }],
    ['no events', 'webhook.events', []],
    ['empty user_reference', 'metadata.user_reference', ''],
    ['a clip ending at the timeline end', `${VIDEO}.end_time_ms`, 4000],
    ['fades filling the clip', `${AUDIO}.properties`, { fade_in_ms: 2000, fade_out_ms: 2000 }],
    ['an empty track', `${TL}.tracks[0].clips`, []],
    ['a lower-case custom header', 'webhook.headers', { authorization: 'Bearer abc', 'x-trace': 'a b\tc' }],
  ])('%s', (_label, path, value) => {
    expect(() => validateCreateTaskBody(setAt(fullTaskBody(), path, value))).not.toThrow();
  });

  it('media and webhook URLs from the fixture parameters', () => {
    const body = fullTaskBody({ mediaBase: 'http://127.0.0.1:4100', webhookUrl: 'https://127.0.0.1:4200/hook' });
    const result = validateCreateTaskBody(body);
    expect(result.input.timeline.tracks[3].clips[0].media_url).toBe('http://127.0.0.1:4100/captions.srt');
    expect(result.webhook.url).toBe('https://127.0.0.1:4200/hook');
  });
});

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

/** The body of a validated input, as a client would send it. */
const bodyOf = (task: CreateTaskInput): unknown => JSON.parse(JSON.stringify(task));
const complexity = (task: CreateTaskInput, limits = LIMITS) => failure(() => checkCreateBody(bodyOf(task), limits, SCREEN));
const modelLimits = (task: CreateTaskInput) => failure(() => refuseOverModelLimits(task));

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

describe('checkCreateBody: complexity (422 TIMELINE_TOO_COMPLEX)', () => {
  it('passes the full fixture and the exact limits', () => {
    expect(() => checkCreateBody(fullTaskBody(), LIMITS, SCREEN)).not.toThrow();
    expect(() => checkCreateBody(bodyOf(withClips([200, 200, 100])), LIMITS, SCREEN)).not.toThrow();
    expect(() => checkCreateBody(bodyOf(withClips(Array.from({ length: 50 }, () => 1))), LIMITS, SCREEN)).not.toThrow();
  });

  it('too many tracks', () => {
    const error = complexity(withClips(Array.from({ length: 51 }, () => 1)));
    expect(error.code).toBe('TIMELINE_TOO_COMPLEX');
    expect(error.status).toBe(422);
    expect(error.options.details).toEqual([{ limit: 'max_tracks', allowed: 50, provided: 51 }]);
  });

  it('too many clips in one track, naming the track', () => {
    expect(complexity(withClips([1, 201])).options.details).toEqual([
      { limit: 'max_clips_per_track', allowed: 200, provided: 201, field: 'input.timeline.tracks[1].clips' },
    ]);
  });

  it('too many clips in all', () => {
    expect(complexity(withClips([200, 200, 101])).options.details).toEqual([{ limit: 'max_clips', allowed: 500, provided: 501 }]);
  });

  it('reads the configured limits', () => {
    const error = complexity(withClips([3, 3]), { maxTracks: 1, maxClipsPerTrack: 2, maxClips: 5 });
    expect((error.options.details as Array<{ limit: string }>).map((d) => d.limit)).toEqual([
      'max_tracks',
      'max_clips',
      'max_clips_per_track',
      'max_clips_per_track',
    ]);
    expect(error.message).toContain('max_tracks (allowed 1, got 2)');
  });

  it('lists 50 exceeded limits at most, the totals first, and says how many tracks were left out', () => {
    const body = { input: { timeline: { tracks: Array.from({ length: 60 }, () => ({ clips: [0, 0] })) } } };
    const { code, message, options } = failure(() => checkCreateBody(body, { maxTracks: 2, maxClipsPerTrack: 1, maxClips: 100 }, SCREEN));
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
    expect(complexity(task).code).toBe('TIMELINE_TOO_COMPLEX');
  });
});

describe('refuseOverModelLimits (422 MODEL_LIMIT_EXCEEDED)', () => {
  it.each([
    ['standard at its largest', { resolution: { width: 4096, height: 2160 } }, undefined],
    ['standard portrait 4K', { resolution: { width: 2160, height: 3840 } }, undefined],
    ['premium 8K', { resolution: { width: 7680, height: 4320 } }, 'premium'],
    ['premium portrait 8K', { resolution: { width: 4320, height: 7680 } }, 'premium'],
    ['premium prores', { format: 'prores' as const }, 'premium'],
    ['premium mov with prores codec', { format: 'mov' as const, codec: 'prores' as const }, 'premium'],
  ])('accepts %s', (_label, output, model) => {
    expect(() => refuseOverModelLimits(input({ output, model }))).not.toThrow();
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
    const error = modelLimits(input({ output, model }));
    expect(error.code).toBe('MODEL_LIMIT_EXCEEDED');
    expect(error.status).toBe(422);
    expect(error.options.details).toEqual([expect.objectContaining({ limit, model: model ?? 'standard' })]);
  });

  it('names the limit with allowed and provided values', () => {
    const error = modelLimits(input({ output: { resolution: { width: 4098, height: 2160 } } }));
    expect(error.options.details).toEqual([
      { limit: 'max_resolution', model: 'standard', allowed: { width: 4096, height: 2160 }, provided: { width: 4098, height: 2160 } },
    ]);
    expect(error.message).toContain('max_resolution');
  });

  it('duration: 3600 s fits standard, one millisecond more does not; premium takes 7200 s', () => {
    expect(() => refuseOverModelLimits(input({ duration_ms: 3_600_000 }))).not.toThrow();
    expect(modelLimits(input({ duration_ms: 3_600_001 })).options.details).toEqual([
      { limit: 'max_duration_seconds', model: 'standard', allowed: 3600, provided: 3600.001 },
    ]);
    expect(() => refuseOverModelLimits(input({ duration_ms: 7_200_000, model: 'premium' }))).not.toThrow();
    expect(modelLimits(input({ duration_ms: 7_200_001, model: 'premium' })).code).toBe('MODEL_LIMIT_EXCEEDED');
  });

  it('lists every exceeded limit at once', () => {
    const task = input({ output: { resolution: { width: 7680, height: 4320 }, format: 'prores' }, duration_ms: 4_000_000 });
    expect((modelLimits(task).options.details as Array<{ limit: string }>).map((d) => d.limit)).toEqual([
      'max_resolution',
      'max_duration_seconds',
      'supported_formats',
    ]);
  });
});

describe('validateCreateTaskBody: credentials', () => {
  it('never echoes a refused webhook secret or header value', () => {
    const body = minimalTaskBody() as { webhook: Record<string, unknown> };
    body.webhook.secret = 'whsec_not*base64*hunter2';
    body.webhook.headers = { Authorization: 'Bearer tok_live_123\r\nX-Injected: 1', 'bad name': 'tok_live_456' };
    const error = rejection(body);
    expect((error.options.details as ValidationIssue[]).map((detail) => detail.field)).toEqual([
      'webhook.secret',
      'webhook.headers.Authorization',
      'webhook.headers["bad name"]',
    ]);
    expect(JSON.stringify(error.options)).not.toMatch(/hunter2|tok_live_/);
  });
});

describe('checkCreateBody', () => {
  it('refuses a loopback media URL in validation (400), naming the field', () => {
    const body = minimalTaskBody() as { input: { timeline: { tracks: Array<{ clips: Array<{ media_url: string }> }> } } };
    body.input.timeline.tracks[0].clips[0].media_url = 'http://127.0.0.1/a.mp4';
    expect(() => checkCreateBody(body, LIMITS, SCREEN)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        options: expect.objectContaining({ details: [expect.objectContaining({ field: 'input.timeline.tracks[0].clips[0].media_url' })] }),
      }),
    );
  });

  it('validates (400) and checks the limits (422) it is given', () => {
    expect(() => checkCreateBody({}, LIMITS, SCREEN)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => checkCreateBody(fullTaskBody(), { maxTracks: 50, maxClipsPerTrack: 10, maxClips: 10 }, SCREEN)).not.toThrow();
    expect(() => checkCreateBody(fullTaskBody(), { ...LIMITS, maxTracks: 1 }, SCREEN)).toThrow(expect.objectContaining({ code: 'TIMELINE_TOO_COMPLEX' }));
  });

  it('refuses too many tracks or clips from the raw body, before validating a single clip', () => {
    const body = minimalTaskBody() as { input: { timeline: { tracks: Array<{ clips: unknown[] }> } } };
    // Clips that are not even objects: validation would list 10 000 problems; the size is refused first.
    body.input.timeline.tracks[0].clips = Array.from({ length: 10_000 }, () => 'not a clip');
    const error = failure(() => checkCreateBody(body, LIMITS, SCREEN));
    expect(error).toMatchObject({ code: 'TIMELINE_TOO_COMPLEX' });
    expect(error.options.details).toEqual([
      { limit: 'max_clips', allowed: 500, provided: 10_000 },
      { limit: 'max_clips_per_track', allowed: 200, provided: 10_000, field: 'input.timeline.tracks[0].clips' },
    ]);
  });
});
