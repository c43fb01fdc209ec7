import type { PlanMotion } from '../plan/motion';
import type { PlanSubtitleLayer, PlanMediaLayer, PlanTextLayer, PlanVisualLayer, RenderPlan } from '../plan/render-plan.types';
import { compositePlan, type StillShot } from './composite-plan';
import { visualLayer } from '../../../test/support/plan-layers';

function layer(id: string, kind: 'video' | 'image', fromFrame: number, durationInFrames: number, blendMode = 'normal'): PlanMediaLayer {
  return visualLayer({ id, kind, src: `http://127.0.0.1:1/${id}`, fromFrame, durationInFrames, blendMode });
}

function text(id: string, fromFrame: number, durationInFrames: number): PlanTextLayer {
  return { id, kind: 'text', fromFrame, durationInFrames, blendMode: 'normal', motion: null } as PlanTextLayer;
}

function subtitles(cues: Array<[number, number]>): PlanSubtitleLayer {
  return {
    id: 's/1',
    cues: cues.map(([fromFrame, durationInFrames], i) => ({ fromFrame, durationInFrames, text: `cue ${i}` })),
    style: {} as PlanSubtitleLayer['style'],
  };
}

function plan(layers: PlanVisualLayer[], subs: PlanSubtitleLayer[] = [], durationInFrames = 100): RenderPlan {
  return { width: 320, height: 180, fps: 10, durationInFrames, backgroundColor: '#000000', layers, audio: [], subtitles: subs, fonts: [] };
}

/** The text layers the still composition draws for a shot: those of its range active at its frame. */
function drawnLayers(planned: RenderPlan, shot: StillShot): string[] {
  return planned.layers
    .slice(shot.layers.from, shot.layers.to)
    .filter((l) => shot.frame >= l.fromFrame && shot.frame < l.fromFrame + l.durationInFrames)
    .map((l) => l.id);
}

