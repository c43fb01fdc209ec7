import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extendedTaskBody, fullTaskBody } from '../../../test/fixtures/task-bodies';
import { ABSENT, failure, issuesOf, rejection, setAt } from '../../../test/support/body-checks';
import { SsrfGuard } from '../../network/ssrf-guard';
import { checkCreateBody, screenTaskUrls, validateCreateTaskBody } from '../create-pipeline';

/** spec/extensions.md §1–3 at the edge: keyframes, transitions and text clips (extendedTaskBody). */

const TL = 'input.timeline';
/** A video clip from 1000 to 4000 ms: 3000 ms long. */
const VIDEO = `${TL}.tracks[0].clips[0]`;
const AUDIO = `${TL}.tracks[1].clips[0]`;
/** A text clip from 0 to 3000 ms. */
const TEXT = `${TL}.tracks[2].clips[0]`;
const SUB = `${TL}.tracks[3].clips[0]`;

const keyframes = (count: number) => ({ keyframes: Array.from({ length: count }, (_, i) => ({ time_ms: i * 10, value: 1 })) });
const EASING_LIST = 'must be one of: linear, ease-in, ease-out, ease-in-out, hold';
const TRANSITION_LIST = 'must be one of: fade, wipe-right, wipe-left, wipe-down, wipe-up, slide-right, slide-left, slide-down, slide-up, zoom';
const TEXT_RULE = 'must be a string of 1 to 500 characters (Unicode code points); \\n breaks a line, other control characters are refused';
const NOT_ACCEPTED = 'is not an accepted field';

