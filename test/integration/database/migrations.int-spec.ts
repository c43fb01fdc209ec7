import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountEntity } from '../../../src/auth/account.entity';
import { ApiKeyEntity } from '../../../src/auth/api-key.entity';
import { PERMISSIONS } from '../../../src/auth/auth.types';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { MIGRATIONS, openDataSource } from '../../../src/database/data-source';
import type { DataSource } from 'typeorm';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import { taskRow } from '../usage/task-rows';

const TABLES = ['accounts', 'api_keys', 'tasks', 'task_events', 'delivery_attempts', 'stored_objects', 'bandwidth_usage', 'templates'];
describe.each([
  ['SQLite', 'sqlite'],
  ['PostgreSQL', 'postgres'],
] as const)('migrations on %s', (_name, engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-migrate-'));
  const config: { dataDir: string; databaseUrl: string | null } = { dataDir, databaseUrl: null };
  let database: TestDatabase | null = null;

  beforeAll(async () => {
    if (engine === 'postgres') {
      database = await createTestDatabase('migrate');
      config.databaseUrl = database.url;
    }
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates every table, is idempotent, and rolls back cleanly', async () => {
    const first = await openDataSource(config, SERVICE_ENTITIES);
    const runner = first.createQueryRunner();
    for (const table of TABLES) expect(await runner.hasTable(table)).toBe(true);
    expect(await runner.hasColumn('tasks', 'concurrency_limit')).toBe(true);
    expect(await runner.hasColumn('tasks', 'webhook_credentials')).toBe(true);
    await runner.release();
    await first.destroy();

    const second = await openDataSource(config, SERVICE_ENTITIES);
    expect(await second.showMigrations()).toBe(false);
    const indexColumns = (name: string) => orderedIndexColumns(second, name);
    const dayCounts = async () =>
      numbers(await second.query('SELECT account_id, day_start, status, task_count FROM account_task_days ORDER BY day_start, status'));
    const WIDE_INDEX = ['account_id', 'created_at', 'id', 'status', 'processing_seconds', 'started_at', 'canceled_at', 'output_minutes', 'cost_usd'];
    // Undone (UsageDays), then redone with tasks in the table: the day sums start from them, in whole units, and
    // the triggers then keep them, through status changes and changes of a summed column alone.
    await second.undoLastMigration();
    expect(await indexColumns('idx_tasks_account_created')).toEqual(WIDE_INDEX);
    const day = Date.UTC(2026, 0, 1);
    const tasks = second.getRepository(TaskEntity);
    await tasks.insert([
      taskRow('u0', { createdAt: day, status: 'completed', processingSeconds: 12.345, outputMinutes: 0.5, costUsd: 0.025 }),
      taskRow('u0', { createdAt: day + 1, status: 'canceled', startedAt: day + 1000, canceledAt: day + 4000, outputMinutes: 1, costUsd: 0.05 }),
      taskRow('u0', { createdAt: day + 2, status: 'queued', outputMinutes: 2, costUsd: 0.1 }),
    ] as never[]);
    await second.runMigrations();
    expect(await indexColumns('idx_tasks_account_created')).toEqual(['account_id', 'created_at', 'id']);
    const daySums = async () =>
      numbers(
        await second.query(
          "SELECT status, task_count, processing_ms, output_ms, cost_micro_usd FROM account_task_days WHERE account_id = 'u0' ORDER BY status",
        ),
      );
    expect(await daySums()).toEqual([
      { status: 'canceled', task_count: 1, processing_ms: 3000, output_ms: 60_000, cost_micro_usd: 50_000 },
      { status: 'completed', task_count: 1, processing_ms: 12_345, output_ms: 30_000, cost_micro_usd: 25_000 },
      { status: 'queued', task_count: 1, processing_ms: 0, output_ms: 120_000, cost_micro_usd: 100_000 },
    ]);
    await tasks.update({ accountId: 'u0', status: 'queued' }, { status: 'processing', startedAt: day + 10 });
    await tasks.update({ accountId: 'u0', status: 'processing' }, { status: 'completed', processingSeconds: 7.5 });
    await tasks.update({ accountId: 'u0', status: 'canceled' }, { costUsd: 0.07 });
    expect(await daySums()).toEqual([
      { status: 'canceled', task_count: 1, processing_ms: 3000, output_ms: 60_000, cost_micro_usd: 70_000 },
      { status: 'completed', task_count: 2, processing_ms: 19_845, output_ms: 150_000, cost_micro_usd: 125_000 },
      { status: 'processing', task_count: 0, processing_ms: 0, output_ms: 0, cost_micro_usd: 0 },
      { status: 'queued', task_count: 0, processing_ms: 0, output_ms: 0, cost_micro_usd: 0 },
    ]);
    await second.query('DELETE FROM tasks');
    expect(
      (await daySums()).every((row) =>
        Object.values(row)
          .slice(1)
          .every((value) => value === 0),
      ),
    ).toBe(true);
    // Undone (UsageDays and DayCounts), then redone with tasks in the table: the day counts start from them (UTC
    // days), and the triggers then keep them.
    await second.undoLastMigration();
    await second.undoLastMigration();
    expect(await hasTable(second, 'account_task_days')).toBe(false);
    const dayOne = Date.UTC(2026, 0, 1);
    const dayTwo = Date.UTC(2026, 0, 2);
    await second
      .getRepository(TaskEntity)
      .insert([
        taskRow('a0', { createdAt: dayTwo - 1, status: 'completed' }),
        taskRow('a0', { createdAt: dayTwo, status: 'completed' }),
        taskRow('a0', { createdAt: dayTwo + 43_200_000, status: 'failed' }),
      ] as never[]);
    await second.runMigrations();
    expect(await dayCounts()).toEqual([
      { account_id: 'a0', day_start: dayOne, status: 'completed', task_count: 1 },
      { account_id: 'a0', day_start: dayTwo, status: 'completed', task_count: 1 },
      { account_id: 'a0', day_start: dayTwo, status: 'failed', task_count: 1 },
    ]);
    await second.getRepository(TaskEntity).update({ status: 'failed' }, { status: 'queued' });
    await second.getRepository(TaskEntity).insert(taskRow('a0', { createdAt: dayTwo + 1, status: 'queued' }) as never);
    expect((await dayCounts()).filter((row) => row.day_start === dayTwo)).toEqual([
      { account_id: 'a0', day_start: dayTwo, status: 'completed', task_count: 1 },
      { account_id: 'a0', day_start: dayTwo, status: 'failed', task_count: 0 },
      { account_id: 'a0', day_start: dayTwo, status: 'queued', task_count: 2 },
    ]);
    await second.query('DELETE FROM tasks');
    await second.undoLastMigration();
    await second.undoLastMigration();
    // Undone (Templates): the table and the template permissions go; redone, a key with every earlier permission gets them again.
    const key = (id: string, permissions: string[]) => ({
      id,
      accountId: 'a1',
      name: id,
      tier: 'pro' as const,
      permissions,
      keyHash: id,
      keyHint: id,
      createdAt: 0,
    });
    await second.getRepository(ApiKeyEntity).insert([key('k-all', [...PERMISSIONS]), key('k-some', ['tasks:read', 'templates:read'])] as never[]);
    const permissions = async () => (await second.getRepository(ApiKeyEntity).find({ order: { id: 'ASC' } })).map((row) => row.permissions);
    await second.undoLastMigration();
    expect(await hasTable(second, 'templates')).toBe(false);
    expect(await permissions()).toEqual([['tasks:read', 'tasks:write', 'usage:read', 'models:read'], ['tasks:read']]);
    await second.runMigrations();
    expect(await hasTable(second, 'templates')).toBe(true);
    expect(await permissions()).toEqual([[...PERMISSIONS], ['tasks:read']]);
    await second.undoLastMigration();
    await second.undoLastMigration();
    await second.undoLastMigration();
    // Undone with tasks in the table, then redone: the kept totals start from the tasks already there.
    await second
      .getRepository(TaskEntity)
      .insert([
        taskRow('a1', { createdAt: Date.UTC(2026, 0, 31, 23, 59), status: 'queued', estimatedSeconds: 4 }),
        taskRow('a1', { createdAt: Date.UTC(2026, 1, 1), status: 'processing', estimatedSeconds: 2.5 }),
        taskRow('a1', { createdAt: Date.UTC(2026, 1, 2), status: 'completed' }),
      ] as never[]);
    // Undone (DataScale): the per-month totals of KeptQueueTotals come back, counted from the tasks.
    await second.undoLastMigration();
    const kept = second.createQueryRunner();
    expect(await kept.hasTable('account_task_counts')).toBe(false);
    expect(await kept.hasTable('account_month_tasks')).toBe(true);
    await kept.release();
    expect(numbers(await second.query('SELECT account_id, month_start, task_count FROM account_month_tasks ORDER BY month_start'))).toEqual([
      { account_id: 'a1', month_start: Date.UTC(2026, 0, 1), task_count: 1 },
      { account_id: 'a1', month_start: Date.UTC(2026, 1, 1), task_count: 2 },
    ]);
    expect(await indexColumns('idx_tasks_account_created')).toEqual(['account_id', 'created_at', 'id']);
    // Redone with tasks changed meanwhile (the old triggers kept the old totals): the counts start from the tasks there.
    await second.getRepository(TaskEntity).update({ status: 'completed' }, { status: 'queued' });
    await second.runMigrations();
    expect(numbers(await second.query('SELECT status, priority_rank, task_count, estimated_seconds FROM queue_totals ORDER BY status'))).toEqual([
      { status: 'processing', priority_rank: 2, task_count: 1, estimated_seconds: 2.5 },
      { status: 'queued', priority_rank: 2, task_count: 2, estimated_seconds: 14 },
    ]);
    expect(numbers(await second.query('SELECT account_id, month_start, status, task_count FROM account_task_counts ORDER BY month_start, status'))).toEqual([
      { account_id: 'a1', month_start: Date.UTC(2026, 0, 1), status: 'queued', task_count: 1 },
      { account_id: 'a1', month_start: Date.UTC(2026, 1, 1), status: 'processing', task_count: 1 },
      { account_id: 'a1', month_start: Date.UTC(2026, 1, 1), status: 'queued', task_count: 1 },
    ]);
    // Undone (UsageDays, DayCounts and Templates, redone with the rest), then DataScale, which widened the index.
    await second.undoLastMigration();
    await second.undoLastMigration();
    await second.undoLastMigration();
    expect(await indexColumns('idx_tasks_account_created')).toEqual(WIDE_INDEX);
    await second.undoLastMigration();
    // Undone (WebhookCredentials).
    await second.undoLastMigration();
    const unsealed = second.createQueryRunner();
    expect(await unsealed.hasColumn('tasks', 'webhook_credentials')).toBe(false);
    expect(await unsealed.hasColumn('tasks', 'webhook')).toBe(true);
    await unsealed.release();
    await second.query('DELETE FROM tasks');
    // Undone (KeptQueueTotals).
    await second.undoLastMigration();
    const none = second.createQueryRunner();
    expect(await none.hasTable('queue_totals')).toBe(false);
    expect(await none.hasTable('account_month_tasks')).toBe(false);
    await none.release();
    expect(await indexColumns('idx_tasks_account_created')).toEqual(['account_id', 'created_at', 'id']);
    expect(await indexColumns('idx_tasks_account_status')).toEqual(['account_id', 'status', 'created_at', 'id']);
    await second.undoLastMigration();
    expect(await indexColumns('idx_tasks_account_created')).toEqual(['account_id', 'created_at']);
    expect(await indexColumns('idx_tasks_account_status')).toEqual(['account_id', 'status']);
    expect(await indexColumns('idx_tasks_queue')).toEqual(['status', 'priority_rank', 'created_at', 'id', 'estimated_seconds']);
    await second.undoLastMigration();
    expect(await indexColumns('idx_tasks_queue')).toEqual(['status', 'priority_rank', 'created_at']);
    await second.undoLastMigration();
    const after = second.createQueryRunner();
    for (const table of TABLES) expect(await after.hasTable(table)).toBe(false);
    await after.release();
    await second.runMigrations();
    const again = second.createQueryRunner();
    expect(await again.hasTable('tasks')).toBe(true);
    await again.release();
    await second.destroy();
  }, 60_000);

  it('enforces one request_id per account with a unique index', async () => {
    const db = await openDataSource(config, SERVICE_ENTITIES);
    const insert = async (id: string, accountId: string, requestId: string | null) => {
      await db.getRepository(AccountEntity).upsert({ id: accountId, name: accountId, creditBalanceUsd: null, createdAt: 0 }, ['id']);
      await db.getRepository(TaskEntity).insert(taskRow(accountId, { id, requestId, createdAt: 1 }) as never);
    };
    await insert('t1', 'a1', 'r');
    await expect(insert('t2', 'a1', 'r')).rejects.toThrow();
    await insert('t3', 'a2', 'r');
    await insert('t4', 'a1', null);
    await insert('t5', 'a1', null);
    await db.destroy();
  });
});