describe('compositePlan', () => {
  it('needs no still at all for a plan of video and image layers only: ffmpeg decodes each in a slot of its own', () => {
    const p = compositePlan(plan([layer('v/a', 'video', 0, 100), layer('i/x', 'image', 0, 50), layer('i/y', 'image', 30, 70), layer('v/b', 'video', 20, 30)]));
    expect(p.shots).toEqual([]);
    expect(p.slots).toEqual(['v/a', 'i/x', 'i/y', 'v/b'].map((id) => ({ kind: 'media', layer: expect.objectContaining({ id }) })));
  });

  it('draws a text layer over the whole timeline once', () => {
    const p = compositePlan(plan([layer('v/a', 'video', 0, 100), text('t/title', 0, 100)]));
    expect(p.shots).toEqual([{ frame: 0, layers: { from: 1, to: 2 }, cues: [] }]);
    expect(p.slots[1]).toEqual({ kind: 'stills', segments: [{ fromFrame: 0, durationInFrames: 100, shot: 0 }] });
  });

  it('merges neighbouring normal stills and adds the subtitles to the topmost group, one shot per change', () => {
    const planned = plan(
      [layer('v/a', 'video', 0, 100), text('t/x', 0, 50), text('t/y', 30, 70)],
      [
        subtitles([
          [10, 10],
          [20, 10],
        ]),
      ],
    );
    const p = compositePlan(planned);
    expect(p.slots).toHaveLength(2);
    const stills = p.slots[1];
    if (stills.kind !== 'stills') throw new Error('expected stills');
    expect(stills.segments).toEqual([
      { fromFrame: 0, durationInFrames: 10, shot: 0 },
      { fromFrame: 10, durationInFrames: 10, shot: 1 },
      { fromFrame: 20, durationInFrames: 10, shot: 2 },
      { fromFrame: 30, durationInFrames: 20, shot: 3 },
      { fromFrame: 50, durationInFrames: 50, shot: 4 },
    ]);
    // The slot's layers are plan.layers[1, 3); the still composition draws those active at the shot's frame.
    expect(p.shots.map((s) => [s.frame, drawnLayers(planned, s), s.cues])).toEqual([
      [0, ['t/x'], []],
      [10, ['t/x'], [[0, 0]]],
      [20, ['t/x'], [[0, 1]]],
      [30, ['t/x', 't/y'], []],
      [50, ['t/y'], []],
    ]);
  });

  it('keeps still text between two media layers apart from the text above, and a blended image in a slot of its own', () => {
    const p = compositePlan(
      plan([
        text('t/under', 0, 100),
        layer('v/a', 'video', 0, 100),
        text('t/mid', 0, 100),
        text('t/mid2', 0, 100),
        layer('i/screen', 'image', 0, 100, 'screen'),
        text('t/top', 0, 100),
      ]),
    );
    expect(p.slots.map((s) => (s.kind === 'media' ? `${s.layer.id}:${s.layer.blendMode}` : s.kind))).toEqual([
      'stills',
      'v/a:normal',
      'stills',
      'i/screen:screen',
      'stills',
    ]);
    expect(p.shots.map((s) => s.layers)).toEqual([
      { from: 0, to: 1 },
      { from: 2, to: 4 },
      { from: 5, to: 6 },
    ]);
  });

  it('leaves a slot empty where nothing shows and draws a picture that comes back only once', () => {
    const p = compositePlan(
      plan(
        [layer('v/a', 'video', 0, 100)],
        [
          subtitles([
            [10, 10],
            [40, 10],
          ]),
        ],
      ),
    );
    const stills = p.slots[1];
    if (stills.kind !== 'stills') throw new Error('expected stills');
    expect(stills.segments.map((s) => s.shot)).toEqual([null, 0, null, 1, null]);
    expect(p.shots).toHaveLength(2);
  });

  it('puts subtitles above a top media layer in a slot of their own', () => {
    const p = compositePlan(plan([text('t/x', 0, 100), layer('i/a', 'image', 0, 100)], [subtitles([[0, 100]])]));
    expect(p.slots.map((s) => s.kind)).toEqual(['stills', 'media', 'stills']);
    expect(p.shots[1]).toEqual({ frame: 0, layers: { from: 2, to: 2 }, cues: [[0, 0]] });
  });

  it('plans 499 text layers under 20 000 one-frame cues in one sweep, each shot naming its own cue', async () => {
    // Scanning every layer and cue at every change took minutes here; jest can time a test out only when it yields.
    const titles = Array.from({ length: 499 }, (_, i) => text(`t/${i}`, 0, 30_000));
    const cues = Array.from({ length: 20_000 }, (_, i): [number, number] => [i, 1]);
    const p = compositePlan(plan(titles, [subtitles(cues)], 30_000));
    expect(p.shots).toHaveLength(20_001);
    expect(p.shots[7_000]).toEqual({ frame: 7_000, layers: { from: 0, to: 499 }, cues: [[0, 7_000]] });
    expect(p.shots[20_000]).toEqual({ frame: 20_000, layers: { from: 0, to: 499 }, cues: [] });
    const [stills] = p.slots;
    if (stills.kind !== 'stills') throw new Error('expected stills');
    expect(stills.segments).toHaveLength(20_001);
    expect(stills.segments[20_000]).toEqual({ fromFrame: 20_000, durationInFrames: 10_000, shot: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('gives a layer with motion a slot of its own, and a moving text layer a shot of its box, to measure it', () => {
    const fade: PlanMotion = {
      opacity: null,
      scale: null,
      position: null,
      rotation: null,
      transitionIn: { type: 'fade', fromFrame: 20, toFrame: 25 },
      transitionOut: null,
    };
    const movingText = { ...text('t/1', 20, 30), motion: fade };
    const p = compositePlan(
      plan([
        text('t/under', 0, 100),
        { ...layer('i/moving', 'image', 0, 100, 'multiply'), motion: fade },
        text('t/over', 0, 100),
        movingText,
        { ...layer('v/moving', 'video', 0, 100), motion: fade },
      ]),
    );
    expect(p.slots.map((s) => (s.kind === 'moving' ? `moving:${s.layer.id}:${s.blendMode}` : s.kind))).toEqual([
      'stills',
      'moving:i/moving:multiply',
      'stills',
      'moving:t/1:normal',
      'moving:v/moving:normal',
    ]);
    expect(p.slots[3]).toMatchObject({ boxShot: 2 });
    expect(p.slots[1]).toMatchObject({ boxShot: null });
    expect(p.shots.slice(2)).toEqual([{ frame: 20, layers: { from: 3, to: 4 }, cues: [], text: 'box' }]);
  });

  describe('word-level captions', () => {
    function wordLayer(words: number[], fromFrame = 10, durationInFrames = 40): PlanSubtitleLayer {
      return {
        ...subtitles([[fromFrame, durationInFrames]]),
        cues: [{ fromFrame, durationInFrames, text: words.map((_, i) => `w${i}`).join(' '), words: words.map((f, i) => ({ text: `w${i}`, fromFrame: f })) }],
        words: { style: 'highlight', color: '#FFD400', scale: 1 },
      };
    }

    it('draws a cue of N words as one still per word state, switched at the word times', () => {
      const p = compositePlan(plan([], [wordLayer([10, 20, 25, 40])]));
      expect(p.shots.map((s) => [s.frame, s.cues])).toEqual([
        [10, [[0, 0]]],
        [20, [[0, 0]]],
        [25, [[0, 0]]],
        [40, [[0, 0]]],
      ]);
      expect(p.slots).toEqual([
        {
          kind: 'stills',
          segments: [
            { fromFrame: 0, durationInFrames: 10, shot: null },
            { fromFrame: 10, durationInFrames: 10, shot: 0 },
            { fromFrame: 20, durationInFrames: 5, shot: 1 },
            { fromFrame: 25, durationInFrames: 15, shot: 2 },
            { fromFrame: 40, durationInFrames: 10, shot: 3 },
            { fromFrame: 50, durationInFrames: 50, shot: null },
          ],
        },
      ]);
    });

    it('needs at most N + 1 stills: words starting together, before the cue or after it add none', () => {
      // Words at 5 (before the cue: spoken from its start), 30 and 30 (together), 60 (after its end).
      const p = compositePlan(plan([], [wordLayer([5, 30, 30, 60])]));
      expect(p.shots.map((s) => s.frame)).toEqual([10, 30]);
      const none = compositePlan(plan([], [wordLayer([20, 30])]));
      expect(none.shots.map((s) => s.frame)).toEqual([10, 20, 30]);
      expect(none.shots.length).toBeLessThanOrEqual(2 + 1);
    });

    it('keeps one still per cue for a layer without word-level captions, even if its cues carry words', () => {
      const { words: _style, ...plain } = wordLayer([10, 20, 30]);
      expect(compositePlan(plan([], [plain])).shots).toHaveLength(1);
    });
  });
});
