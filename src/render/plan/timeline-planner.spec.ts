import { RenderFailure } from '../../common/render-failure';
import type { ClipInput, ResolvedOutput, TimelineInput, TrackInput } from '../../task-input/task-input.types';
import { firstFrameAtOrAfter, timelineFrames } from './frames';
import { runSteps } from '../../common/steps';
import { DEFAULT_SUBTITLE_PLAN_LIMITS, type SubtitlePlanLimits } from '../../config/subtitle-limits';
import type { SubtitleCueMs } from '../../subtitles/subtitle-parser';
import { blurRadiusPx, planTimeline, planTimelineSteps, type MediaKind, type ResolveMediaSrc } from './timeline-planner';
import type { PlanMediaLayer } from './render-plan.types';

const output: ResolvedOutput = { width: 1280, height: 720, framerate: 30, format: 'mp4', quality: 'standard', codec: 'h264' };

function clip(id: string, start: number, end: number, properties?: ClipInput['properties']): ClipInput {
  return { id, media_url: `https://example.com/${id}`, start_time_ms: start, end_time_ms: end, properties };
}

function kindFor(url: string): MediaKind {
  if (url.endsWith('.png')) return 'image';
  if (url.endsWith('.mp3')) return 'audio';
  return 'video';
}

const resolver: ResolveMediaSrc = (trackIndex, clipIndex, c) => ({
  src: `http://127.0.0.1:9/t/${trackIndex}-${clipIndex}`,
  kind: kindFor(c.media_url),
});

function plan(tracks: TrackInput[], durationMs = 10_000, out: ResolvedOutput = output) {
  const timeline: TimelineInput = { duration_ms: durationMs, tracks };
  return planTimeline({
    timeline,
    output: out,
    resolveMediaSrc: resolver,
    readSubtitleFile: () => {
      throw new Error('no subtitle track here');
    },
  });
}

describe('frame arithmetic', () => {
  it('rounds the total to the nearest frame and never returns 0', () => {
    expect(timelineFrames(10_000, 30)).toBe(300);
    expect(timelineFrames(1_010, 30)).toBe(30);
    expect(timelineFrames(1_020, 30)).toBe(31);
    expect(timelineFrames(1, 30)).toBe(1);
    expect(timelineFrames(1_000, 29.97)).toBe(30);
  });

  it('finds the first frame whose timestamp is at or after a time', () => {
    expect(firstFrameAtOrAfter(0, 30)).toBe(0);
    expect(firstFrameAtOrAfter(1, 30)).toBe(1);
    // 100 ms is exactly frame 3 at 30 fps, despite 100 * 30 / 1000 not being exact in floats.
    expect(firstFrameAtOrAfter(100, 30)).toBe(3);
    expect(firstFrameAtOrAfter(101, 30)).toBe(4);
  });

  it('maps background_blur to a share of the shorter side', () => {
    expect(blurRadiusPx(0, 1280, 720)).toBe(0);
    expect(blurRadiusPx(100, 1280, 720)).toBeCloseTo(36);
    expect(blurRadiusPx(50, 720, 1280)).toBeCloseTo(18);
    expect(blurRadiusPx(500, 1280, 720)).toBeCloseTo(36);
    expect(blurRadiusPx(-3, 1280, 720)).toBe(0);
  });
});

