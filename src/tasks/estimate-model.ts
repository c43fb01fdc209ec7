import type { OutputQuality, ResolvedOutput } from '../task-input/task-input.types';
import type { TasksRepository } from './tasks.repository';

/** Fixed cost of a render (download, browser tab, thumbnail, preview, upload), seconds. */
const OVERHEAD_SECONDS = 4;
/** Seconds per output megapixel-frame before any history exists (measured on 2 cores, 720p h264). */
const PRIOR_SECONDS_PER_UNIT: Record<OutputQuality, number> = { draft: 0.05, standard: 0.07, high: 0.09, premium: 0.12 };
const HISTORY = 50;
/** How long the API reuses a learned rate: it moves only as renders complete, and every create needs it. */
export const LEARNED_RATE_CACHE_MS = 5_000;

export function workUnitsOf(output: Pick<ResolvedOutput, 'width' | 'height' | 'framerate'>, durationMs: number): number {
  const frames = Math.max(1, Math.round((durationMs * output.framerate) / 1000));
  return ((output.width * output.height) / 1_000_000) * frames;
}

export function accuracyOf(estimated: number, actual: number): number {
  const largest = Math.max(estimated, actual);
  return largest === 0 ? 1 : Math.max(0, 1 - Math.abs(estimated - actual) / largest);
}

/**
 * Render-time estimate learned from this deployment's completed renders of the
 * same quality (shared through the database, so every API process agrees):
 * overhead + work × seconds-per-megapixel-frame.
 */
export class EstimateModel {
  private readonly rates = new Map<OutputQuality, { rate: Promise<number | null>; until: number }>();

  constructor(
    private readonly tasks: Pick<TasksRepository, 'recentRenders'>,
    /** 0: read the history on every estimate. */
    private readonly rateCacheMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  async estimateSeconds(output: ResolvedOutput, durationMs: number): Promise<number> {
    const units = workUnitsOf(output, durationMs);
    const rate = (await this.cachedRate(output.quality)) ?? PRIOR_SECONDS_PER_UNIT[output.quality];
    return Math.max(1, Math.round(OVERHEAD_SECONDS + units * rate));
  }

  private cachedRate(quality: OutputQuality): Promise<number | null> {
    const now = this.now();
    const cached = this.rates.get(quality);
    if (cached && cached.until > now) return cached.rate;
    const rate = this.learnedRate(quality);
    // A failed read is not kept: the next estimate reads again.
    this.rates.set(quality, { rate, until: now + this.rateCacheMs });
    rate.catch(() => this.rates.delete(quality));
    return rate;
  }

  /** Null while the history says nothing about the work: too few renders, or all within the overhead (tiny ones). */
  private async learnedRate(quality: OutputQuality): Promise<number | null> {
    const history = await this.tasks.recentRenders(quality, HISTORY, OVERHEAD_SECONDS);
    if (history.count < 3 || history.workUnits <= 0 || history.secondsOverOverhead <= 0) return null;
    return history.secondsOverOverhead / history.workUnits;
  }
}
