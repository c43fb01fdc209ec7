import { soundTaskBody as soundBody } from '../../../test/fixtures/task-bodies';
import { ABSENT, issuesOf, setAt } from '../../../test/support/body-checks';
import { resolveOutput, validateCreateTaskBody } from '../create-pipeline';

/** spec/extensions.md §5 at the edge: `output.audio.loudness` and `ducking` on audio and video clips. */

const TL = 'input.timeline';
const VIDEO = `${TL}.tracks[0].clips[0]`;
/** The music bed (track `music`), ducking under the `voice` track. */
const MUSIC = `${TL}.tracks[1].clips[0]`;
const TEXT = `${TL}.tracks[2].clips[0]`;
const SUB = `${TL}.tracks[3].clips[0]`;
const DUCKING = `${MUSIC}.properties.ducking`;
const LOUDNESS = 'input.output.audio.loudness';
const NOT_ACCEPTED = 'is not an accepted field';

const TRACK_ID = 'must be a string of 1 to 128 characters without control characters';
const SOUND_TRACK = 'must be the id of an audio or video track of the timeline';

/** [path to set, bad value, the one issue expected: field (default: the path), sentence, provided_value (default: the value)]. */
const BAD_VALUES: Array<[string, unknown, { field?: string; issue: string; provided?: unknown }]> = [
  // loudness
  ['input.output.audio', 'loud', { issue: 'must be an object' }],
  ['input.output.audio.volume', 1, { issue: NOT_ACCEPTED }],
  [LOUDNESS, -14, { issue: 'must be an object' }],
  [`${LOUDNESS}.target_lufs`, ABSENT, { issue: 'is required', provided: null }],
  [`${LOUDNESS}.target_lufs`, -36.1, { issue: 'must be a number from -36 to -8' }],
  [`${LOUDNESS}.target_lufs`, -7.9, { issue: 'must be a number from -36 to -8' }],
  [`${LOUDNESS}.target_lufs`, '-14', { issue: 'must be a number from -36 to -8' }],
  [`${LOUDNESS}.true_peak_db`, -9.5, { issue: 'must be a number from -9 to 0' }],
  [`${LOUDNESS}.true_peak_db`, 0.1, { issue: 'must be a number from -9 to 0' }],
  [`${LOUDNESS}.true_peak_db`, null, { issue: 'must be a number from -9 to 0' }],
  [`${LOUDNESS}.range_lu`, 7, { issue: NOT_ACCEPTED }],
  // ducking: the object and its numbers
  [DUCKING, ['voice'], { issue: 'must be an object' }],
  [`${DUCKING}.amount_db`, 0.5, { issue: 'must be a number from 1 to 40' }],
  [`${DUCKING}.amount_db`, 40.5, { issue: 'must be a number from 1 to 40' }],
  [`${DUCKING}.attack_ms`, -1, { issue: 'must be a whole number from 0 to 2000' }],
  [`${DUCKING}.attack_ms`, 2001, { issue: 'must be a whole number from 0 to 2000' }],
  [`${DUCKING}.attack_ms`, 12.5, { issue: 'must be a whole number from 0 to 2000' }],
  [`${DUCKING}.release_ms`, 5001, { issue: 'must be a whole number from 0 to 5000' }],
  [`${DUCKING}.release_ms`, -1, { issue: 'must be a whole number from 0 to 5000' }],
  [`${DUCKING}.threshold_db`, -45, { issue: NOT_ACCEPTED }],
  // ducking: the tracks it listens to
  [`${DUCKING}.under`, ABSENT, { issue: 'is required', provided: null }],
  [`${DUCKING}.under`, [], { issue: 'must be an array of 1 to 50 track ids' }],
  [`${DUCKING}.under`, 'voice', { issue: 'must be an array of 1 to 50 track ids' }],
  [`${DUCKING}.under`, ['voice', 'voice'], { field: `${DUCKING}.under[1]`, issue: 'repeats an earlier value', provided: 'voice' }],
  [`${DUCKING}.under`, ['voice', 7], { field: `${DUCKING}.under[1]`, issue: TRACK_ID, provided: 7 }],
  [`${DUCKING}.under`, [''], { field: `${DUCKING}.under[0]`, issue: TRACK_ID, provided: '' }],
  [`${DUCKING}.under`, ['voice', 'narrator'], { field: `${DUCKING}.under[1]`, issue: SOUND_TRACK, provided: 'narrator' }],
  [`${DUCKING}.under`, ['titles'], { field: `${DUCKING}.under[0]`, issue: SOUND_TRACK, provided: 'titles' }],
  [`${DUCKING}.under`, ['captions'], { field: `${DUCKING}.under[0]`, issue: SOUND_TRACK, provided: 'captions' }],
  [`${DUCKING}.under`, ['music'], { field: `${DUCKING}.under[0]`, issue: "must not be the clip's own track", provided: 'music' }],
  [
    `${VIDEO}.properties.ducking`,
    { under: ['main'] },
    { field: `${VIDEO}.properties.ducking.under[0]`, issue: "must not be the clip's own track", provided: 'main' },
  ],
  [
    `${VIDEO}.properties.ducking`,
    { under: ['voice'], amount_db: 41 },
    { field: `${VIDEO}.properties.ducking.amount_db`, issue: 'must be a number from 1 to 40', provided: 41 },
  ],
  // ducking: only where a clip sounds
  [`${TEXT}.properties.ducking`, { under: ['voice'] }, { issue: NOT_ACCEPTED }],
  [`${SUB}.properties.ducking`, { under: ['voice'] }, { issue: NOT_ACCEPTED }],
];

