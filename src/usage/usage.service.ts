import type { Principal } from '../auth/auth.types';
import type { Database } from '../database/database';
import { StoredObjectEntity } from '../retention/stored-object.entity';
import { TaskEntity } from '../tasks/task.entity';
import type { UsagePeriod } from '../tasks/dto/usage-query.dto';
import { DEFAULT_PRICE_LIST, PriceList, roundUsd } from './price-list';
import { periodBounds } from './usage-period';

const GB = 1024 ** 3;
const DAY_MS = 86_400_000;

interface TaskTotals {
  total: string | number | null;
  successful: string | number | null;
  failed: string | number | null;
  processing_seconds: string | number | null;
  output_minutes: string | number | null;
  rendering_usd: string | number | null;
}

/** Usage figures computed from the account's task history and stored objects (no counters that can drift). */
export class UsageService {
  constructor(
    private readonly db: Database,
    private readonly prices: PriceList = DEFAULT_PRICE_LIST,
    private readonly now: () => number = Date.now,
  ) {}

  async usage(principal: Principal, period: UsagePeriod) {
    const { start, end } = periodBounds(period, this.now());
    const totals = await this.db.dataSource
      .getRepository(TaskEntity)
      .createQueryBuilder('task')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN 1 ELSE 0 END)", 'successful')
      .addSelect("SUM(CASE WHEN task.status = 'failed' THEN 1 ELSE 0 END)", 'failed')
      .addSelect('SUM(COALESCE(task.processing_seconds, 0))', 'processing_seconds')
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN task.output_minutes ELSE 0 END)", 'output_minutes')
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN task.cost_usd ELSE 0 END)", 'rendering_usd')
      .where('task.account_id = :accountId', { accountId: principal.accountId })
      .andWhere('task.created_at >= :start AND task.created_at < :end', { start, end })
      .getRawOne<TaskTotals>();
    const stored = await this.db.dataSource
      .getRepository(StoredObjectEntity)
      .createQueryBuilder('object')
      .select('SUM(object.size_bytes)', 'bytes')
      .where('object.account_id = :accountId AND object.deleted_at IS NULL', { accountId: principal.accountId })
      .getRawOne<{ bytes: string | number | null }>();
    const storageGb = Number(stored?.bytes ?? 0) / GB;
    const renderingUsd = roundUsd(Number(totals?.rendering_usd ?? 0));
    // Storage is billed per GB-month: the bytes held now, over the share of a 30-day month the period covers.
    const storageUsd = roundUsd(storageGb * this.prices.storagePerGbMonthUsd * ((end - start) / (30 * DAY_MS)));
    const bandwidthUsd = 0;
    return {
      period,
      period_start: new Date(start).toISOString(),
      period_end: new Date(end).toISOString(),
      usage: {
        total_renders: Number(totals?.total ?? 0),
        successful_renders: Number(totals?.successful ?? 0),
        failed_renders: Number(totals?.failed ?? 0),
        total_processing_minutes: round3(Number(totals?.processing_seconds ?? 0) / 60),
        total_output_minutes: round3(Number(totals?.output_minutes ?? 0)),
        storage_used_gb: round6(storageGb),
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

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
