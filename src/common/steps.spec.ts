import { runSteps, runStepsYielding, type Steps } from './steps';

/** Three slices that each keep the thread for `sliceMs`, noting whether `flag.seen` was set before each. */
function* slices(sliceMs: number, flag: { seen: boolean }, seenBefore: boolean[]): Steps<string> {
  for (let i = 0; i < 3; i++) {
    seenBefore.push(flag.seen);
    for (const until = performance.now() + sliceMs; performance.now() < until;);
    yield;
  }
  return 'done';
}

describe('steps', () => {
  it('runs every slice at once with runSteps', () => {
    const flag = { seen: false };
    setImmediate(() => (flag.seen = true));
    const seenBefore: boolean[] = [];
    expect(runSteps(slices(0, flag, seenBefore))).toBe('done');
    expect(seenBefore).toEqual([false, false, false]);
  });

  it('lets the event loop turn between slices once 5 ms have passed', async () => {
    const flag = { seen: false };
    setImmediate(() => (flag.seen = true));
    const seenBefore: boolean[] = [];
    await expect(runStepsYielding(slices(6, flag, seenBefore))).resolves.toBe('done');
    expect(seenBefore).toEqual([false, true, true]);
  });

  it('keeps going without a turn while the slices are short', async () => {
    const flag = { seen: false };
    const seenBefore: boolean[] = [];
    const running = runStepsYielding(slices(0, flag, seenBefore));
    setImmediate(() => (flag.seen = true));
    await expect(running).resolves.toBe('done');
    expect(seenBefore).toEqual([false, false, false]);
  });
});
