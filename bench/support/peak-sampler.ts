/** Measures something every `intervalMs` while started, and keeps the largest sample seen (by `sizeOf`). */
export class PeakSampler<T = number> {
  private peak: T | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly measure: () => T,
    private readonly intervalMs: number,
    private readonly sizeOf: (sample: T) => number = Number,
  ) {}

  start(): void {
    this.peak = null;
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.sample();
  }

  /** Stops sampling (after one last sample); returns the largest sample. */
  stop(): T {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    return this.peak as T;
  }

  private sample(): void {
    const sample = this.measure();
    if (this.peak === null || this.sizeOf(sample) > this.sizeOf(this.peak)) this.peak = sample;
  }
}
