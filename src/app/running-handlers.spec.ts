import { RunningHandlers } from './running-handlers';

function deferred(): { promise: Promise<string>; resolve: (value: string) => void; reject: (error: Error) => void } {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('RunningHandlers', () => {
  it('counts a handler until its promise settles, passing `this`, the arguments and the result through', async () => {
    const handlers = new RunningHandlers();
    const pending = deferred();
    const seen: unknown[] = [];
    const tracked = handlers.track(function (this: { name: string }, a: number, b: number) {
      seen.push(this.name, a, b);
      return pending.promise;
    });
    const result = tracked.call({ name: 'fastify' }, 1, 2);
    expect(seen).toEqual(['fastify', 1, 2]);
    expect(handlers.count).toBe(1);
    let settled: boolean | null = null;
    const waiting = handlers.settled(5_000).then((value) => (settled = value));
    await Promise.resolve();
    expect(settled).toBeNull();
    pending.resolve('answer');
    expect(await result).toBe('answer');
    await waiting;
    expect(settled).toBe(true);
    expect(handlers.count).toBe(0);
  });

  it('stops counting a handler that throws or rejects, and passes the error on', async () => {
    const handlers = new RunningHandlers();
    const throwing = handlers.track(() => {
      throw new Error('sync');
    });
    expect(() => throwing()).toThrow('sync');
    const failing = deferred();
    const rejecting = handlers.track(() => failing.promise);
    const result = rejecting();
    expect(handlers.count).toBe(1);
    failing.reject(new Error('async'));
    await expect(result).rejects.toThrow('async');
    expect(handlers.count).toBe(0);
    expect(await handlers.settled(10)).toBe(true);
  });

  it('counts a handler that returns a plain value only during its call', () => {
    const handlers = new RunningHandlers();
    expect(handlers.track(() => 42)()).toBe(42);
    expect(handlers.count).toBe(0);
  });

  it('gives up waiting after the timeout, reporting that handlers are still running', async () => {
    const handlers = new RunningHandlers();
    const never = deferred();
    void handlers.track(() => never.promise)();
    expect(await handlers.settled(20)).toBe(false);
    expect(handlers.count).toBe(1);
  });
});
