/** Bounds how many downloads of one fetcher run at once; the rest wait in arrival order. */
export class DownloadSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error('parallel downloads must be at least 1');
  }

  get inUse(): number {
    return this.active;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays counted.
      if (next) next();
      else this.active -= 1;
    }
  }
}
