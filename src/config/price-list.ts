import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ModelId, OutputQuality, Priority } from '../common/spec-vocabulary';

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

export const DEFAULT_PRICE_LIST: PriceList = Object.freeze({
  perOutputMinuteUsd: Object.freeze({
    standard: Object.freeze({ draft: 0.02, standard: 0.05, high: 0.08, premium: 0.12 }),
    premium: Object.freeze({ draft: 0.04, standard: 0.1, high: 0.16, premium: 0.24 }),
  }),
  priorityMultiplier: Object.freeze({ low: 0.8, standard: 1, high: 1.5, urgent: 2 }),
  storagePerGbMonthUsd: 0.023,
  bandwidthPerGbUsd: 0.09,
});

export function renderCostUsd(prices: PriceList, model: ModelId, quality: OutputQuality, priority: Priority, outputMinutes: number): number {
  return roundUsd(outputMinutes * prices.perOutputMinuteUsd[model][quality] * prices.priorityMultiplier[priority]);
}

export function roundUsd(value: number): number {
  return Math.round(value * 1_000_000) / 1_000_000;
}

const usd = z.number().finite().min(0).max(1_000_000);
const byQuality = z.strictObject({ draft: usd, standard: usd, high: usd, premium: usd }).partial();

/** Every key optional: a file overrides only what it names; unknown keys are errors (typos must not pass silently). */
const priceListFileSchema = z
  .strictObject({
    perOutputMinuteUsd: z.strictObject({ standard: byQuality, premium: byQuality }).partial(),
    priorityMultiplier: z.strictObject({ low: usd, standard: usd, high: usd, urgent: usd }).partial(),
    storagePerGbMonthUsd: usd,
    bandwidthPerGbUsd: usd,
  })
  .partial();

/**
 * The price list described by a JSON file merged over DEFAULT_PRICE_LIST.
 * Problems are appended to `problems` (the config reader's list, so boot stops
 * naming PRICE_LIST_FILE) and the defaults are returned in their place.
 */
export function readPriceListFile(path: string | null, problems: string[]): PriceList {
  if (path === null) return DEFAULT_PRICE_LIST;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    problems.push(`PRICE_LIST_FILE=${JSON.stringify(path)} cannot be read: ${(error as Error).message}`);
    return DEFAULT_PRICE_LIST;
  }
  const found = parsePriceList(text);
  if ('problems' in found) {
    problems.push(...found.problems.map((problem) => `PRICE_LIST_FILE=${JSON.stringify(path)}: ${problem}`));
    return DEFAULT_PRICE_LIST;
  }
  return found.prices;
}

/** Parses and checks a price list document (JSON text); see docs/usage.md for its shape. */
export function parsePriceList(text: string): { prices: PriceList } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`not valid JSON (${(error as Error).message})`] };
  }
  const parsed = priceListFileSchema.safeParse(json);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
  }
  const file = parsed.data;
  const prices: PriceList = {
    perOutputMinuteUsd: {
      standard: { ...DEFAULT_PRICE_LIST.perOutputMinuteUsd.standard, ...file.perOutputMinuteUsd?.standard },
      premium: { ...DEFAULT_PRICE_LIST.perOutputMinuteUsd.premium, ...file.perOutputMinuteUsd?.premium },
    },
    priorityMultiplier: { ...DEFAULT_PRICE_LIST.priorityMultiplier, ...file.priorityMultiplier },
    storagePerGbMonthUsd: file.storagePerGbMonthUsd ?? DEFAULT_PRICE_LIST.storagePerGbMonthUsd,
    bandwidthPerGbUsd: file.bandwidthPerGbUsd ?? DEFAULT_PRICE_LIST.bandwidthPerGbUsd,
  };
  const problems = multiplierOrderProblems(prices.priorityMultiplier);
  return problems.length > 0 ? { problems } : { prices };
}

/** The spec promises low is cheaper and high and urgent dearer than standard; a file may not invert that. */
function multiplierOrderProblems(multiplier: Record<Priority, number>): string[] {
  const problems: string[] = [];
  if (multiplier.low > multiplier.standard) problems.push('priorityMultiplier.low must not exceed priorityMultiplier.standard');
  if (multiplier.high < multiplier.standard) problems.push('priorityMultiplier.high must not be below priorityMultiplier.standard');
  if (multiplier.urgent < multiplier.high) problems.push('priorityMultiplier.urgent must not be below priorityMultiplier.high');
  return problems;
}
