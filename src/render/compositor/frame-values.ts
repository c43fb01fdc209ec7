/**
 * A value that changes from frame to frame, as one ffmpeg expression of the
 * frame's time. The filters that move a layer evaluate their options on every
 * frame (`scale` and `pad` with eval=frame, `rotate`, `overlay`, `swaprect`,
 * `geq`, `select`, `volume`, any `enable`); each reads its frame's value from
 * such an expression, so every value is computed once, in TypeScript, by the
 * functions the composition draws with (src/render/plan/layer-frame.ts).
 *
 * The expression is a binary search over the runs of equal values,
 * `if(lt(t,boundary),lower half,upper half)`: its depth grows with the
 * logarithm of the number of runs (ffmpeg refuses nesting past 100), each
 * evaluation costs a few comparisons, and a stretch of equal values costs one
 * leaf. Frame i's value holds from half a frame before it on, so timestamps
 * rounded by a filter or a container never pick a neighbour.
 *
 * A filter whose options are not expressions of time (`colorchannelmixer`)
 * takes its values as `sendcmd` commands, one where a value changes, at the
 * same half frame (`frameCommands`).
 */

/** A number as filter-graph text: integers as they are, others to 6 decimals. */
export function num(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(6).replace(/\.?0+$/, '');
}

export interface FrameValuesOptions {
  /** Timeline frame of values[0] (before it values[0] holds, after the last the last). */
  firstFrame?: number;
  /** The filter's name for the frame's time in seconds: `t` for most, `T` in geq. */
  time?: string;
}

export function frameValues(values: readonly number[], fps: number, options: FrameValuesOptions = {}): string {
  const { firstFrame = 0, time = 't' } = options;
  if (values.length === 0) throw new Error('frameValues needs at least one value');
  const runs: Array<{ from: number; value: number }> = [];
  values.forEach((value, i) => {
    if (runs.length === 0 || runs[runs.length - 1].value !== value) runs.push({ from: i, value });
  });
  const search = (lo: number, hi: number): string => {
    if (hi - lo === 1) return num(runs[lo].value);
    const mid = (lo + hi) >> 1;
    const boundary = (firstFrame + runs[mid].from - 0.5) / fps;
    return `if(lt(${time},${num(boundary)}),${search(lo, mid)},${search(mid, hi)})`;
  };
  return search(0, runs.length);
}

/** 1 on the frames where `on` holds, else 0: for `enable` and `select`. */
export function frameSwitch(on: readonly boolean[], fps: number, options: FrameValuesOptions = {}): string {
  return frameValues(
    on.map((b) => (b ? 1 : 0)),
    fps,
    options,
  );
}

/**
 * A `sendcmd` script that gives `option` of the filter named `target` (e.g. `colorchannelmixer@m1_opacity`) its
 * frame's value from frame 1 on (frame 0's is the filter's own option): one command where the value changes,
 * half a frame before that frame.
 */
export function frameCommands(target: string, option: string, values: readonly number[], fps: number): string {
  const commands: string[] = [];
  for (let i = 1; i < values.length; i++) {
    if (values[i] !== values[i - 1]) commands.push(`${num((i - 0.5) / fps)} ${target} ${option} ${num(values[i])}`);
  }
  return commands.join(';');
}
