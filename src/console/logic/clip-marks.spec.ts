import { clipMarks } from './clip-marks';

describe('clipMarks', () => {
  it('puts the keyframes of every property on the timeline, once per time, in order', () => {
    const marks = clipMarks({
      start_time_ms: 1_000,
      end_time_ms: 4_000,
      properties: {
        opacity: {
          keyframes: [
            { time_ms: 0, value: 0 },
            { time_ms: 800, value: 1, easing: 'ease-out' },
          ],
        },
        position: {
          keyframes: [
            { time_ms: 2_000, value: { x: 0, y: 0 } },
            { time_ms: 800, value: { x: 5, y: 5 } },
          ],
        },
        scale: { x: 2, y: 2 },
        rotation: 45,
      },
    });
    expect(marks.keyframesMs).toEqual([1_000, 1_800, 3_000]);
    expect(marks.transitions).toEqual([]);
    expect(marks.ducking).toBeNull();
  });

  it('says what a clip ducks under and by how much, the default when the body leaves it out', () => {
    const ducked = (ducking: unknown) => clipMarks({ start_time_ms: 0, end_time_ms: 1_000, properties: { ducking } }).ducking;
    expect(ducked({ under: ['voice', 'main'], amount_db: 20 })).toBe('ducks under voice, main by 20 dB');
    expect(ducked({ under: ['voice'] })).toBe('ducks under voice by the default amount');
    expect(ducked('voice')).toBeNull();
  });

  it('spans a transition in over the first and out over the last duration_ms of the clip', () => {
    const marks = clipMarks({
      start_time_ms: 500,
      end_time_ms: 2_500,
      properties: { transition: { in: { type: 'wipe-right', duration_ms: 400 }, out: { type: 'fade', duration_ms: 600 } } },
    });
    expect(marks.transitions).toEqual([
      { side: 'in', type: 'wipe-right', startMs: 500, endMs: 900 },
      { side: 'out', type: 'fade', startMs: 1_900, endMs: 2_500 },
    ]);
    expect(marks.keyframesMs).toEqual([]);
  });

  it('marks nothing for a clip without properties or with values it cannot read', () => {
    expect(clipMarks({ start_time_ms: 0, end_time_ms: 1_000 })).toEqual({ keyframesMs: [], transitions: [], ducking: null });
    expect(
      clipMarks({ start_time_ms: 0, end_time_ms: 1_000, properties: { opacity: { keyframes: 'x' }, transition: { in: { type: 'fade' }, out: null } } }),
    ).toEqual({ keyframesMs: [], transitions: [], ducking: null });
  });
});
