/**
 * Identical reads asked in the same turn of the event loop, answered by one
 * statement: the pollers of one list (a console's tabs, an account's workers
 * waiting for the same status) then cost one round trip, not one each. The
 * read starts when the turn ends, after every request parsed in that turn has
 * joined, so it sees every commit answered before any of them arrived. Its
 * answer is shared: callers must not change it.
 */
export class SameTurnReads<Answer> {
  private pending = new Map<string, { read: () => Promise<Answer>; waiters: Array<{ resolve: (answer: Answer) => void; reject: (error: unknown) => void }> }>();
  private scheduled = false;

  /** `read` runs once for all the calls of this turn with this `key`; the key must name everything the read depends on. */
  get(key: string, read: () => Promise<Answer>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const gathering = this.pending.get(key);
      if (gathering) gathering.waiters.push({ resolve, reject });
      else this.pending.set(key, { read, waiters: [{ resolve, reject }] });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const turn = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    for (const { read, waiters } of turn.values()) {
      read().then(
        (answer) => waiters.forEach((waiter) => waiter.resolve(answer)),
        (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
      );
    }
  }
}
