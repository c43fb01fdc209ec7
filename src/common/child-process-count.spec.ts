import { setImmediate as nextTurn } from 'node:timers/promises';
import { ChildProcessCount, childProcessStarted } from './child-process-count';

describe('ChildProcessCount', () => {
  it('counts what each task starts, across awaits, and nothing started outside any task', async () => {
    const first = new ChildProcessCount();
    const second = new ChildProcessCount();
    childProcessStarted();
    await Promise.all([
      first.run(async () => {
        childProcessStarted();
        await nextTurn();
        childProcessStarted();
      }),
      second.run(async () => {
        await nextTurn();
        childProcessStarted();
      }),
    ]);
    childProcessStarted();
    expect([first.started, second.started]).toEqual([2, 1]);
  });
});
