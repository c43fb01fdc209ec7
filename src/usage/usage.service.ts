import type { Principal } from '../auth/auth.types';
import type { StoredObjectsRepository } from '../retention/stored-objects.repository';
import type { TasksRepository } from '../tasks/tasks.repository';
import type { UsagePeriod } from './usage-query.dto';
import type { BandwidthUsageRepository } from '../storage/bandwidth-usage.repository';
import { DEFAULT_PRICE_LIST, type PriceList, roundUsd } from '../config/price-list';
import { periodBounds } from './usage-period';

const GB = 1024 ** 3;
const MINUTE_MS = 60_000;
const GB_MONTH_BYTE_MS = GB * 30 * 86_400_000;

/** Usage figures from the sums the database keeps of the account's tasks per day, and from its stored objects. */
export class UsageService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly objects: StoredObjectsRepository,
    private readonly bandwidth: BandwidthUsageRepository,
    private readonly prices: PriceList = DEFAULT_PRICE_LIST,
    private readonly now: () => number = Date.now,
  ) {}

  async usage(principal: Principal, period: UsagePeriod) {
    const now = this.now();
    const { start, end } = periodBounds(period, now);
    const [totals, storedBytes, heldByteMs, servedBytes] = await Promise.all([
      this.tasks.usageOfDays(principal.accountId, start, end),
      this.objects.bytesHeld(principal.accountId),
      this.objects.byteMsHeld(principal.accountId, start, Math.min(end, now)),
      this.bandwidth.servedBetween(principal.accountId, start, end),
    ]);
    const renderingUsd = roundUsd(num(totals?.rendering_micro_usd) / 1_000_000);
    const storageUsd = roundUsd((heldByteMs / GB_MONTH_BYTE_MS) * this.prices.storagePerGbMonthUsd);
    const bandwidthUsd = roundUsd((servedBytes / GB) * this.prices.bandwidthPerGbUsd);
    return {
      period,
      period_start: new Date(start).toISOString(),
      period_end: new Date(end).toISOString(),
      usage: {
        total_renders: num(totals?.total),
        successful_renders: num(totals?.successful),
        failed_renders: num(totals?.failed),
        total_processing_minutes: round3(num(totals?.processing_ms) / MINUTE_MS),
        total_output_minutes: round3(num(totals?.output_ms) / MINUTE_MS),
        storage_used_gb: round6(storedBytes / GB),
      },
      limits: {
        monthly_renders: principal.limits.monthlyRenders,
        concurrent_renders: principal.limits.concurrentRenders,
        max_storage_gb: principal.limits.maxStorageGb,
      },
      costs: {
        total_usd: roundUsd(renderingUsd + storageUsd + bandwidthUsd),
        breakdown: { rendering_usd: renderingUsd, storage_usd: storageUsd, bandwidth_usd: bandwidthUsd },
      },
    };
  }
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
