import { DownloadSlots } from './download-slots';

/** Downloads that run until the test finishes them, recording the order they started in. */
function downloads(slots: DownloadSlots) {
  const started: string[] = [];
  const running: Array<() => void> = [];
  const start = (name: string, account: string, signal?: AbortSignal) =>
    slots.run(
      () =>
        new Promise<void>((resolve) => {
          started.push(name);
          running.push(resolve);
        }),
      account,
      signal,
    );
  /** Finishes the oldest running download and lets the next one start. */
  const finishOne = async () => {
    running.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, start, finishOne };
}

describe('DownloadSlots', () => {
  it("gives another account's first download the next slots, however many one account has queued", async () => {
    const { started, start, finishOne } = downloads(new DownloadSlots(2));
    for (let i = 0; i < 502; i += 1) void start(`big-${i}`, 'big');
    void start('small-0', 'small');
    expect(started).toEqual(['big-0', 'big-1']);
    // Two accounts wait: 'small' gets one of the next two slots, not the 501st.
    await finishOne();
    await finishOne();
    expect(started).toEqual(['big-0', 'big-1', 'big-2', 'small-0']);
  });

  it('serves waiting accounts in turns, each in its own arrival order', async () => {
    const { started, start, finishOne } = downloads(new DownloadSlots(1));
    void start('first', 'a');
    for (const name of ['a1', 'a2', 'a3', 'b1', 'b2', 'c1']) void start(name, name[0]);
    for (let i = 0; i < 6; i += 1) await finishOne();
    expect(started).toEqual(['first', 'a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('lets an aborted download leave the line at once, without taking a slot', async () => {
    const { started, start, finishOne } = downloads(new DownloadSlots(1));
    void start('running', 'a');
    const abort = new AbortController();
    const leaving = start('leaving', 'b', abort.signal);
    void start('next', 'c');
    const reason = new Error('task canceled');
    abort.abort(reason);
    await expect(leaving).rejects.toBe(reason);
    await finishOne();
    expect(started).toEqual(['running', 'next']);
    await expect(start('late', 'b', abort.signal)).rejects.toBe(reason);
  });
});
