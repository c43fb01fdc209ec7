import { soundTaskBody } from '../../../test/fixtures/task-bodies';
import { audioLayer, visualLayer } from '../../../test/support/plan-layers';
import type { TimelineInput } from '../../task-input/task-input.types';
import { applyDucking, duckingClips, duckingFactorAt, duckingTrack, trackIdsOfLayers, type DuckingShape } from './ducking';
import { trackValueAt } from './motion';
import type { PlanKeyframe, RenderPlan } from './render-plan.types';

/** Flags from a picture: `#` sounds, `.` does not, one character per frame. */
const flags = (picture: string): boolean[] => [...picture].map((c) => c === '#');
const at = (track: PlanKeyframe<number>[] | null, frame: number): number => (track === null ? 0 : trackValueAt(track, frame));
const shape = (amountDb: number, attackFrames: number, releaseFrames: number): DuckingShape => ({ amountDb, attackFrames, releaseFrames });

describe('duckingTrack', () => {
  it('is null when nothing sounds', () => {
    expect(duckingTrack(flags('......'), shape(12, 2, 4))).toBeNull();
  });

  it('falls over the attack from the frame the trigger starts, holds, and comes back over the release from the frame it stops', () => {
    const track = duckingTrack(flags('....######..........'), shape(12, 2, 4));
    expect([0, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 19].map((f) => [f, at(track, f)])).toEqual([
      [0, 0],
      [3, 0],
      [4, 0],
      [5, -6],
      [6, -12],
      [7, -12],
      [9, -12],
      [10, -12],
      [11, -9],
      [12, -6],
      [13, -3],
      [14, 0],
      [15, 0],
      [19, 0],
    ]);
  });

  it('starts the next ramp from where a ramp cut short had got to', () => {
    // Attack 4 frames: by frame 2 it is at -6 dB when the trigger stops; the release (4 frames for 12 dB) takes 2 frames.
    const track = duckingTrack(flags('##......'), shape(12, 4, 4));
    expect([0, 1, 2, 3, 4, 5].map((f) => at(track, f))).toEqual([0, -3, -6, -3, 0, 0]);
    // Attack cut at -6 dB; released (1.5 dB a frame) to -1.5 by frame 4, attacked again (6 dB a frame), released from -7.5 at 5.
    const again = duckingTrack(flags('#...#...'), shape(12, 2, 8));
    expect([0, 1, 2, 3, 4, 5, 6].map((f) => at(again, f))).toEqual([0, -6, -4.5, -3, -1.5, -7.5, -6]);
  });

  it('holds through frames that sound one after another, and releases in a gap between bursts', () => {
    const track = duckingTrack(flags('..###...'), shape(10, 1, 1));
    const split = duckingTrack(flags('..#.#...'), shape(10, 1, 1));
    expect([3, 3.5, 4, 5, 5.5, 6].map((f) => at(track, f))).toEqual([-10, -10, -10, -10, -5, 0]);
    expect([3, 3.5, 4, 4.5, 5].map((f) => at(split, f))).toEqual([-10, -5, 0, -5, -10]);
  });

  it('jumps with an attack and release of 0, also at the first frame', () => {
    const track = duckingTrack(flags('###...##'), shape(20, 0, 0));
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((f) => at(track, f))).toEqual([-20, -20, -20, 0, 0, 0, -20, -20, -20]);
    expect(at(track, 2.99)).toBe(-20);
  });

  it('reaches the full amount only when the burst lasts the attack', () => {
    const track = duckingTrack(flags('#.......'), shape(12, 3, 3));
    expect(Math.min(...[0, 0.5, 1, 1.5, 2].map((f) => at(track, f)))).toBeCloseTo(-4, 9);
  });

  it('holds its keyframes in time order, linear between them', () => {
    const track = duckingTrack(flags('..##..#.##....#'), shape(12, 1.5, 2.5)) ?? [];
    for (let i = 1; i < track.length; i++) expect(track[i].frame).toBeGreaterThanOrEqual(track[i - 1].frame);
    expect(new Set(track.map((k) => k.easing))).toEqual(new Set(['linear']));
  });
});

describe('duckingFactorAt', () => {
  it('is 1 without ducking and the dB as a linear gain with it', () => {
    const track = duckingTrack(flags('..##'), shape(20, 0, 0));
    expect(duckingFactorAt(null, 3)).toBe(1);
    expect(duckingFactorAt(track, 0)).toBe(1);
    expect(duckingFactorAt(track, 2)).toBeCloseTo(0.1, 12);
  });
});

describe('duckingClips and applyDucking', () => {
  const timeline = (soundTaskBody().input as { timeline: TimelineInput }).timeline;

  it('reads each ducking clip of the timeline with its defaults, times in frames', () => {
    const withDefaults: TimelineInput = JSON.parse(JSON.stringify(timeline)) as TimelineInput;
    (withDefaults.tracks[0].clips[0].properties as Record<string, unknown>).ducking = { under: ['voice', 'music'] };
    expect(duckingClips(withDefaults, 30)).toEqual([
      { layerId: 'main/clip-1', under: ['voice', 'music'], shape: { amountDb: 12, attackFrames: 1.5, releaseFrames: 12 } },
      { layerId: 'music/song', under: ['voice'], shape: { amountDb: 12, attackFrames: 1.5, releaseFrames: 12 } },
    ]);
    expect(trackIdsOfLayers(timeline)).toEqual(
      new Map([
        ['main/clip-1', 'main'],
        ['music/song', 'music'],
        ['voice/line', 'voice'],
      ]),
    );
  });

  const bed = audioLayer({ id: 'music/song', durationInFrames: 10 });
  const plan: RenderPlan = {
    width: 160,
    height: 90,
    fps: 10,
    durationInFrames: 10,
    backgroundColor: '#000000',
    layers: [visualLayer({ id: 'main/clip-1', durationInFrames: 10 })],
    audio: [bed, { ...bed, id: 'voice/line' }],
    subtitles: [],
    fonts: [],
  };

  it("gives each ducking layer the track of the union of its triggers' flags, and leaves the others alone", () => {
    const clips = [
      { layerId: 'music/song', under: ['voice', 'main'], shape: shape(10, 0, 0) },
      { layerId: 'main/clip-1', under: ['voice'], shape: shape(6, 0, 0) },
    ];
    const sounding = new Map([
      ['voice', flags('.##.......')],
      ['main', flags('.....##...')],
    ]);
    const ducked = applyDucking(plan, clips, sounding);
    const music = ducked.audio[0].duckingDb;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((f) => at(music, f))).toEqual([0, -10, -10, 0, 0, -10, -10, 0]);
    expect([0, 1, 5].map((f) => at((ducked.layers[0] as (typeof plan.layers)[0] & { duckingDb: PlanKeyframe<number>[] }).duckingDb, f))).toEqual([0, -6, 0]);
    expect(ducked.audio[1].duckingDb).toBeNull();
  });

  it('leaves a clip whose triggers never sound, or are silent throughout, without a track', () => {
    const ducked = applyDucking(plan, [{ layerId: 'music/song', under: ['voice'], shape: shape(10, 0, 0) }], new Map([['voice', flags('..........')]]));
    expect(ducked.audio[0].duckingDb).toBeNull();
    expect(applyDucking(plan, [], new Map())).toBe(plan);
  });
});
