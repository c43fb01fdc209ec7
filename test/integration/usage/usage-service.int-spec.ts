import type { Principal } from '../../../src/auth/auth.types';
import { TIER_LIMITS } from '../../../src/auth/tier-limits';
import { StoredObjectEntity } from '../../../src/retention/stored-object.entity';
import type { UsagePeriod } from '../../../src/usage/usage-query.dto';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { DEFAULT_PRICE_LIST, renderCostUsd, type PriceList } from '../../../src/config/price-list';
import { UsageService } from '../../../src/usage/usage.service';
import { databaseFor, type TestDatabase } from '../../support/postgres';
import { startTestApp, type TestApp } from '../../support/test-app';
import { insertRows, storedObjectRow, taskRow } from './task-rows';

const GIB = 1024 ** 3;
const at = (iso: string) => Date.parse(iso);
// Wednesday 2025-01-15 12:00 UTC: the service's clock in this suite.
const NOW = at('2025-01-15T12:00:00.000Z');

let accountCounter = 0;
const principal = (): Principal => ({
  keyId: 'key_test',
  accountId: `acc_usage_${process.pid}_${++accountCounter}`,
  tier: 'pro',
  permissions: ['usage:read'],
  limits: TIER_LIMITS.pro,
});

const BOUNDS: Array<[UsagePeriod, string, string]> = [
  ['current_month', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'],
  ['last_month', '2024-12-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
  ['current_week', '2025-01-13T00:00:00.000Z', '2025-01-20T00:00:00.000Z'],
  ['last_week', '2025-01-06T00:00:00.000Z', '2025-01-13T00:00:00.000Z'],
  ['today', '2025-01-15T00:00:00.000Z', '2025-01-16T00:00:00.000Z'],
  ['yesterday', '2025-01-14T00:00:00.000Z', '2025-01-15T00:00:00.000Z'],
];

describe.each(['sqlite', 'postgres'] as const)('UsageService on %s', (engine) => {
  let app: TestApp;
  let database: TestDatabase | null = null;
  const service = (prices: PriceList = DEFAULT_PRICE_LIST, now = NOW) => {
    const { tasks, storedObjects, bandwidth } = app.services.repositories;
    return new UsageService(tasks, storedObjects, bandwidth, prices, () => now);
  };
  const insertTasks = (rows: TaskEntity[]) => insertRows(app.runtime.db, TaskEntity, rows);
  const insertObjects = (rows: StoredObjectEntity[]) => insertRows(app.runtime.db, StoredObjectEntity, rows);

  beforeAll(async () => {
    const target = await databaseFor(engine, 'usage');
    database = target.database;
    app = await startTestApp({ env: target.env });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.each(BOUNDS)('%s: a task at 23:59:59 before the start is out, one at 00:00:00 is in, and so at the end', async (period, start, end) => {
    const who = principal();
    await insertTasks([
      taskRow(who.accountId, { createdAt: at(start) - 1, status: 'completed' }),
      taskRow(who.accountId, { createdAt: at(start) - 1000, status: 'completed' }),
      taskRow(who.accountId, { createdAt: at(start), status: 'completed' }),
      taskRow(who.accountId, { createdAt: at(end) - 1, status: 'failed' }),
      taskRow(who.accountId, { createdAt: at(end), status: 'completed' }),
    ]);
    const usage = await service().usage(who, period);
    expect([usage.period, usage.period_start, usage.period_end]).toEqual([period, start, end]);
    expect(usage.usage.total_renders).toBe(2);
    expect(usage.usage.successful_renders).toBe(1);
    expect(usage.usage.failed_renders).toBe(1);
  });

  it('starts the current week on Monday when the clock reads Sunday 23:59:59', async () => {
    const who = principal();
    await insertTasks([
      taskRow(who.accountId, { createdAt: at('2025-01-12T23:59:59.000Z') }),
      taskRow(who.accountId, { createdAt: at('2025-01-13T00:00:00.000Z') }),
      taskRow(who.accountId, { createdAt: at('2025-01-19T23:59:59.000Z') }),
    ]);
    const usage = await service(DEFAULT_PRICE_LIST, at('2025-01-19T23:59:59.000Z')).usage(who, 'current_week');
    expect([usage.period_start, usage.period_end]).toEqual(['2025-01-13T00:00:00.000Z', '2025-01-20T00:00:00.000Z']);
    expect(usage.usage.total_renders).toBe(2);
  });

  it('computes the figures and rendering costs from completed, failed and canceled tasks of this account only', async () => {
    const who = principal();
    const inMonth = at('2025-01-10T08:00:00.000Z');
    const completed = (
      model: TaskEntity['model'],
      quality: TaskEntity['outputSettings']['quality'],
      priority: TaskEntity['priority'],
      minutes: number,
      seconds: number,
      createdAt = inMonth,
    ) =>
      taskRow(who.accountId, {
        createdAt,
        status: 'completed',
        model,
        priority,
        outputSettings: { width: 320, height: 180, framerate: 30, format: 'mp4', quality, codec: 'h264' },
        outputMinutes: minutes,
        processingSeconds: seconds,
        costUsd: renderCostUsd(DEFAULT_PRICE_LIST, model, quality, priority, minutes),
      });
    await insertTasks([
      completed('standard', 'standard', 'standard', 2, 90), // 2 min × 0.05 × 1 = 0.10
      completed('premium', 'high', 'urgent', 0.5, 30), // 0.5 min × 0.16 × 2 = 0.16
      completed('standard', 'draft', 'low', 3, 60), // 3 min × 0.02 × 0.8 = 0.048
      taskRow(who.accountId, { createdAt: inMonth, status: 'failed', startedAt: inMonth, processingSeconds: 45, outputMinutes: 1, costUsd: 0.05 }),
      taskRow(who.accountId, {
        createdAt: inMonth,
        status: 'canceled',
        startedAt: inMonth + 1000,
        canceledAt: inMonth + 13_000,
        outputMinutes: 1,
        costUsd: 0.05,
      }),
      taskRow(who.accountId, { createdAt: inMonth, status: 'canceled', canceledAt: inMonth + 500, outputMinutes: 1, costUsd: 0.05 }),
      taskRow(who.accountId, { createdAt: inMonth, status: 'queued', outputMinutes: 4, costUsd: 0.2 }),
      completed('premium', 'premium', 'urgent', 10, 600, at('2024-12-31T23:59:59.000Z')), // last month: not in this period
      taskRow(principal().accountId, { createdAt: inMonth, status: 'completed', outputMinutes: 7, processingSeconds: 100, costUsd: 0.35 }),
    ]);
    const usage = await service().usage(who, 'current_month');
    expect(usage.usage).toEqual({
      total_renders: 7,
      successful_renders: 3,
      failed_renders: 1,
      total_processing_minutes: 3.95, // (90 + 30 + 60 + 45 + 12) s / 60
      total_output_minutes: 5.5,
      storage_used_gb: 0,
    });
    expect(usage.costs).toEqual({ total_usd: 0.308, breakdown: { rendering_usd: 0.308, storage_usd: 0, bandwidth_usd: 0 } });
    expect(usage.limits).toEqual({ monthly_renders: 10_000, concurrent_renders: 20, max_storage_gb: 100 });
    const lastMonth = await service().usage(who, 'last_month');
    expect(lastMonth.usage.total_renders).toBe(1);
    expect(lastMonth.costs.breakdown.rendering_usd).toBe(4.8); // 10 min × 0.24 × 2
  });

  it('reports the bytes held now and charges storage per GB-month held within the period', async () => {
    const who = principal();
    await insertObjects([
      // 1 GiB held since 20 December: 12 days of December, 14.5 days of January up to the clock.
      storedObjectRow(who.accountId, { sizeBytes: GIB, createdAt: at('2024-12-20T00:00:00.000Z') }),
      // 0.5 GiB held 10–12 January: 1 GiB-day.
      storedObjectRow(who.accountId, { sizeBytes: GIB / 2, createdAt: at('2025-01-10T00:00:00.000Z'), deletedAt: at('2025-01-12T00:00:00.000Z') }),
      // 2 GiB held 1–5 December: 8 GiB-days of December only.
      storedObjectRow(who.accountId, { sizeBytes: 2 * GIB, createdAt: at('2024-12-01T00:00:00.000Z'), deletedAt: at('2024-12-05T00:00:00.000Z') }),
      // Another account's 5 GiB.
      storedObjectRow(principal().accountId, { sizeBytes: 5 * GIB, createdAt: at('2024-12-01T00:00:00.000Z') }),
    ]);
    const prices: PriceList = { ...DEFAULT_PRICE_LIST, storagePerGbMonthUsd: 3 };
    const january = await service(prices).usage(who, 'current_month');
    expect(january.usage.storage_used_gb).toBe(1);
    expect(january.costs.breakdown.storage_usd).toBe(1.55); // 15.5 GiB-days / 30 × 3 USD
    expect(january.costs.total_usd).toBe(1.55);
    const december = await service(prices).usage(who, 'last_month');
    expect(december.usage.storage_used_gb).toBe(1);
    expect(december.costs.breakdown.storage_usd).toBe(2); // 20 GiB-days / 30 × 3 USD
    const defaultPrice = await service().usage(who, 'yesterday');
    expect(defaultPrice.costs.breakdown.storage_usd).toBeCloseTo((1 / 30) * 0.023, 6); // 1 GiB-day
  });

  it('holds petabyte-scale byte counts without integer overflow', async () => {
    const who = principal();
    const size = 2 ** 50; // 1 PiB: × 30 days of milliseconds overflows a 64-bit integer
    await insertObjects([storedObjectRow(who.accountId, { sizeBytes: size, createdAt: at('2024-11-01T00:00:00.000Z') })]);
    const december = await service().usage(who, 'last_month');
    expect(december.usage.storage_used_gb).toBe(2 ** 20);
    expect(december.costs.breakdown.storage_usd).toBeCloseTo(((2 ** 20 * 31) / 30) * 0.023, 4);
  });
});