/** [path to set, bad value, the one issue expected: field (default: the path), sentence, provided_value (default: the value)]. */
const BAD_VALUES: Array<[string, unknown, { field?: string; issue: string; provided?: unknown }]> = [
  // keyframes: the track
  [`${VIDEO}.properties.opacity`, '1', { issue: 'must be a number from 0 to 1, or an object { "keyframes": [...] }' }],
  [`${VIDEO}.properties.opacity`, 1.5, { issue: 'must be a number from 0 to 1' }],
  [`${VIDEO}.properties.opacity`, {}, { field: `${VIDEO}.properties.opacity.keyframes`, issue: 'is required', provided: null }],
  [`${VIDEO}.properties.opacity.keyframes`, [], { issue: 'must be an array of 1 to 64 objects' }],
  [
    `${VIDEO}.properties.opacity`,
    keyframes(65),
    { field: `${VIDEO}.properties.opacity.keyframes`, issue: 'must be an array of 1 to 64 objects', provided: '(an array of 65 items)' },
  ],
  [`${VIDEO}.properties.opacity.keyframes`, 'fade', { issue: 'must be an array of 1 to 64 objects' }],
  [`${VIDEO}.properties.opacity.curve`, 'linear', { issue: NOT_ACCEPTED }],
  [`${VIDEO}.properties.scale`, 2, { issue: 'must be an object: the constant, or { "keyframes": [...] }' }],
  [
    `${VIDEO}.properties.scale`,
    { x: 1, keyframes: [{ time_ms: 0, value: { x: 1, y: 1 } }] },
    { field: `${VIDEO}.properties.scale.x`, issue: NOT_ACCEPTED, provided: 1 },
  ],
  [`${VIDEO}.properties.position`, { x: 1, y: 'top' }, { field: `${VIDEO}.properties.position.y`, issue: 'must be a finite number', provided: 'top' }],
  // keyframes: one keyframe
  [`${VIDEO}.properties.opacity.keyframes[1].value`, 1.5, { issue: 'must be a number from 0 to 1' }],
  [`${VIDEO}.properties.opacity.keyframes[1].value`, ABSENT, { issue: 'is required', provided: null }],
  [`${VIDEO}.properties.opacity.keyframes[0].time_ms`, -1, { issue: 'must be a whole number of at least 0' }],
  [`${VIDEO}.properties.opacity.keyframes[0].time_ms`, 2.5, { issue: 'must be a whole number of at least 0' }],
  [`${VIDEO}.properties.opacity.keyframes[0].time_ms`, ABSENT, { issue: 'is required', provided: null }],
  [`${VIDEO}.properties.opacity.keyframes[1].easing`, 'bounce', { issue: EASING_LIST }],
  [`${VIDEO}.properties.opacity.keyframes[1].easing`, null, { issue: EASING_LIST }],
  [`${VIDEO}.properties.opacity.keyframes[1].speed`, 2, { issue: NOT_ACCEPTED }],
  [`${VIDEO}.properties.opacity.keyframes[0]`, 0, { issue: 'must be an object' }],
  [`${VIDEO}.properties.scale.keyframes[0].value.x`, 0, { issue: 'must be a number greater than 0 and at most 100' }],
  [`${VIDEO}.properties.scale.keyframes[1].value.y`, 101, { issue: 'must be a number greater than 0 and at most 100' }],
  [`${VIDEO}.properties.scale.keyframes[1].value`, 2, { issue: 'must be an object' }],
  [`${VIDEO}.properties.position.keyframes[0].value.x`, 'left', { issue: 'must be a finite number' }],
  [`${VIDEO}.properties.position.keyframes[0].value.y`, ABSENT, { issue: 'is required', provided: null }],
  [`${VIDEO}.properties.rotation.keyframes[0].value`, '90deg', { issue: 'must be a finite number' }],
  [`${AUDIO}.properties.volume.keyframes[1].value`, 10.5, { issue: 'must be a number from 0 to 10' }],
  [`${AUDIO}.properties.volume.keyframes[1].value`, -1, { issue: 'must be a number from 0 to 10' }],
  [`${AUDIO}.properties.volume`, 11, { issue: 'must be a number from 0 to 10' }],
  // keyframes: times against each other and the clip (cross-field)
  [
    `${VIDEO}.properties.opacity.keyframes[1].time_ms`,
    0,
    { issue: "must be greater than the earlier keyframe's time_ms (0); keyframe times strictly increase" },
  ],
  [`${VIDEO}.properties.opacity.keyframes[1].time_ms`, 3001, { issue: 'must be at most the clip length (3000 ms)' }],
  [`${AUDIO}.properties.volume.keyframes[1].time_ms`, 4001, { issue: 'must be at most the clip length (4000 ms)' }],
  [`${TEXT}.properties.position.keyframes[1].time_ms`, 3001, { issue: 'must be at most the clip length (3000 ms)' }],
  [
    `${TEXT}.properties.rotation.keyframes[0].time_ms`,
    3000,
    {
      field: `${TEXT}.properties.rotation.keyframes[1].time_ms`,
      issue: "must be greater than the earlier keyframe's time_ms (3000); keyframe times strictly increase",
      provided: 3000,
    },
  ],
  // transitions
  [`${VIDEO}.properties.transition`, 'fade', { issue: 'must be an object' }],
  [`${VIDEO}.properties.transition.in.type`, 'dissolve', { issue: TRANSITION_LIST }],
  [`${VIDEO}.properties.transition.in.type`, ABSENT, { issue: 'is required', provided: null }],
  [`${VIDEO}.properties.transition.out.duration_ms`, 0, { issue: 'must be a whole number of at least 1' }],
  [`${VIDEO}.properties.transition.out.duration_ms`, 1.5, { issue: 'must be a whole number of at least 1' }],
  [`${VIDEO}.properties.transition.out.duration_ms`, '500', { issue: 'must be a whole number of at least 1' }],
  [`${VIDEO}.properties.transition.both`, { type: 'fade', duration_ms: 1 }, { issue: NOT_ACCEPTED }],
  [`${VIDEO}.properties.transition.in.easing`, 'linear', { issue: NOT_ACCEPTED }],
  [
    `${VIDEO}.properties.transition.out.duration_ms`,
    2501,
    { issue: 'in.duration_ms + out.duration_ms (500 + 2501 = 3001 ms) must be at most the clip length (3000 ms)' },
  ],
  [
    `${VIDEO}.properties.transition`,
    { in: { type: 'fade', duration_ms: 3001 } },
    { field: `${VIDEO}.properties.transition.in.duration_ms`, issue: 'in.duration_ms (3001 ms) must be at most the clip length (3000 ms)', provided: 3001 },
  ],
  [
    `${VIDEO}.properties.transition`,
    { out: { type: 'zoom', duration_ms: 3001 } },
    { field: `${VIDEO}.properties.transition.out.duration_ms`, issue: 'out.duration_ms (3001 ms) must be at most the clip length (3000 ms)', provided: 3001 },
  ],
  [
    `${TEXT}.properties.transition.out.duration_ms`,
    2601,
    { issue: 'in.duration_ms + out.duration_ms (400 + 2601 = 3001 ms) must be at most the clip length (3000 ms)' },
  ],
  [`${AUDIO}.properties.transition`, { in: { type: 'fade', duration_ms: 100 } }, { issue: NOT_ACCEPTED }],
  [`${SUB}.properties.transition`, { in: { type: 'fade', duration_ms: 100 } }, { issue: NOT_ACCEPTED }],
  // text clips: what they show
  [`${TEXT}.media_url`, 'https://media.example.com/title.png', { issue: 'must not be given on a text clip; use text' }],
  [`${TEXT}.text`, ABSENT, { issue: 'is required', provided: null }],
  [`${TEXT}.text`, '', { issue: TEXT_RULE }],
  [`${TEXT}.text`, 42, { issue: TEXT_RULE }],
  [`${TEXT}.text`, 'tab\there', { issue: TEXT_RULE }],
  [`${TEXT}.text`, 'carriage\r\nreturn', { issue: TEXT_RULE }],
  [`${TEXT}.text`, 'x'.repeat(501), { issue: TEXT_RULE, provided: `${'x'.repeat(256)}… (501 characters)` }],
  [`${TEXT}.text`, '🎉'.repeat(501), { issue: TEXT_RULE, provided: `${'🎉'.repeat(128)}… (1002 characters)` }],
  [`${VIDEO}.text`, 'hello', { issue: NOT_ACCEPTED }],
  [`${SUB}.text`, 'hello', { issue: NOT_ACCEPTED }],
  [`${AUDIO}.text`, 'hello', { issue: NOT_ACCEPTED }],
  // text clips: properties
  [`${TEXT}.properties.align`, 'justify', { issue: 'must be one of: left, center, right' }],
  [`${TEXT}.properties.background`, 'black', { issue: 'must be an object' }],
  [`${TEXT}.properties.background.color`, '#FFF', { issue: 'must be a hex colour of the form #RRGGBB' }],
  [`${TEXT}.properties.background.opacity`, 1.1, { issue: 'must be a number from 0 to 1' }],
  [`${TEXT}.properties.background.padding`, 201, { issue: 'must be a number from 0 to 200' }],
  [`${TEXT}.properties.background.padding`, -1, { issue: 'must be a number from 0 to 200' }],
  [`${TEXT}.properties.background.radius`, 200.5, { issue: 'must be a number from 0 to 200' }],
  [`${TEXT}.properties.background.blur`, 4, { issue: NOT_ACCEPTED }],
  [`${TEXT}.properties.opacity`, 2, { issue: 'must be a number from 0 to 1' }],
  [`${TEXT}.properties.scale.x`, 0, { issue: 'must be a number greater than 0 and at most 100' }],
  [`${TEXT}.properties.position.keyframes[0].value.x`, Infinity, { issue: 'must be a finite number' }],
  [`${TEXT}.properties.z_index`, '2', { issue: 'must be a finite number' }],
  [`${TEXT}.properties.font_size`, 401, { issue: 'must be a number from 8 to 400' }],
  [`${TEXT}.properties.color`, 'yellow', { issue: 'must be a hex colour of the form #RRGGBB' }],
  [`${TEXT}.properties.shadow.opacity`, 2, { issue: 'must be a number from 0 to 1' }],
  [`${TEXT}.properties.text_wrapping.strategy`, 'syllable', { issue: 'must be one of: word, character, none' }],
  [`${TEXT}.properties.fit`, 'cover', { issue: NOT_ACCEPTED }],
  [`${TEXT}.properties.blend_mode`, 'screen', { issue: NOT_ACCEPTED }],
  [`${TEXT}.properties.volume`, 1, { issue: NOT_ACCEPTED }],
  [`${SUB}.properties.align`, 'left', { issue: NOT_ACCEPTED }],
  [`${SUB}.properties.background`, {}, { issue: NOT_ACCEPTED }],
  [`${SUB}.properties.opacity`, 1, { issue: NOT_ACCEPTED }],
  // word-level captions
  [`${SUB}.properties.words`, 'highlight', { issue: 'must be an object' }],
  [
    `${SUB}.properties.words`,
    { style: 'karaoke' },
    { field: `${SUB}.properties.words.style`, issue: 'must be one of: highlight, reveal', provided: 'karaoke' },
  ],
  [
    `${SUB}.properties.words`,
    { highlight_color: '#FFD40' },
    { field: `${SUB}.properties.words.highlight_color`, issue: 'must be a hex colour of the form #RRGGBB', provided: '#FFD40' },
  ],
  [
    `${SUB}.properties.words`,
    { highlight_color: 'yellow' },
    { field: `${SUB}.properties.words.highlight_color`, issue: 'must be a hex colour of the form #RRGGBB', provided: 'yellow' },
  ],
  [`${SUB}.properties.words`, { scale: 0.99 }, { field: `${SUB}.properties.words.scale`, issue: 'must be a number from 1 to 1.5', provided: 0.99 }],
  [`${SUB}.properties.words`, { scale: 1.51 }, { field: `${SUB}.properties.words.scale`, issue: 'must be a number from 1 to 1.5', provided: 1.51 }],
  [`${SUB}.properties.words`, { scale: '1.2' }, { field: `${SUB}.properties.words.scale`, issue: 'must be a number from 1 to 1.5', provided: '1.2' }],
  [`${SUB}.properties.words`, { color: '#FFFFFF' }, { field: `${SUB}.properties.words.color`, issue: NOT_ACCEPTED, provided: '#FFFFFF' }],
  [`${TEXT}.properties.words`, {}, { issue: NOT_ACCEPTED }],
  [`${VIDEO}.properties.words`, {}, { issue: NOT_ACCEPTED }],
];

