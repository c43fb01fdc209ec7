import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';

/**
 * The data source and the unit of work every repository shares. A service opens
 * a unit of work with `transaction(work)`; every repository call made inside
 * `work` (however deep) runs in that transaction, because the transaction's
 * manager travels with the async context, not through the services' arguments.
 * Outside a unit of work each call runs on its own.
 *
 * SQLite has a single connection per process, so its transactions are queued
 * here rather than interleaved; PostgreSQL runs them concurrently. A unit of
 * work opened inside another joins it (SQLite would otherwise wait on itself).
 */
export class Database {
  private sqliteQueue: Promise<unknown> = Promise.resolve();
  private readonly current = new AsyncLocalStorage<EntityManager>();

  constructor(private readonly dataSource: DataSource) {}

  get isPostgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    const run = () => this.dataSource.transaction((manager) => this.current.run(manager, work));
    if (this.isPostgres) return run();
    const queued = this.sqliteQueue.then(run);
    this.sqliteQueue = queued.catch(() => undefined);
    return queued;
  }

  /** For repositories: the manager of the unit of work in progress, else the data source's own. */
  manager(): EntityManager {
    return this.current.getStore() ?? this.dataSource.manager;
  }

  repository<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>): Repository<Entity> {
    return this.manager().getRepository(entity);
  }

  /** Positional placeholder `n` (1-based) of a raw statement, in the engine's syntax. */
  placeholder(n: number): string {
    return this.isPostgres ? `$${n}` : '?';
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Whether an error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string }; message?: string };
  const code = e.code ?? e.driverError?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT' || /UNIQUE constraint failed/.test(e.message ?? '');
}
