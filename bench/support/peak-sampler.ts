/** Measures something every `intervalMs` while started, and keeps the largest value seen. */
export class PeakSampler {
  private peak = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly measure: () => number,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.peak = 0;
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.sample();
  }

  /** Stops sampling (after one last sample); returns the peak. */
  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    return this.peak;
  }

  private sample(): void {
    this.peak = Math.max(this.peak, this.measure());
  }
}
