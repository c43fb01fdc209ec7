/**
 * Work written as a generator that pauses (`yield`) between slices, so one
 * piece of code runs either at once (Studio, tests, benchmarks) or with the
 * event loop turning between its slices (the worker, whose loop a ROLE=all
 * process shares with the API). Browser-safe as long as only `runSteps` is
 * called there.
 */
export type Steps<T> = Generator<void, T, void>;

/** Longest the yielding runner computes before it lets the event loop turn. */
const SLICE_MS = 5;

/** Runs the work to its end in this turn. */
export function runSteps<T>(steps: Steps<T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Runs the work, letting the event loop turn whenever SLICE_MS have passed (Node only: setImmediate). */
export async function runStepsYielding<T>(steps: Steps<T>): Promise<T> {
  let sliceStart = performance.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
