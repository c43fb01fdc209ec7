import type { ModelId, OutputQuality, Priority } from '../tasks/task-input.types';

/**
 * The documented price list (docs/usage.md). Rendering is charged per output
 * minute by model and quality, times a priority multiplier; storage per
 * GB-month; bandwidth per GB served.
 */
export interface PriceList {
  perOutputMinuteUsd: Record<ModelId, Record<OutputQuality, number>>;
  priorityMultiplier: Record<Priority, number>;
  storagePerGbMonthUsd: number;
  bandwidthPerGbUsd: number;
}

export const DEFAULT_PRICE_LIST: PriceList = {
  perOutputMinuteUsd: {
    standard: { draft: 0.02, standard: 0.05, high: 0.08, premium: 0.12 },
    premium: { draft: 0.04, standard: 0.1, high: 0.16, premium: 0.24 },
  },
  priorityMultiplier: { low: 0.8, standard: 1, high: 1.5, urgent: 2 },
  storagePerGbMonthUsd: 0.023,
  bandwidthPerGbUsd: 0.09,
};

export function renderCostUsd(prices: PriceList, model: ModelId, quality: OutputQuality, priority: Priority, outputMinutes: number): number {
  return roundUsd(outputMinutes * prices.perOutputMinuteUsd[model][quality] * prices.priorityMultiplier[priority]);
}

export function roundUsd(value: number): number {
  return Math.round(value * 1_000_000) / 1_000_000;
}
