import { chmod } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sqlite3 from 'sqlite3';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { Database } from './database';
import { InitialSchema1763830000000 } from './migrations/1763830000000-initial-schema';
import { QueueCoveringIndex1764150000000 } from './migrations/1764150000000-queue-covering-index';
import { ListOrderIndexes1764160000000 } from './migrations/1764160000000-list-order-indexes';
import { KeptQueueTotals1764170000000 } from './migrations/1764170000000-kept-queue-totals';
import { WebhookCredentials1764180000000 } from './migrations/1764180000000-webhook-credentials';
import { DataScale1764190000000 } from './migrations/1764190000000-data-scale';
import { Templates1764200000000 } from './migrations/1764200000000-templates';
import { DayCounts1764210000000 } from './migrations/1764210000000-day-counts';
import { UsageDays1764220000000 } from './migrations/1764220000000-usage-days';

export const MIGRATIONS = [
  InitialSchema1763830000000,
  QueueCoveringIndex1764150000000,
  ListOrderIndexes1764160000000,
  KeptQueueTotals1764170000000,
  WebhookCredentials1764180000000,
  DataScale1764190000000,
  Templates1764200000000,
  DayCounts1764210000000,
  UsageDays1764220000000,
];

/**
 * The entity classes a process maps. The schema comes from the migrations (its
 * indexes are declared there only), so a process lists only the tables it uses;
 * the composition root of each role owns its list (the feature folders own the
 * entities, the database folder knows none).
 */
export type EntityClasses = NonNullable<DataSourceOptions['entities']>;

type DatabaseSettings = Pick<AppConfig, 'databaseUrl' | 'dataDir'>;

export function dataSourceOptions(config: DatabaseSettings, entities: EntityClasses): DataSourceOptions {
  const common = {
    entities,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    // TypeORM drops a null or undefined condition from a find by default: an unset account id would then match every account.
    invalidWhereValuesBehavior: { null: 'throw', undefined: 'throw' },
  } as const;
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'postgres',
      url: config.databaseUrl,
      // Fail fast instead of hanging when PostgreSQL is unreachable; the API answers 503 meanwhile.
      connectTimeoutMS: 5_000,
      extra: { max: 10, connectionTimeoutMillis: 5_000, query_timeout: 30_000 },
    };
  }
  return {
    ...common,
    type: 'sqlite',
    database: join(config.dataDir, 'render.sqlite'),
    driver: SQLITE3_DRIVER,
    // WAL lets readers go on while a write commits; busy timeout rides out short write locks.
    enableWAL: true,
    busyTimeout: 10_000,
  };
}

/**
 * sqlite3's connection, except that a transaction begins IMMEDIATE: it takes
 * the write lock at BEGIN, waiting for it as long as the busy timeout allows.
 * TypeORM begins DEFERRED: a unit of work's first read opens a read transaction
 * and its first write upgrades it, and SQLite never waits on an upgrade: if
 * another connection holds the write lock at that moment, the write fails at
 * once with SQLITE_BUSY, after the work before it (a webhook already sent)
 * was done. Other connections do hold it: other processes on the file (the
 * keys CLI, an API beside a worker).
 */
class ImmediateTransactionsConnection extends sqlite3.Database {
  override all(sql: string, ...params: unknown[]): this {
    return super.all(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, ...params);
  }
}

/**
 * sqlite3 as TypeORM loads it, with the connection above, and a `verbose()`
 * (which TypeORM always calls) that does not switch on sqlite3's long stack
 * traces: those wrap every call to capture a stack and format its arguments, a
 * sixth of the API's CPU time on a task read. Errors still name the statement that failed.
 */
const SQLITE3_DRIVER: Sqlite3Module = Object.assign(Object.create(sqlite3) as Sqlite3Module, {
  Database: ImmediateTransactionsConnection,
  verbose: (): Sqlite3Module => SQLITE3_DRIVER,
});
type Sqlite3Module = ReturnType<typeof sqlite3.verbose>;

/** Opens the database with its schema up to date, as the unit of work the repositories share. */
export async function openDatabase(config: DatabaseSettings, entities: EntityClasses): Promise<Database> {
  return new Database(await openDataSource(config, entities));
}

/** Opens the data source and brings its schema up to date (migrations only, never synchronize). */
export async function openDataSource(config: DatabaseSettings, entities: EntityClasses): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(config, entities));
  await dataSource.initialize();
  if (dataSource.options.type !== 'postgres') {
    // With WAL, NORMAL syncs at checkpoints instead of every commit (4 ms per commit on a VM disk, which capped creates
    // near 200/s): the file stays consistent, and a power loss or OS crash, not a process crash, may undo the last
    // commits, the same bound as the private Redis (AOF fsync every second). docs/performance.md, "bench:api".
    await dataSource.query('PRAGMA synchronous = NORMAL');
    await dataSource.runMigrations({ transaction: 'each' });
    await ownerOnly(String(dataSource.options.database));
    return dataSource;
  }
  await withMigrationLock(dataSource, () => dataSource.runMigrations({ transaction: 'each' }));
  return dataSource;
}

/**
 * Runs `work` (migrating, or undoing a migration) holding the schema's lock on PostgreSQL, where many processes may
 * start at once: one migrates, the others wait and then find nothing to do.
 */
export async function withMigrationLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'postgres') return work();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

/** An arbitrary constant naming this service's migration lock. */
const MIGRATION_LOCK_KEY = 726_455_301;

/**
 * The SQLite file holds webhook secrets and key hashes: readable by the
 * service's user only. SQLite creates it with the umask's 0644, and later WAL
 * and shared-memory files with the database file's own mode.
 */
async function ownerOnly(databasePath: string): Promise<void> {
  await chmod(dirname(databasePath), 0o700);
  for (const path of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
    await chmod(path, 0o600).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
