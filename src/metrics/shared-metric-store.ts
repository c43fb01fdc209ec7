import type Redis from 'ioredis';
import type { SharedCounterDefinition, SharedHistogramDefinition } from './metric-catalogue';

export type SeriesLabels = Record<string, string>;

export interface CounterSeries {
  labels: SeriesLabels;
  value: number;
}

export interface HistogramSeries {
  labels: SeriesLabels;
  /** Cumulative count per upper bound, in the definition's order. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Counters and histograms kept in Redis, so that what any worker process records
 * is read by whichever API process Prometheus scrapes. One hash per metric,
 * `<REDIS_PREFIX>:metrics:<name>`, with one field per series and part:
 * `<part>|<label values as a JSON array>`, the part being `value` for a counter
 * and `count`, `sum` or `le:<bound>` (cumulative) for a histogram.
 */
export class SharedMetricStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async add(metric: SharedCounterDefinition, labels: SeriesLabels, amount: number): Promise<void> {
    await this.redis.hincrbyfloat(this.key(metric), `value|${seriesId(metric, labels)}`, amount);
  }

  async observe(metric: SharedHistogramDefinition, labels: SeriesLabels, value: number): Promise<void> {
    const key = this.key(metric);
    const series = seriesId(metric, labels);
    // One transaction: a scrape never sees a count without its sum and buckets.
    const transaction = this.redis.multi().hincrby(key, `count|${series}`, 1).hincrbyfloat(key, `sum|${series}`, value);
    for (const bound of metric.buckets) {
      if (value <= bound) transaction.hincrby(key, `le:${bound}|${series}`, 1);
    }
    const results = await transaction.exec();
    const failed = results?.find(([error]) => error !== null);
    if (results === null || failed) throw failed?.[0] ?? new Error(`metric ${metric.name} not recorded: transaction aborted`);
  }

  async counter(metric: SharedCounterDefinition): Promise<CounterSeries[]> {
    return [...(await this.read(metric))].map(([series, parts]) => ({ labels: labelsOf(metric, series), value: parts.get('value') ?? 0 }));
  }

  async histogram(metric: SharedHistogramDefinition): Promise<HistogramSeries[]> {
    return [...(await this.read(metric))].map(([series, parts]) => ({
      labels: labelsOf(metric, series),
      buckets: metric.buckets.map((bound) => parts.get(`le:${bound}`) ?? 0),
      sum: parts.get('sum') ?? 0,
      count: parts.get('count') ?? 0,
    }));
  }

  /** Every series of a metric with its parts; fields of label sets the definition no longer has are skipped. */
  private async read(metric: SharedCounterDefinition): Promise<Map<string, Map<string, number>>> {
    const fields = await this.redis.hgetall(this.key(metric));
    const series = new Map<string, Map<string, number>>();
    for (const [field, value] of Object.entries(fields)) {
      const separator = field.indexOf('|');
      const id = field.slice(separator + 1);
      if (separator < 0 || !isSeriesOf(metric, id)) continue;
      const parts = series.get(id) ?? new Map<string, number>();
      parts.set(field.slice(0, separator), Number(value));
      series.set(id, parts);
    }
    return series;
  }

  private key(metric: SharedCounterDefinition): string {
    return `${this.prefix}:metrics:${metric.name}`;
  }
}

function seriesId(metric: SharedCounterDefinition, labels: SeriesLabels): string {
  return JSON.stringify(metric.labelNames.map((name) => labels[name] ?? ''));
}

function isSeriesOf(metric: SharedCounterDefinition, id: string): boolean {
  try {
    const values: unknown = JSON.parse(id);
    return Array.isArray(values) && values.length === metric.labelNames.length && values.every((value) => typeof value === 'string');
  } catch {
    return false;
  }
}

function labelsOf(metric: SharedCounterDefinition, id: string): SeriesLabels {
  const values = JSON.parse(id) as string[];
  return Object.fromEntries(metric.labelNames.map((name, index) => [name, values[index]]));
}
