import { DataSource, EntityManager } from 'typeorm';

/**
 * The data source plus the one way to run a transaction. SQLite has a single
 * connection per process, so its transactions are queued here rather than
 * nested by accident; PostgreSQL runs them concurrently.
 */
export class Database {
  private sqliteQueue: Promise<unknown> = Promise.resolve();

  constructor(readonly dataSource: DataSource) {}

  get isPostgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.isPostgres) return this.dataSource.transaction(work);
    const run = this.sqliteQueue.then(() => this.dataSource.transaction(work));
    this.sqliteQueue = run.catch(() => undefined);
    return run;
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