describe('sound fields: one bad value per rule', () => {
  it.each(BAD_VALUES.map(([path, value, expected]) => [expected.field ?? path, path, value, expected] as const))(
    'reports %s (set %s to %p)',
    (field, path, value, expected) => {
      expect(issuesOf(setAt(soundBody(), path, value))).toEqual([
        { field, issue: expected.issue, provided_value: 'provided' in expected ? expected.provided : value },
      ]);
    },
  );
});

describe('sound fields: accepts', () => {
  it('the body with loudness and ducking, returned as plain JSON equal to the input', () => {
    expect(validateCreateTaskBody(soundBody())).toStrictEqual(soundBody());
  });

  it.each([
    ['ducking with defaults', DUCKING, { under: ['voice'] }],
    ['ducking at its lower bounds', DUCKING, { under: ['voice'], amount_db: 1, attack_ms: 0, release_ms: 0 }],
    ['ducking at its upper bounds', DUCKING, { under: ['voice'], amount_db: 40, attack_ms: 2000, release_ms: 5000 }],
    ['ducking under a video track', DUCKING, { under: ['main', 'voice'] }],
    ['a video clip ducking under audio', `${VIDEO}.properties.ducking`, { under: ['voice', 'music'], amount_db: 6.5 }],
    ['loudness at its lower bounds', LOUDNESS, { target_lufs: -36, true_peak_db: -9 }],
    ['loudness at its upper bounds', LOUDNESS, { target_lufs: -8, true_peak_db: 0 }],
    ['loudness without a true peak', LOUDNESS, { target_lufs: -23 }],
    ['an empty output.audio', 'input.output.audio', {}],
  ])('%s', (_label, path, value) => {
    expect(() => validateCreateTaskBody(setAt(soundBody(), path, value))).not.toThrow();
  });

  it('resolves loudness with the default true peak of -1 dBTP, and none when absent', () => {
    const body = setAt(soundBody(), LOUDNESS, { target_lufs: -23 });
    expect(resolveOutput(validateCreateTaskBody(body).input.output).loudness).toEqual({ targetLufs: -23, truePeakDb: -1 });
    const given = resolveOutput(validateCreateTaskBody(soundBody()).input.output).loudness;
    expect(given).toEqual({ targetLufs: -14, truePeakDb: -1 });
    const without = resolveOutput(validateCreateTaskBody(setAt(soundBody(), 'input.output.audio', ABSENT)).input.output);
    expect(without).not.toHaveProperty('loudness');
  });

  it('every listed id that names no sounding track, each at its own index', () => {
    const issues = issuesOf(setAt(soundBody(), `${DUCKING}.under`, ['ghost', 'voice', 'titles', 'music']));
    expect(issues.map((i) => [i.field, i.issue])).toEqual([
      [`${DUCKING}.under[0]`, SOUND_TRACK],
      [`${DUCKING}.under[2]`, SOUND_TRACK],
      [`${DUCKING}.under[3]`, "must not be the clip's own track"],
    ]);
  });
});
