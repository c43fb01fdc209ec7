import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<ChildProcessCount>();

/**
 * How many child processes (ffprobe, ffmpeg) a task's render starts, for its log line. The places that
 * start one count into the task whose work reached them, found through the async context rather than a
 * counter passed through every renderer. A probe that two tasks share counts for the one that ran it;
 * Chromium's processes belong to the browser that tasks share and are not counted.
 */
export class ChildProcessCount {
  started = 0;

  /** Runs `work`, counting the child processes started from it. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return current.run(this, work);
  }
}

/** Called where a child process is started: counts it for the task it is started for, if any. */
export function childProcessStarted(): void {
  const count = current.getStore();
  if (count !== undefined) count.started += 1;
}
