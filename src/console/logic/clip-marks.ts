/**
 * What the console's time ruler marks on a clip besides its span, from the
 * extension fields of its properties (docs/extensions.md): the times of its
 * keyframes, the stretches its transitions play over, and what it ducks under. Lenient on purpose,
 * like subtitle-cues.ts: the request was validated when it was created, and a
 * mark that is missing costs nothing. DOM-free: it runs in the browser and under jest.
 */
export interface TransitionMark {
  side: 'in' | 'out';
  type: string;
  /** On the timeline, ms. */
  startMs: number;
  endMs: number;
}

export interface ClipMarks {
  /** On the timeline, ms: each distinct keyframe time of any property, ascending. */
  keyframesMs: number[];
  transitions: TransitionMark[];
  /** `ducks under voice, main by 12 dB`; null for a clip without ducking. */
  ducking: string | null;
}

export interface MarkedClip {
  start_time_ms: number;
  end_time_ms: number;
  properties?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `time_ms` of each keyframe of a property given as `{ keyframes: [...] }`; none for a constant. */
function keyframeTimes(value: unknown): number[] {
  if (!isRecord(value) || !Array.isArray(value.keyframes)) return [];
  return value.keyframes.flatMap((key: unknown) => (isRecord(key) && typeof key.time_ms === 'number' ? [key.time_ms] : []));
}

export function clipMarks(clip: MarkedClip): ClipMarks {
  const properties = isRecord(clip.properties) ? clip.properties : {};
  const times = new Set(Object.values(properties).flatMap(keyframeTimes));
  const keyframesMs = [...times].map((ms) => clip.start_time_ms + ms).sort((a, b) => a - b);
  const transition = isRecord(properties.transition) ? properties.transition : {};
  const transitions = (['in', 'out'] as const).flatMap((side): TransitionMark[] => {
    const spec = transition[side];
    if (!isRecord(spec) || typeof spec.type !== 'string' || typeof spec.duration_ms !== 'number') return [];
    const startMs = side === 'in' ? clip.start_time_ms : clip.end_time_ms - spec.duration_ms;
    return [{ side, type: spec.type, startMs, endMs: startMs + spec.duration_ms }];
  });
  return { keyframesMs, transitions, ducking: duckingNote(properties.ducking) };
}

function duckingNote(ducking: unknown): string | null {
  if (!isRecord(ducking) || !Array.isArray(ducking.under)) return null;
  // The service's default amount stays out of the browser's modules: they load only what they import by its .js name.
  const amount = typeof ducking.amount_db === 'number' ? `${ducking.amount_db} dB` : 'the default amount';
  return `ducks under ${ducking.under.join(', ')} by ${amount}`;
}
