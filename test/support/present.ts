/**
 * The value, narrowed to neither null nor undefined; throws an Error naming
 * `what` when it is missing. Tests and benches use it where they have every
 * reason to expect a value (the record they just wrote, the line a CLI prints,
 * the video stream of a file they rendered), so that a missing one fails the
 * run at that line, saying what was missing, instead of a `!` letting it on to
 * a bare TypeError further down.
 */
export function present<T>(value: T, what: string): NonNullable<T> {
  if (value === null || value === undefined) throw new Error(`expected ${what}, but it is ${String(value)}`);
  return value;
}