describe('extension fields: one bad value per rule', () => {
  it.each(BAD_VALUES.map(([path, value, expected]) => [expected.field ?? path, path, value, expected] as const))(
    'reports %s (set %s to %p)',
    (field, path, value, expected) => {
      expect(issuesOf(setAt(extendedTaskBody(), path, value))).toEqual([
        { field, issue: expected.issue, provided_value: 'provided' in expected ? expected.provided : value },
      ]);
    },
  );
});

describe('extension fields: accepts', () => {
  it('the body with every extension field, returned as plain JSON equal to the input', () => {
    const result = validateCreateTaskBody(extendedTaskBody());
    expect(result).toStrictEqual(extendedTaskBody());
    const opacity = (result.input.timeline.tracks[0].clips[0].properties as { opacity: object }).opacity;
    expect(Object.getPrototypeOf(opacity)).toBe(Object.prototype);
  });

  it('a v3 body, its constants unchanged', () => {
    const result = validateCreateTaskBody(fullTaskBody());
    expect(result).toStrictEqual(fullTaskBody());
    expect(result.input.timeline.tracks[1].clips[0].properties).toMatchObject({
      opacity: 0.9,
      scale: { x: 0.8, y: 0.8 },
      position: { x: 10, y: -10 },
      rotation: 5,
    });
    expect(result.input.timeline.tracks[2].clips[0].properties).toMatchObject({ volume: 0.8 });
  });

  it.each([
    ['64 keyframes', `${VIDEO}.properties.opacity`, keyframes(64)],
    ['one keyframe', `${AUDIO}.properties.volume`, { keyframes: [{ time_ms: 4000, value: 10 }] }],
    ['a keyframe at the clip end', `${VIDEO}.properties.opacity.keyframes[1].time_ms`, 3000],
    [
      'a keyframe of every easing',
      `${VIDEO}.properties.rotation`,
      { keyframes: ['linear', 'ease-in', 'ease-out', 'ease-in-out', 'hold'].map((easing, i) => ({ time_ms: i, value: -i, easing })) },
    ],
    ['constant video motion', `${VIDEO}.properties`, { opacity: 0, scale: { x: 100, y: 0.01 }, position: { x: -1e6, y: 0 }, rotation: -720 }],
    [
      'transitions filling the clip',
      `${VIDEO}.properties.transition`,
      { in: { type: 'slide-left', duration_ms: 1500 }, out: { type: 'wipe-up', duration_ms: 1500 } },
    ],
    ['an in transition alone', `${VIDEO}.properties.transition`, { in: { type: 'zoom', duration_ms: 3000 } }],
    ['an empty transition', `${TEXT}.properties.transition`, {}],
    ['500 characters', `${TEXT}.text`, 'x'.repeat(500)],
    ['500 code points of two UTF-16 units each', `${TEXT}.text`, '🎉'.repeat(500)],
    ['lines', `${TEXT}.text`, 'one\ntwo\n\nfour'],
    ['a text clip without properties', `${TEXT}.properties`, ABSENT],
    ['an empty background', `${TEXT}.properties.background`, {}],
    ['a background at its bounds', `${TEXT}.properties.background`, { color: '#ffffff', opacity: 0, padding: 200, radius: 200 }],
    ['an empty text track', `${TL}.tracks[2].clips`, []],
    ['word-level captions with their defaults', `${SUB}.properties.words`, {}],
    ['word-level captions at their bounds', `${SUB}.properties.words`, { style: 'reveal', highlight_color: '#00ff7f', scale: 1.5 }],
    ['word-level captions at scale 1', `${SUB}.properties.words`, { style: 'highlight', scale: 1 }],
  ])('%s', (_label, path, value) => {
    expect(() => validateCreateTaskBody(setAt(extendedTaskBody(), path, value))).not.toThrow();
  });
});

