import { cutPlan } from './plan-cut';
import { audioLayer, visualLayer } from '../../../test/support/plan-layers';
import type { PlanMediaLayer, RenderPlan } from './render-plan.types';

function layer(id: string, kind: 'video' | 'image', fromFrame: number, durationInFrames: number): PlanMediaLayer {
  return visualLayer({ id, kind, src: `http://127.0.0.1:1/${id}`, fromFrame, durationInFrames });
}

const music = audioLayer({ durationInFrames: 400 });

const plan: RenderPlan = {
  width: 320,
  height: 180,
  fps: 10,
  durationInFrames: 400,
  backgroundColor: '#000000',
  layers: [layer('v/whole', 'video', 0, 400), layer('v/late', 'video', 250, 100), layer('i/early', 'image', 20, 50), layer('i/across', 'image', 90, 30)],
  audio: [music],
  subtitles: [
    {
      id: 's/1',
      cues: [
        { fromFrame: 0, durationInFrames: 50, text: 'before' },
        { fromFrame: 95, durationInFrames: 10, text: 'across' },
        { fromFrame: 150, durationInFrames: 20, text: 'inside' },
      ],
      style: {} as RenderPlan['subtitles'][number]['style'],
    },
  ],
  fonts: [],
};

describe('cutPlan', () => {
  it('keeps what the range shows, moved to start at frame 0', () => {
    const { plan: cut } = cutPlan(plan, { from: 100, to: 200 });
    expect(cut.durationInFrames).toBe(100);
    expect(cut.layers.map((l) => [l.id, l.fromFrame, l.durationInFrames])).toEqual([
      ['v/whole', 0, 100],
      ['i/across', 0, 20],
    ]);
    expect(cut.subtitles[0].cues).toEqual([
      { fromFrame: 0, durationInFrames: 5, text: 'across' },
      { fromFrame: 50, durationInFrames: 20, text: 'inside' },
    ]);
  });

  it('says how far into its source a video layer begun before the range starts', () => {
    const { skippedFrames } = cutPlan(plan, { from: 300, to: 400 });
    expect(Object.fromEntries(skippedFrames)).toEqual({ 'v/whole': 300, 'v/late': 50 });
    expect(cutPlan(plan, { from: 0, to: 100 }).skippedFrames.size).toBe(0);
  });

  it('leaves the sound out: a chunk is silent, the joined file mixes the whole timeline once', () => {
    expect(cutPlan(plan, { from: 0, to: 100 }).plan.audio).toEqual([]);
  });

  it("moves a video's ducking track with the layer", () => {
    const ducked = {
      ...plan,
      layers: [
        visualLayer({
          id: 'v/ducked',
          fromFrame: 0,
          durationInFrames: 400,
          duckingDb: [
            { frame: 0, value: 0, easing: 'linear' },
            { frame: 150, value: -12, easing: 'linear' },
          ],
        }),
      ],
    };
    expect(cutPlan(ducked, { from: 100, to: 200 }).plan.layers[0]).toMatchObject({
      duckingDb: [
        { frame: -100, value: 0 },
        { frame: 50, value: -12 },
      ],
    });
  });

  it('cuts a layer that ends inside the range at the range', () => {
    const { plan: cut } = cutPlan(plan, { from: 200, to: 300 });
    expect(cut.layers.map((l) => [l.id, l.fromFrame, l.durationInFrames])).toEqual([
      ['v/whole', 0, 100],
      ['v/late', 50, 50],
    ]);
  });

  it("moves a cue's word times with it, a word spoken before the range to its start", () => {
    const words = [
      { text: 'one', fromFrame: 95 },
      { text: 'two', fromFrame: 101 },
      { text: 'three', fromFrame: 104 },
    ];
    const withWords: RenderPlan = {
      ...plan,
      subtitles: [{ ...plan.subtitles[0], cues: [{ fromFrame: 95, durationInFrames: 10, text: 'one two three', words }] }],
    };
    expect(cutPlan(withWords, { from: 100, to: 200 }).plan.subtitles[0].cues[0].words).toEqual([
      { text: 'one', fromFrame: 0 },
      { text: 'two', fromFrame: 1 },
      { text: 'three', fromFrame: 4 },
    ]);
  });
});
