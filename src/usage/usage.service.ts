import type { Principal } from '../auth/auth.types';
import type { Database } from '../database/database';
import { StoredObjectEntity } from '../retention/stored-object.entity';
import { TaskEntity } from '../tasks/task.entity';
import type { UsagePeriod } from '../tasks/dto/usage-query.dto';
import { BandwidthUsageEntity } from './bandwidth-usage.entity';
import { DEFAULT_PRICE_LIST, PriceList, roundUsd } from './price-list';
import { periodBounds } from './usage-period';

const GB = 1024 ** 3;
const GB_MONTH_BYTE_MS = GB * 30 * 86_400_000;

type DbNumber = string | number | null;

interface TaskTotals {
  total: DbNumber;
  successful: DbNumber;
  failed: DbNumber;
  processing_seconds: DbNumber;
  output_minutes: DbNumber;
  rendering_usd: DbNumber;
}

/** Usage figures computed from the account's task history and stored objects (no counters that can drift). */
export class UsageService {
  constructor(
    private readonly db: Database,
    private readonly prices: PriceList = DEFAULT_PRICE_LIST,
    private readonly now: () => number = Date.now,
  ) {}

  async usage(principal: Principal, period: UsagePeriod) {
    const now = this.now();
    const { start, end } = periodBounds(period, now);
    const [totals, storedBytes, heldByteMs, servedBytes] = await Promise.all([
      this.taskTotals(principal.accountId, start, end),
      this.storedBytes(principal.accountId),
      this.heldByteMs(principal.accountId, start, Math.min(end, now)),
      this.servedBytes(principal.accountId, start, end),
    ]);
    const renderingUsd = roundUsd(num(totals?.rendering_usd));
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
        total_processing_minutes: round3(num(totals?.processing_seconds) / 60),
        total_output_minutes: round3(num(totals?.output_minutes)),
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

  /**
   * Tasks belong to the period they were created in (one range scan of
   * idx_tasks_account_created). Only completed renders count output minutes and
   * cost: failed and canceled ones are refunded. Processing time counts every
   * finished render, canceled ones up to the cancel.
   */
  private taskTotals(accountId: string, start: number, end: number): Promise<TaskTotals | undefined> {
    return this.db.dataSource
      .getRepository(TaskEntity)
      .createQueryBuilder('task')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN 1 ELSE 0 END)", 'successful')
      .addSelect("SUM(CASE WHEN task.status = 'failed' THEN 1 ELSE 0 END)", 'failed')
      .addSelect(
        `SUM(CASE WHEN task.processing_seconds IS NOT NULL THEN task.processing_seconds
          WHEN task.status = 'canceled' AND task.started_at IS NOT NULL AND task.canceled_at IS NOT NULL THEN (task.canceled_at - task.started_at) / 1000.0
          ELSE 0 END)`,
        'processing_seconds',
      )
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN task.output_minutes ELSE 0 END)", 'output_minutes')
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN task.cost_usd ELSE 0 END)", 'rendering_usd')
      .where('task.account_id = :accountId', { accountId })
      .andWhere('task.created_at >= :start AND task.created_at < :end', { start, end })
      .getRawOne<TaskTotals>();
  }

  /** storage_used_gb: what the account holds in storage right now. */
  /** Output bytes served in the period, counted per UTC day by the files route. */
  private async servedBytes(accountId: string, start: number, end: number): Promise<number> {
    const row = await this.db.dataSource
      .getRepository(BandwidthUsageEntity)
      .createQueryBuilder('usage')
      .select('SUM(usage.bytes)', 'bytes')
      .where('usage.account_id = :accountId AND usage.day >= :start AND usage.day < :end', { accountId, start, end })
      .getRawOne<{ bytes: DbNumber }>();
    return num(row?.bytes);
  }

  private async storedBytes(accountId: string): Promise<number> {
    const row = await this.db.dataSource
      .getRepository(StoredObjectEntity)
      .createQueryBuilder('object')
      .select('SUM(object.size_bytes)', 'bytes')
      .where('object.account_id = :accountId AND object.deleted_at IS NULL', { accountId })
      .getRawOne<{ bytes: DbNumber }>();
    return num(row?.bytes);
  }

  /**
   * Byte-milliseconds held within [start, until): each object from its creation
   * (or the period start) to its deletion (or `until`). The billable storage of
   * the period, from the stored_objects history the retention sweep keeps.
   * Multiplying by 1.0 first keeps PostgreSQL out of bigint overflow.
   */
  private async heldByteMs(accountId: string, start: number, until: number): Promise<number> {
    if (until <= start) return 0;
    const row = await this.db.dataSource
      .getRepository(StoredObjectEntity)
      .createQueryBuilder('object')
      .select(
        `SUM(object.size_bytes * 1.0 * (
          (CASE WHEN object.deleted_at IS NOT NULL AND object.deleted_at < :until THEN object.deleted_at ELSE :until END)
          - (CASE WHEN object.created_at > :start THEN object.created_at ELSE :start END)))`,
        'byte_ms',
      )
      .where('object.account_id = :accountId', { accountId })
      .andWhere('object.created_at < :until AND (object.deleted_at IS NULL OR object.deleted_at > :start)', { start, until })
      .getRawOne<{ byte_ms: DbNumber }>();
    return num(row?.byte_ms);
  }
}

const num = (value: DbNumber | undefined) => Number(value ?? 0);
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