describe('extension fields: reports', () => {
  it('every problem of a keyframe track at once, each at its own path', () => {
    const body = setAt(extendedTaskBody(), `${VIDEO}.properties.opacity`, {
      keyframes: [{ time_ms: 0, value: 2 }, { time_ms: 800, value: 1, easing: 'snap' }, { time_ms: 400, value: 1 }, { value: 1 }],
    });
    expect(issuesOf(body).map((i) => i.field)).toEqual([
      `${VIDEO}.properties.opacity.keyframes[0].value`,
      `${VIDEO}.properties.opacity.keyframes[1].easing`,
      `${VIDEO}.properties.opacity.keyframes[3].time_ms`,
      `${VIDEO}.properties.opacity.keyframes[2].time_ms`,
    ]);
  });

  it('a keyframe out of order once: the next is judged against the last good time', () => {
    const body = setAt(
      extendedTaskBody(),
      `${VIDEO}.properties.opacity.keyframes`,
      [0, 500, 300, 400, 5000, 600].map((time_ms) => ({ time_ms, value: 1 })),
    );
    expect(issuesOf(body).map((i) => [i.field.replace(`${VIDEO}.properties.opacity.`, ''), i.issue])).toEqual([
      ['keyframes[2].time_ms', "must be greater than the earlier keyframe's time_ms (500); keyframe times strictly increase"],
      ['keyframes[3].time_ms', "must be greater than the earlier keyframe's time_ms (500); keyframe times strictly increase"],
      ['keyframes[4].time_ms', 'must be at most the clip length (3000 ms)'],
    ]);
  });

  it('keyframe times against the clip only when the clip times are valid', () => {
    const body = setAt(extendedTaskBody(), `${VIDEO}.start_time_ms`, 4000);
    setAt(body, `${VIDEO}.properties.opacity.keyframes[1].time_ms`, 9000);
    setAt(body, `${VIDEO}.properties.transition.out.duration_ms`, 9000);
    expect(issuesOf(body).map((i) => i.field)).toEqual([`${VIDEO}.end_time_ms`]);
  });

  it('only the type of a track whose type is invalid, whether its clips show text or media', () => {
    expect(issuesOf(setAt(extendedTaskBody(), `${TL}.tracks[2].type`, 'title')).map((i) => i.field)).toEqual([`${TL}.tracks[2].type`]);
    expect(issuesOf(setAt(extendedTaskBody(), `${TL}.tracks[0].type`, 'clip')).map((i) => i.field)).toEqual([`${TL}.tracks[0].type`]);
  });

  it('text clips on a video track as clips without media_url', () => {
    const body = setAt(extendedTaskBody(), `${TL}.tracks[2].type`, 'video');
    const fields = issuesOf(body).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining([`${TL}.tracks[2].clips[0].media_url`, `${TL}.tracks[2].clips[0].text`, `${TL}.tracks[2].clips[1].text`]));
    expect(fields).toContain(`${TEXT}.properties.align`);
  });

  it('a subtitle position as the v3 constant, which takes no keyframes', () => {
    const body = setAt(extendedTaskBody(), `${SUB}.properties.position`, { keyframes: [{ time_ms: 0, value: { x: 0, y: 0 } }] });
    expect(issuesOf(body).map((i) => [i.field, i.issue])).toEqual([
      [`${SUB}.properties.position.keyframes`, NOT_ACCEPTED],
      [`${SUB}.properties.position.x`, 'is required'],
      [`${SUB}.properties.position.y`, 'is required'],
    ]);
  });

  it("an unknown text clip font as INVALID_FONT, like a subtitle clip's", () => {
    const error = rejection(setAt(extendedTaskBody(), `${TEXT}.properties.font_family`, 'comic-sans'));
    expect([error.code, error.status]).toEqual(['INVALID_FONT', 400]);
    expect(error.options.details).toEqual([{ field: `${TEXT}.properties.font_family`, issue: 'is not a font key or alias', provided_value: 'comic-sans' }]);
  });
});