describe('planTimeline', () => {
  it('takes size and fps from the output and frames from duration_ms', () => {
    const p = plan([], 2_500, { ...output, width: 320, height: 180, framerate: 10 });
    expect(p).toMatchObject({ width: 320, height: 180, fps: 10, durationInFrames: 25, layers: [], audio: [] });
  });

  it('applies defaults to a video clip with no properties', () => {
    const [layer] = plan([{ id: 'v', type: 'video', clips: [clip('a.mp4', 1_000, 2_000)] }]).layers;
    expect(layer).toEqual({
      id: 'v/a.mp4',
      kind: 'video',
      src: 'http://127.0.0.1:9/t/0-0',
      fromFrame: 30,
      durationInFrames: 30,
      fit: 'contain',
      scaleX: 1,
      scaleY: 1,
      opacity: 1,
      offsetX: 0,
      offsetY: 0,
      rotationDeg: 0,
      blendMode: 'normal',
      layerType: 'foreground',
      blurPx: 0,
      volume: 1,
      mediaSize: null,
      motion: null,
      duckingDb: null,
    });
  });

  it('copies every visual property', () => {
    const [layer] = plan([
      {
        id: 'v',
        type: 'video',
        clips: [
          clip('b.png', 0, 500, {
            scale: { x: 1.5, y: 0.5 },
            opacity: 0.25,
            position: { x: -40, y: 12 },
            fit: 'cover',
            rotation: 90,
            blend_mode: 'multiply',
            layer_type: 'background',
            background_blur: 50,
          }),
        ],
      },
    ]).layers as PlanMediaLayer[];
    expect(layer).toMatchObject({
      kind: 'image',
      fit: 'cover',
      scaleX: 1.5,
      scaleY: 0.5,
      opacity: 0.25,
      offsetX: -40,
      offsetY: 12,
      rotationDeg: 90,
      blendMode: 'multiply',
      layerType: 'background',
      durationInFrames: 15,
    });
    expect(layer.blurPx).toBeCloseTo(18);
  });

  it.each([
    [{ fit: 'stretch' as const }, 'fill'],
    [{ fit: 'fill' as const }, 'fill'],
    [{ background_fit: 'cover' as const }, 'cover'],
    [{ background_fit: 'stretch' as const }, 'fill'],
    [{ fit: 'contain' as const, background_fit: 'cover' as const }, 'contain'],
  ])('normalizes fit %j to %s', (properties, expected) => {
    const [layer] = plan([{ id: 'v', type: 'video', clips: [clip('c.png', 0, 1_000, properties)] }]).layers as PlanMediaLayer[];
    expect(layer.fit).toBe(expected);
  });

  it('blurs only background layers', () => {
    const [layer] = plan([{ id: 'v', type: 'video', clips: [clip('d.png', 0, 1_000, { background_blur: 100 })] }]).layers as PlanMediaLayer[];
    expect(layer.blurPx).toBe(0);
  });

  it('clamps opacity and refuses unknown blend modes', () => {
    const layers = plan([
      {
        id: 'v',
        type: 'video',
        clips: [clip('e.png', 0, 1_000, { opacity: 3, blend_mode: 'url(x)' }), clip('f.png', 0, 1_000, { opacity: -1, blend_mode: 'screen' })],
      },
    ]).layers;
    expect(layers.map((l) => [l.opacity, l.blendMode])).toEqual([
      [1, 'normal'],
      [0, 'screen'],
    ]);
  });

  it('orders background below foreground, then z_index, then track and clip order', () => {
    const layers = plan([
      { id: 't0', type: 'video', clips: [clip('fg-z0-a.png', 0, 1_000), clip('fg-z5.png', 0, 1_000, { z_index: 5 }), clip('fg-z0-b.png', 0, 1_000)] },
      {
        id: 't1',
        type: 'video',
        clips: [
          clip('bg-z9.png', 0, 1_000, { layer_type: 'background', z_index: 9 }),
          clip('fg-zneg.png', 0, 1_000, { z_index: -2 }),
          clip('fg-z0-c.png', 0, 1_000),
        ],
      },
      { id: 't2', type: 'video', clips: [clip('bg-z0.png', 0, 1_000, { layer_type: 'background' })] },
    ]).layers;
    expect(layers.map((l) => l.id.split('/')[1])).toEqual(['bg-z0.png', 'bg-z9.png', 'fg-zneg.png', 'fg-z0-a.png', 'fg-z0-b.png', 'fg-z0-c.png', 'fg-z5.png']);
  });

  it('cuts clips at the end of the timeline and drops clips that cover no frame', () => {
    const layers = plan(
      [{ id: 'v', type: 'video', clips: [clip('long.png', 900, 5_000), clip('between.png', 10, 20), clip('tiny.png', 0, 10)] }],
      1_000,
    ).layers;
    expect(layers.map((l) => [l.id, l.fromFrame, l.durationInFrames])).toEqual([
      ['v/long.png', 27, 3],
      ['v/tiny.png', 0, 1],
    ]);
  });

  it('builds audio layers with gain and fades in frames', () => {
    const p = plan([
      { id: 'a', type: 'audio', clips: [clip('m.mp3', 500, 3_500, { volume: 0.5, fade_in_ms: 1_000, fade_out_ms: 500 }), clip('n.mp4', 0, 1_000)] },
    ]);
    expect(p.layers).toEqual([]);
    expect(p.audio).toEqual([
      {
        id: 'a/m.mp3',
        src: 'http://127.0.0.1:9/t/0-0',
        fromFrame: 15,
        durationInFrames: 90,
        volume: 0.5,
        volumeKeyframes: null,
        fadeInFrames: 30,
        fadeOutFrames: 15,
        duckingDb: null,
      },
      {
        id: 'a/n.mp4',
        src: 'http://127.0.0.1:9/t/0-1',
        fromFrame: 0,
        durationInFrames: 30,
        volume: 1,
        volumeKeyframes: null,
        fadeInFrames: 0,
        fadeOutFrames: 0,
        duckingDb: null,
      },
    ]);
  });

  it('keeps fades inside the clip', () => {
    const [layer] = plan([{ id: 'a', type: 'audio', clips: [clip('m.mp3', 0, 1_000, { fade_in_ms: 800, fade_out_ms: 800 })] }]).audio;
    expect(layer.fadeInFrames + layer.fadeOutFrames).toBeLessThanOrEqual(layer.durationInFrames);
    expect(layer.fadeInFrames).toBe(24);
  });

  it("parses each subtitle clip's file into cues on the frame grid, with the faces its text needs", () => {
    const resolve = jest.fn(resolver);
    const read = jest.fn(() => Buffer.from('1\n00:00:00,500 --> 00:00:01,000\n你好 world\n'));
    const p = planTimeline({
      timeline: { duration_ms: 2_000, tracks: [{ id: 's', type: 'subtitle', clips: [clip('s.srt', 1_000, 2_000)] }] },
      output,
      resolveMediaSrc: resolve,
      readSubtitleFile: read,
    });
    expect(read).toHaveBeenCalledWith(0, 0, expect.objectContaining({ id: 's.srt' }));
    expect(resolve).not.toHaveBeenCalled();
    expect(p.subtitles).toHaveLength(1);
    expect(p.subtitles[0].id).toBe('s/s.srt');
    // Shifted by the clip's start (1 s) and cut at the timeline's end: frames 45-59 at 30 fps.
    expect(p.subtitles[0].cues).toEqual([{ fromFrame: 45, durationInFrames: 15, text: '你好 world' }]);
    expect(p.fonts.length).toBeGreaterThan(0);
  });

  it('fails a subtitle file that does not parse with INVALID_MEDIA_FORMAT', () => {
    expect(() =>
      planTimeline({
        timeline: { duration_ms: 1_000, tracks: [{ id: 's', type: 'subtitle', clips: [clip('s.srt', 0, 1_000)] }] },
        output,
        resolveMediaSrc: resolver,
        readSubtitleFile: () => 'not a subtitle file',
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_MEDIA_FORMAT' }));
  });

  it('refuses media of the wrong kind for the track', () => {
    expect(() => plan([{ id: 'v', type: 'video', clips: [clip('x.mp3', 0, 1_000)] }])).toThrow(RenderFailure);
    expect(() => plan([{ id: 'a', type: 'audio', clips: [clip('x.png', 0, 1_000)] }])).toThrow(expect.objectContaining({ code: 'INVALID_MEDIA_FORMAT' }));
  });
});

describe('planTimeline: motion and text clips', () => {
  function textClip(id: string, text: string, start: number, end: number, properties: ClipInput['properties'] = {}): ClipInput {
    return { id, text, start_time_ms: start, end_time_ms: end, properties } as ClipInput;
  }

  it('stacks text clips among video clips by z_index, then by track and clip order', () => {
    const resolve = jest.fn(resolver);
    const layers = planTimeline({
      timeline: {
        duration_ms: 1_000,
        tracks: [
          { id: 'titles', type: 'text', clips: [textClip('top', 'Top', 0, 1_000, { z_index: 3 }), textClip('low', 'Low', 0, 1_000, { z_index: -1 })] },
          { id: 'v', type: 'video', clips: [clip('a.png', 0, 1_000), clip('b.png', 0, 1_000, { z_index: 2 })] },
          { id: 'notes', type: 'text', clips: [textClip('mid', 'Mid', 0, 1_000)] },
          { id: 'back', type: 'video', clips: [clip('bg.png', 0, 1_000, { layer_type: 'background', z_index: 9 })] },
        ],
      },
      output,
      resolveMediaSrc: resolve,
      readSubtitleFile: () => {
        throw new Error('no subtitle track here');
      },
    }).layers;
    expect(layers.map((l) => [l.id, l.kind])).toEqual([
      ['back/bg.png', 'image'],
      ['titles/low', 'text'],
      ['v/a.png', 'image'],
      ['notes/mid', 'text'],
      ['v/b.png', 'image'],
      ['titles/top', 'text'],
    ]);
    // Text clips have no media to resolve.
    expect(resolve.mock.calls.map(([track, index]) => [track, index])).toEqual([
      [1, 0],
      [1, 1],
      [3, 0],
    ]);
  });

  it('loads the faces text clips need beside those of subtitles', () => {
    const p = plan([{ id: 't', type: 'text', clips: [textClip('ko', '안녕', 0, 1_000)] }]);
    expect(p.fonts.map((f) => f.family)).toEqual(expect.arrayContaining(['Render Liberation Sans', 'Render Noto Sans KR']));
  });

  it.each([30, 25])('gives a keyframed video clip its first values as constants and its tracks in timeline frames at %i fps', (fps) => {
    const [layer] = plan(
      [
        {
          id: 'v',
          type: 'video',
          clips: [
            clip('k.png', 2_000, 4_000, {
              opacity: {
                keyframes: [
                  { time_ms: 0, value: 0.2 },
                  { time_ms: 1_000, value: 1, easing: 'ease-in-out' },
                ],
              },
              scale: { keyframes: [{ time_ms: 100, value: { x: 0.5, y: 0.25 } }] },
              position: { keyframes: [{ time_ms: 0, value: { x: -30, y: 40 } }] },
              rotation: {
                keyframes: [
                  { time_ms: 0, value: 12 },
                  { time_ms: 2_000, value: 90, easing: 'hold' },
                ],
              },
              transition: { in: { type: 'fade', duration_ms: 400 }, out: { type: 'wipe-up', duration_ms: 600 } },
            }),
          ],
        },
      ],
      10_000,
      { ...output, framerate: fps },
    ).layers as PlanMediaLayer[];
    expect(layer).toMatchObject({ opacity: 0.2, scaleX: 0.5, scaleY: 0.25, offsetX: -30, offsetY: 40, rotationDeg: 12 });
    const at = (ms: number) => ((2_000 + ms) * fps) / 1000;
    expect(layer.motion).toEqual({
      opacity: [
        { frame: at(0), value: 0.2, easing: 'linear' },
        { frame: at(1_000), value: 1, easing: 'ease-in-out' },
      ],
      scale: [{ frame: at(100), value: { x: 0.5, y: 0.25 }, easing: 'linear' }],
      position: [{ frame: at(0), value: { x: -30, y: 40 }, easing: 'linear' }],
      rotation: [
        { frame: at(0), value: 12, easing: 'linear' },
        { frame: at(2_000), value: 90, easing: 'hold' },
      ],
      transitionIn: { type: 'fade', fromFrame: at(0), toFrame: at(400) },
      transitionOut: { type: 'wipe-up', fromFrame: at(1_400), toFrame: at(2_000) },
    });
  });

  it('keeps the display size the media resolver reports, for the box a wipe or slide moves', () => {
    const sized: ResolveMediaSrc = (t, c, cl) => ({ ...resolver(t, c, cl), size: { width: 90, height: 160 } });
    const layers = (resolveMediaSrc: ResolveMediaSrc) =>
      planTimeline({
        timeline: { duration_ms: 1_000, tracks: [{ id: 'v', type: 'video', clips: [clip('p.png', 0, 1_000)] }] },
        output,
        resolveMediaSrc,
        readSubtitleFile: () => '',
      }).layers as PlanMediaLayer[];
    expect(layers(sized)[0].mediaSize).toEqual({ width: 90, height: 160 });
    expect(layers(resolver)[0].mediaSize).toBeNull();
  });

  it('gives an audio clip with volume keyframes its first value and its track in timeline frames', () => {
    const volume = {
      keyframes: [
        { time_ms: 500, value: 0.5 },
        { time_ms: 1_500, value: 1, easing: 'ease-in' },
      ],
    };
    const [layer] = plan([{ id: 'a', type: 'audio', clips: [clip('m.mp3', 1_000, 3_000, { volume } as ClipInput['properties'])] }]).audio;
    expect(layer).toMatchObject({
      volume: 0.5,
      volumeKeyframes: [
        { frame: 45, value: 0.5, easing: 'linear' },
        { frame: 75, value: 1, easing: 'ease-in' },
      ],
    });
  });
});

describe('planTimeline: what the subtitles of one task may bring', () => {
  const cue = (startMs: number, endMs: number, text = 'line'): SubtitleCueMs => ({ startMs, endMs, text });
  /** `clips` subtitle clips over the whole timeline, all showing `cues` (one shared file, as the worker hands it over). */
  function subtitlePlan(cues: SubtitleCueMs[], clips = 1, limits?: Partial<SubtitlePlanLimits>, durationMs = 10_000) {
    const file = { cues };
    return planTimelineSteps({
      timeline: {
        duration_ms: durationMs,
        tracks: [{ id: 's', type: 'subtitle', clips: Array.from({ length: clips }, (_, i) => clip(`c${i}.srt`, 0, durationMs)) }],
      },
      output: { ...output, framerate: 10 },
      resolveMediaSrc: resolver,
      readSubtitleFile: () => file,
      subtitlePlanLimits: limits === undefined ? undefined : { ...DEFAULT_SUBTITLE_PLAN_LIMITS, ...limits },
    });
  }
  const failure = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      return err as RenderFailure;
    }
    throw new Error('expected the plan to fail');
  };

  it('refuses 500 clips that share one file once their cues together pass MAX_TASK_SUBTITLE_CUES', () => {
    const file = Array.from({ length: 50 }, (_, i) => cue(i * 100, i * 100 + 100));
    const err = failure(() => runSteps(subtitlePlan(file, 500)));
    expect(err).toBeInstanceOf(RenderFailure);
    expect([err.code, err.retryPossible, err.details]).toEqual(['TIMELINE_TOO_COMPLEX', false, { limit: 'MAX_TASK_SUBTITLE_CUES', allowed: 20_000 }]);
    expect(err.message).toMatch(/more than the 20000 cues allowed in one task \(MAX_TASK_SUBTITLE_CUES; a file counts once for each clip/);
    // 400 clips of it are 20 000 cues: allowed (cues shown together are limited on their own).
    expect(runSteps(subtitlePlan(file, 400, { maxCuesAtOnce: 400 })).subtitles).toHaveLength(400);
  });

  it('refuses a cue longer than MAX_SUBTITLE_CUE_CHARS as INVALID_MEDIA_FORMAT naming the file and the cue', () => {
    const err = failure(() => runSteps(subtitlePlan([cue(0, 100), cue(100, 200, '「'.repeat(40_000))])));
    expect([err.code, err.details]).toEqual(['INVALID_MEDIA_FORMAT', { media_url: 'https://example.com/c0.srt' }]);
    expect(err.message).toBe('subtitle file https://example.com/c0.srt: cue 2 has 40000 characters, more than the 2000 allowed (MAX_SUBTITLE_CUE_CHARS)');
    expect(runSteps(subtitlePlan([cue(0, 100, 'x'.repeat(2_000))])).subtitles[0].cues).toHaveLength(1);
  });

  it('refuses text past MAX_TASK_SUBTITLE_CHARS, counting a shared file once per clip', () => {
    const file = [cue(0, 100, 'x'.repeat(600))];
    expect(runSteps(subtitlePlan(file, 1, { maxChars: 1_000 })).subtitles).toHaveLength(1);
    const err = failure(() => runSteps(subtitlePlan(file, 2, { maxChars: 1_000 })));
    expect([err.code, err.details]).toEqual(['TIMELINE_TOO_COMPLEX', { limit: 'MAX_TASK_SUBTITLE_CHARS', allowed: 1_000 }]);
    expect(err.message).toMatch(/more than the 1000 characters of text allowed in one task \(MAX_TASK_SUBTITLE_CHARS/);
  });

  it('refuses more than MAX_SUBTITLE_CUES_AT_ONCE cues on screen together, across clips', () => {
    // Three clips of the same six overlapping cues: 18 on screen from 0.5 s on.
    const overlapping = Array.from({ length: 6 }, (_, i) => cue(i * 100, 5_000));
    const err = failure(() => runSteps(subtitlePlan(overlapping, 3)));
    expect([err.code, err.details]).toEqual(['TIMELINE_TOO_COMPLEX', { limit: 'MAX_SUBTITLE_CUES_AT_ONCE', allowed: 16 }]);
    expect(err.message).toBe('17 subtitle cues are on screen at once at 0.500 s, more than the 16 allowed (MAX_SUBTITLE_CUES_AT_ONCE)');
    expect(runSteps(subtitlePlan(overlapping, 3, { maxCuesAtOnce: 18 })).subtitles).toHaveLength(3);
    // A cue that ends where the next begins is not on screen with it.
    const backToBack = Array.from({ length: 100 }, (_, i) => cue(i * 100, i * 100 + 100));
    expect(runSteps(subtitlePlan(backToBack, 1, { maxCuesAtOnce: 1 })).subtitles[0].cues).toHaveLength(100);
  });

  it('plans in slices, at least one per cue, with the same result as planning at once', () => {
    const file = Array.from({ length: 2_000 }, (_, i) => cue(i * 100, i * 100 + 90, `cue number ${i}，一句中文字幕「引号」`));
    const steps = subtitlePlan(file, 1, undefined, 200_000);
    let slices = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) slices += 1;
    expect(slices).toBeGreaterThanOrEqual(2 * file.length);
    expect(step.value).toEqual(runSteps(subtitlePlan(file, 1, undefined, 200_000)));
    expect(step.value.subtitles[0].cues[1_999]).toEqual({ fromFrame: 1_999, durationInFrames: 1, text: 'cue number 1999，一句中文字幕「引号」' });
  });

  it('refuses more timed words than MAX_TASK_CAPTION_WORDS across the clips with word-level captions', () => {
    const file = [cue(0, 1_000, 'one two three')];
    const wordClips = (clips: number) =>
      planTimelineSteps({
        timeline: {
          duration_ms: 10_000,
          tracks: [{ id: 's', type: 'subtitle', clips: Array.from({ length: clips }, (_, i) => clip(`c${i}.srt`, 0, 10_000, { words: {} })) }],
        },
        output: { ...output, framerate: 10 },
        resolveMediaSrc: resolver,
        readSubtitleFile: () => ({ cues: file }),
        subtitlePlanLimits: { ...DEFAULT_SUBTITLE_PLAN_LIMITS, maxWords: 5 },
      });
    expect(runSteps(wordClips(1)).subtitles[0].cues[0].words).toHaveLength(3);
    const err = failure(() => runSteps(wordClips(2)));
    expect([err.code, err.details]).toEqual(['TIMELINE_TOO_COMPLEX', { limit: 'MAX_TASK_CAPTION_WORDS', allowed: 5 }]);
    expect(err.message).toMatch(/more than the 5 words allowed in one task \(MAX_TASK_CAPTION_WORDS/);
    // Plain subtitles bring no timed words.
    expect(() => runSteps(subtitlePlan(file, 2, { maxWords: 5 }))).not.toThrow();
  });

  it('counts the timed words of the cues a clip shows, not of its whole file', () => {
    const file = [cue(0, 1_000, 'one two three'), cue(5_000, 6_000, 'four five six')];
    const plan = (clipEndMs: number) =>
      planTimelineSteps({
        timeline: { duration_ms: 10_000, tracks: [{ id: 's', type: 'subtitle', clips: [clip('c.srt', 0, clipEndMs, { words: {} })] }] },
        output: { ...output, framerate: 10 },
        resolveMediaSrc: resolver,
        readSubtitleFile: () => ({ cues: file }),
        subtitlePlanLimits: { ...DEFAULT_SUBTITLE_PLAN_LIMITS, maxWords: 5 },
      });
    // The clip ends before the second cue: 3 words, within the limit.
    expect(runSteps(plan(2_000)).subtitles[0].cues.map((c) => c.words?.length)).toEqual([3]);
    expect(failure(() => runSteps(plan(10_000))).details).toEqual({ limit: 'MAX_TASK_CAPTION_WORDS', allowed: 5 });
  });

  it('reads a .json subtitle file as a transcript', () => {
    const transcript = JSON.stringify({
      segments: [
        {
          start: 1,
          end: 2,
          text: ' Hi all',
          words: [
            { word: ' Hi', start: 1, end: 1.4 },
            { word: ' all', start: 1.5, end: 2 },
          ],
        },
      ],
    });
    const planned = planTimeline({
      timeline: { duration_ms: 3_000, tracks: [{ id: 's', type: 'subtitle', clips: [clip('talk.json', 0, 3_000, { words: { style: 'reveal' } })] }] },
      output: { ...output, framerate: 10 },
      resolveMediaSrc: resolver,
      readSubtitleFile: () => transcript,
    });
    expect(planned.subtitles[0].cues).toEqual([
      {
        fromFrame: 10,
        durationInFrames: 10,
        text: 'Hi all',
        words: [
          { text: 'Hi', fromFrame: 10 },
          { text: 'all', fromFrame: 15 },
        ],
      },
    ]);
  });
});
