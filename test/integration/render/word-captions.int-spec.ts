/**
 * Word-level captions (docs/extensions.md §4) proven by pixels on one 320x180,
 * 30 fps render per engine: white 28 px text without outline or shadow over
 * black, the spoken word in pure green. Each case is a subtitle clip of its own
 * stretch of the timeline: WebVTT inline timestamps, a JSON transcript (scale
 * 1.5), reveal, and a CJK cue split per character. The green word must move
 * from word to word at the word times, to within one frame. A second, 1 s
 * render holds a transcript word without times: it is green with the one before.
 */
import { writeFileSync } from 'node:fs';
import { CompositorRenderer } from '../../../src/render/compositor/compositor-renderer';
import { compositePlan } from '../../../src/render/compositor/composite-plan';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import type { TrackInput } from '../../../src/task-input/task-input.types';
import {
  centroidOf,
  ensureBundle,
  type Extent,
  extentOf,
  type Frame,
  MediaFixtures,
  nearMatchers,
  newRenderer,
  output,
  planFor,
  readFrames,
} from './render-fixtures';
import { CAPTION_CASES, CAPTION_TIMELINE_MS, framesOffWord, green, HIGHLIGHT, white, writeCaptionFiles } from './word-frames';

jest.setTimeout(300_000);
expect.extend(nearMatchers);

const W = 320;
const H = 180;
const FPS = 30;
const OUT = output(W, H, FPS);
const CASES = CAPTION_CASES;

function subtitleTrack(id: string, file: string, startMs: number, words: Record<string, unknown>, lengthMs = 1_500): TrackInput {
  return {
    id,
    type: 'subtitle',
    clips: [
      {
        id,
        media_url: file,
        start_time_ms: startMs,
        end_time_ms: startMs + lengthMs,
        properties: {
          preset: 'custom',
          font_size: 28,
          color: '#FFFFFF',
          outline: { enabled: false },
          shadow: { enabled: false },
          position: { x: 160, y: 120 },
          words: { highlight_color: HIGHLIGHT, ...words },
        },
      },
    ],
  };
}