describe('extension fields: the later stages of a create', () => {
  const limits = { maxTracks: 50, maxClipsPerTrack: 200, maxClips: 500 };

  it('counts text clips against the complexity limits like any clip', () => {
    const error = failure(() =>
      checkCreateBody(
        extendedTaskBody(),
        { ...limits, maxClipsPerTrack: 1 },
        screenWith(() => null),
      ),
    );
    expect(error.code).toBe('TIMELINE_TOO_COMPLEX');
    expect(error.options.details).toEqual([{ limit: 'max_clips_per_track', allowed: 1, provided: 2, field: `${TL}.tracks[2].clips` }]);
  });

  it('screens the media URLs and passes text clips by, which have none', () => {
    const looked: unknown[] = [];
    const body = setAt(extendedTaskBody(), `${VIDEO}.media_url`, 'http://127.0.0.1/clip.mp4');
    const issues = screenTaskUrls(
      validateCreateTaskBody(body),
      screenWith((url) => (looked.push(url), null)),
    );
    expect(issues.map((i) => i.field)).toEqual([`${VIDEO}.media_url`]);
    expect(looked).toEqual(['http://127.0.0.1/clip.mp4', 'https://media.example.com/music.mp3', 'https://media.example.com/captions.srt']);
  });

  it('admits the extended body through every stage before admission', () => {
    expect(() =>
      checkCreateBody(
        extendedTaskBody(),
        limits,
        screenWith(() => null),
      ),
    ).not.toThrow();
  });
});

function screenWith(sampleFileFor: (url: string) => string | null) {
  return { guard: new SsrfGuard([]), samples: { sampleFileFor } };
}

describe.each([
  ['extensions.md', 5],
  ['subtitles.md', 1],
])('docs/%s', (page, count) => {
  // §6 of extensions.md (templates and batches) shows other bodies; src/templates/docs-examples.spec.ts checks them.
  const text = readFileSync(join(__dirname, '..', '..', '..', 'docs', page), 'utf8').split('\n## 6. Templates and batches')[0];
  const bodies = [...text.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => JSON.parse(match[1]) as unknown);

  it('has its complete create bodies (one per feature), each accepted as pasted', () => {
    expect(bodies).toHaveLength(count);
    for (const body of bodies) expect(() => validateCreateTaskBody(body)).not.toThrow();
  });
});
