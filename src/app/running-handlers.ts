/**
 * The route handlers still running. Fastify's close() waits for open
 * connections, not for the handlers of requests whose client hung up: those go
 * on, and without this they would find the database closed under them at
 * shutdown. The API's close waits here (bounded) before anything they use closes.
 */
export class RunningHandlers {
  private running = 0;
  private readonly waiters = new Set<() => void>();

  get count(): number {
    return this.running;
  }

  /** `handler`, counted from its call until it returns or, when it returns a promise, until that settles. */
  track<Handler extends (this: never, ...args: never[]) => unknown>(handler: Handler): Handler {
    const leave = () => this.leave();
    const enter = () => (this.running += 1);
    // A function, not an arrow: Fastify calls a handler with its instance as `this`, passed through.
    function tracked(this: unknown, ...args: unknown[]): unknown {
      enter();
      let result: unknown;
      try {
        result = Reflect.apply(handler, this, args);
      } catch (error) {
        leave();
        throw error;
      }
      if (result instanceof Promise) return result.finally(leave);
      leave();
      return result;
    }
    return tracked as unknown as Handler;
  }

  /** Resolves once no handler runs, or after `timeoutMs`; true when none is left. */
  async settled(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    let done!: () => void;
    const idle = new Promise<void>((resolve) => (done = resolve));
    this.waiters.add(done);
    try {
      return await Promise.race([idle.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
    } finally {
      clearTimeout(timer);
      this.waiters.delete(done);
    }
  }

  private leave(): void {
    this.running -= 1;
    if (this.running === 0) for (const waiter of this.waiters) waiter();
  }
}