describe.each(['compositor', 'remotion'] as const)('word-level captions drawn by the %s (real Chromium, real ffmpeg)', (engine) => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let plan: RenderPlan;
  let frames: Frame[];
  let togetherFrames: Frame[];

  const render = async (renderPlan: RenderPlan, name: string): Promise<Frame[]> => {
    const outPath = fixtures.path(`${name}-${engine}.mp4`);
    if (engine === 'compositor') {
      const compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
      expect((await compositor.renderVideo({ plan: renderPlan, output: OUT, outPath, onProgress: () => undefined })).engine).toBe('compositor');
    } else {
      await remotion.renderVideo({ plan: renderPlan, output: OUT, outPath, onProgress: () => undefined });
    }
    return readFrames(outPath);
  };

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    remotion = newRenderer();
    await fixtures.video('black.mp4', W, H, [[0, 0, 0]], 6, 0);
    const files = writeCaptionFiles(fixtures.dir, 'whisper.json');
    plan = planFor(fixtures, OUT, CAPTION_TIMELINE_MS, [
      { id: 'ground', type: 'video', clips: [{ id: 'black', media_url: 'black.mp4', start_time_ms: 0, end_time_ms: CAPTION_TIMELINE_MS }] },
      subtitleTrack('vtt', files.vtt, CASES.vtt.startMs, {}),
      subtitleTrack('json', files.json, CASES.json.startMs, { scale: 1.5 }),
      subtitleTrack('reveal', files.reveal, CASES.reveal.startMs, { style: 'reveal' }),
      subtitleTrack('cjk', files.cjk, CASES.cjk.startMs, {}),
    ]);
    frames = await render(plan, 'cases');
    // A word WhisperX could not align (no start or end) is spoken with the word before it.
    const segment = { start: 0, end: 1, text: ' AA BB CC', words: [{ word: ' AA', start: 0, end: 0.5 }, { word: ' BB' }, { word: ' CC', start: 0.5, end: 1 }] };
    writeFileSync(fixtures.path('together.json'), JSON.stringify({ segments: [segment] }));
    togetherFrames = await render(
      planFor(fixtures, OUT, 1_000, [
        { id: 'ground', type: 'video', clips: [{ id: 'black', media_url: 'black.mp4', start_time_ms: 0, end_time_ms: 1_000 }] },
        subtitleTrack('words', 'together.json', 0, {}, 1_000),
      ]),
      'together',
    );
  });
  afterAll(async () => {
    await remotion?.close();
    await fixtures.stop();
  });

  it('plans one still per word state: N stills for a cue of N words that starts with its first', () => {
    expect(compositePlan(plan).shots).toHaveLength(3 + 3 + 3 + 4);
  });

  it('moves the green word along a WebVTT cue at its inline timestamps, within a frame', () => {
    expect(framesOffWord(frames, CASES.vtt, green)).toEqual([]);
    const xs = CASES.vtt.words.map((f) => centroidOf(frames[f + 3], green)?.x ?? NaN);
    expect(xs[1] - xs[0]).toBeGreaterThan(20);
    expect(xs[2] - xs[1]).toBeGreaterThan(20);
  });

  it('moves the green word along a JSON transcript at its word times, the spoken word 1.5 times its size about its centre', () => {
    expect(framesOffWord(frames, CASES.json, green)).toEqual([]);
    const active = extentOf(frames[CASES.json.words[0] + 3], green);
    if (active === null) throw new Error('no green word');
    // The same word when the next one is spoken: white, at its own size, around the same centre.
    const around: Extent = { left: active.left - 4, right: active.right + 4, top: 0, bottom: H };
    const rest = extentOf(frames[CASES.json.words[1] + 3], white, around);
    if (rest === null) throw new Error('the first word went missing');
    expect((active.bottom - active.top) / (rest.bottom - rest.top)).toBeNear(1.5, 0.15);
    expect((active.right - active.left) / (rest.right - rest.left)).toBeNear(1.5, 0.15);
    expect((active.top + active.bottom) / 2).toBeNear((rest.top + rest.bottom) / 2, 1.5);
    expect((active.left + active.right) / 2).toBeNear((rest.left + rest.right) / 2, 1.5);
  });

  it('reveals only the words already spoken, in the text colour, without moving the words shown', () => {
    const [one, two, six] = CASES.reveal.words;
    const shown = [one + 3, two + 3, six + 3].map((f) => extentOf(frames[f], white));
    const [a, b, c] = shown.map((e) => e ?? { left: NaN, right: NaN, top: NaN, bottom: NaN });
    expect(b.right - a.right).toBeGreaterThan(20);
    expect(c.right - b.right).toBeGreaterThan(20);
    // The lines are laid out for the whole cue from the start: the first word stays where it is.
    expect(a.left).toBeNear(c.left, 1);
    expect(extentOf(frames[six + 3], green)).toBeNull();
    // Within a frame of the second word's time it appears.
    expect(extentOf(frames[two - 2], white)?.right).toBeNear(a.right, 1);
    expect(extentOf(frames[two + 1], white)?.right).toBeNear(b.right, 1);
  });

  it('splits an untimed CJK cue per character and moves the green character along it', () => {
    expect(framesOffWord(frames, CASES.cjk, green)).toEqual([]);
    const widths = CASES.cjk.words.map((f) => {
      const e = extentOf(frames[f + 3], green);
      return e === null ? NaN : e.right - e.left;
    });
    // One character at a time (28 px glyphs), never the whole cue.
    for (const width of widths) expect(width).toBeLessThan(34);
  });

  it('highlights words given one start together (an unaligned transcript word goes with the one before), then the next', () => {
    // At frame 22 the third word is spoken: the first two are white, and where they stand is where green was.
    const together = extentOf(togetherFrames[7], green);
    const firstTwo = extentOf(togetherFrames[22], white);
    if (together === null || firstTwo === null) throw new Error('a word went missing');
    expect(together.left).toBeNear(firstTwo.left, 2);
    expect(together.right).toBeNear(firstTwo.right, 2);
    expect(extentOf(togetherFrames[7], white)?.left).toBeGreaterThan(together.right);
    expect(extentOf(togetherFrames[22], green)?.left).toBeGreaterThan(firstTwo.right);
  });
});
