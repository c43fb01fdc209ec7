import type { ClipInput } from '../../task-input/task-input.types';
import { clipMotion, startValue, volumeKeyframes } from './clip-motion';

/** A clip from `startMs` to `endMs` (its properties go to clipMotion separately). */
function clip(startMs: number, endMs: number): ClipInput {
  return { id: 'c', media_url: 'https://media.example/c.png', start_time_ms: startMs, end_time_ms: endMs };
}

describe('clipMotion', () => {
  it('is null for a clip without keyframes or transition, constants included', () => {
    expect(clipMotion(clip(0, 1_000), {}, 30)).toBeNull();
    expect(clipMotion(clip(0, 1_000), { opacity: 0.5, scale: { x: 2, y: 2 }, position: { x: 1, y: 2 }, rotation: 45 }, 30)).toBeNull();
  });

  it('puts keyframe times (ms into the clip) on the timeline in frames, fractional where they fall between frames', () => {
    const opacity = {
      keyframes: [
        { time_ms: 0, value: 0 },
        { time_ms: 500, value: 1, easing: 'ease-in' as const },
        { time_ms: 1_010, value: 0.5, easing: 'hold' as const },
      ],
    };
    // The clip starts at 1.5 s: frame 45 at 30 fps, 37.5 at 25 fps.
    expect(clipMotion(clip(1_500, 3_000), { opacity }, 30)?.opacity).toEqual([
      { frame: 45, value: 0, easing: 'linear' },
      { frame: 60, value: 1, easing: 'ease-in' },
      { frame: expect.closeTo(75.3, 9) as number, value: 0.5, easing: 'hold' },
    ]);
    expect(clipMotion(clip(1_500, 3_000), { opacity }, 25)?.opacity?.map((k) => k.frame)).toEqual([37.5, 50, expect.closeTo(62.75, 9)]);
  });

  it('keeps each track to its own property and leaves the others null', () => {
    const position = {
      keyframes: [
        { time_ms: 0, value: { x: -400, y: 0 } },
        { time_ms: 2_000, value: { x: 400, y: 0 }, easing: 'ease-in-out' as const },
      ],
    };
    const rotation = { keyframes: [{ time_ms: 100, value: 90 }] };
    const motion = clipMotion(clip(0, 2_000), { position, rotation, opacity: 1 }, 30);
    expect(motion).toEqual({
      opacity: null,
      scale: null,
      position: [
        { frame: 0, value: { x: -400, y: 0 }, easing: 'linear' },
        { frame: 60, value: { x: 400, y: 0 }, easing: 'ease-in-out' },
      ],
      rotation: [{ frame: 3, value: 90, easing: 'linear' }],
      transitionIn: null,
      transitionOut: null,
    });
  });

  it.each([
    [30, { in: [30, 45], out: [66, 90] }],
    [25, { in: [25, 37.5], out: [55, 75] }],
  ])('plays `in` over the first and `out` over the last duration_ms of the clip, at %i fps', (fps, frames) => {
    const transition = { in: { type: 'wipe-left' as const, duration_ms: 500 }, out: { type: 'zoom' as const, duration_ms: 800 } };
    const motion = clipMotion(clip(1_000, 3_000), { transition }, fps);
    expect(motion?.transitionIn).toEqual({ type: 'wipe-left', fromFrame: frames.in[0], toFrame: frames.in[1] });
    expect(motion?.transitionOut).toEqual({ type: 'zoom', fromFrame: expect.closeTo(frames.out[0], 9) as number, toFrame: frames.out[1] });
  });

  it('takes either side of a transition alone', () => {
    const motion = clipMotion(clip(0, 1_000), { transition: { out: { type: 'fade', duration_ms: 1_000 } } }, 30);
    expect(motion).toMatchObject({ transitionIn: null, transitionOut: { type: 'fade', fromFrame: 0, toFrame: 30 } });
  });
});

describe('startValue', () => {
  it('is the constant, the first keyframe value of a track, or undefined', () => {
    expect(startValue(0.3)).toBe(0.3);
    expect(startValue({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(
      startValue({
        keyframes: [
          { time_ms: 300, value: { x: 5, y: 6 } },
          { time_ms: 600, value: { x: 7, y: 8 } },
        ],
      }),
    ).toEqual({ x: 5, y: 6 });
    expect(startValue(undefined)).toBeUndefined();
  });
});

describe('volumeKeyframes', () => {
  it('puts an audio clip volume track on the timeline; a constant volume has none', () => {
    const volume = {
      keyframes: [
        { time_ms: 0, value: 1 },
        { time_ms: 2_000, value: 0, easing: 'ease-out' as const },
      ],
    };
    expect(volumeKeyframes(clip(500, 3_000), volume, 30)).toEqual([
      { frame: 15, value: 1, easing: 'linear' },
      { frame: 75, value: 0, easing: 'ease-out' },
    ]);
    expect(volumeKeyframes(clip(500, 3_000), 0.5, 30)).toBeNull();
    expect(volumeKeyframes(clip(500, 3_000), undefined, 30)).toBeNull();
  });
});