describe('concurrent start on one PostgreSQL database', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('migrate_race');
  });
  afterAll(() => database.drop());

  it('lets four processes open and migrate the same fresh database at once', async () => {
    const config = { dataDir: tmpdir(), databaseUrl: database.url };
    const sources = await Promise.all([1, 2, 3, 4].map(() => openDataSource(config, SERVICE_ENTITIES)));
    const applied = await sources[0].query('SELECT COUNT(*)::int AS n FROM migrations');
    expect(applied[0].n).toBe(MIGRATIONS.length);
    await Promise.all(sources.map((source) => source.destroy()));
  });
});

describe('the SQLite file', () => {
  it('is readable by the service user only, its directory too, WAL files included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rs-perms-'));
    chmodSync(dataDir, 0o755);
    const db = await openDataSource({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    await db.getRepository(AccountEntity).query('CREATE TABLE scratch (x integer)');
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'render.sqlite'))).toBe(0o600);
    expect(existsSync(join(dataDir, 'render.sqlite-wal'))).toBe(true);
    expect(mode(join(dataDir, 'render.sqlite-wal'))).toBe(0o600);
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

async function hasTable(source: DataSource, table: string): Promise<boolean> {
  const runner = source.createQueryRunner();
  try {
    return await runner.hasTable(table);
  } finally {
    await runner.release();
  }
}

/** Rows with PostgreSQL's bigint and numeric strings as numbers, to compare with SQLite's. */
function numbers(rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && /^-?[0-9.]+$/.test(value) ? Number(value) : value])),
  );
}

/** An index's columns in the index's own order (TypeORM's table metadata lists PostgreSQL's in the table's order). */
async function orderedIndexColumns(source: DataSource, name: string): Promise<string[]> {
  const rows: Array<{ name: string }> =
    source.options.type === 'postgres'
      ? await source.query(
          `SELECT a.attname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
           WHERE c.relname = $1 ORDER BY k.n`,
          [name],
        )
      : await source.query('SELECT name FROM pragma_index_info(?) ORDER BY seqno', [name]);
  return rows.map((row) => row.name);
}
