/**
 * Bounds how many downloads of one fetcher run at once. The rest wait their
 * account's turn: accounts take turns for each slot that frees (round-robin),
 * downloads of one account go in arrival order. So a timeline of hundreds of
 * clips delays another account's download by one download per waiting account,
 * not by all of its own. A download whose signal aborts leaves the line at once.
 */
export class DownloadSlots {
  private active = 0;
  /** Each account's waiting downloads; the order of the keys is the order of the turns. */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error('parallel downloads must be at least 1');
  }

  /** Runs `work` for `account` once a slot is free; `signal` ends the wait (rejecting with its reason). */
  async run<T>(work: () => Promise<T>, account: string, signal?: AbortSignal): Promise<T> {
    if (this.active >= this.limit) await this.waitForTurn(account, signal);
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.takeNextTurn();
      // The slot passes straight to the next waiter, so `active` stays counted.
      if (next) next();
      else this.active -= 1;
    }
  }

  private waitForTurn(account: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const line = this.waiting.get(account) ?? [];
      this.waiting.set(account, line);
      const leave = () => {
        line.splice(line.indexOf(start), 1);
        if (line.length === 0) this.waiting.delete(account);
        reject(signal?.reason as Error);
      };
      const start = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      line.push(start);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  /** The first waiter of the account whose turn it is; that account then goes to the back. */
  private takeNextTurn(): (() => void) | undefined {
    for (const [account, line] of this.waiting) {
      this.waiting.delete(account);
      const next = line.shift();
      if (line.length > 0) this.waiting.set(account, line);
      return next;
    }
    return undefined;
  }
}
