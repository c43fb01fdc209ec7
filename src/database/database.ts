import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

/** A unit of work in progress: its transaction's manager, and what to do once it commits. */
interface UnitOfWork {
  manager: EntityManager;
  afterCommit: Array<() => Promise<unknown>>;
}

/**
 * The one way repositories reach the database: `run(manager => …)` for their
 * statements and, for services, `transaction(work)` for a unit of work. Every
 * repository call made inside `work` (however deep) runs in that transaction,
 * because the transaction's manager travels with the async context, not through
 * the services' arguments; a unit of work opened inside another joins it.
 *
 * SQLite has one connection per process, shared by every request: a statement
 * sent while some unit of work is open would run inside it (seeing its
 * uncommitted rows, and undone by its rollback). So on SQLite each unit of work,
 * and each statement made outside one, takes its turn on the connection.
 * PostgreSQL runs them concurrently on its pool.
 */
export class Database {
  private sqliteTurn: Promise<unknown> = Promise.resolve();
  private readonly current = new AsyncLocalStorage<UnitOfWork>();

  constructor(private readonly dataSource: DataSource) {}

  get isPostgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  /** Runs a repository's statements: in the unit of work in progress, if any, else on their own. */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const unitOfWork = this.current.getStore();
    if (unitOfWork) return work(unitOfWork.manager);
    return this.inTurn(() => work(this.dataSource.manager));
  }

  /** Runs `work` as one unit of work. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    const afterCommit: UnitOfWork['afterCommit'] = [];
    const result = await this.inTurn(() => this.dataSource.transaction((manager) => this.current.run({ manager, afterCommit }, work)));
    await Promise.all(afterCommit.map((task) => task().catch(() => undefined)));
    return result;
  }

  /**
   * Runs `task` once the unit of work in progress has committed (never if it
   * rolls back): for what must not be seen before the commit, such as a job
   * that reads the rows. Only for work that is redone if it fails (a sweep
   * re-enqueues what was lost): its failure is not reported.
   */
  afterCommit(task: () => Promise<unknown>): void {
    const unitOfWork = this.current.getStore();
    if (!unitOfWork) throw new Error('afterCommit is for work inside a unit of work');
    unitOfWork.afterCommit.push(task);
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.isPostgres) return work();
    const turn = this.sqliteTurn.then(work);
    this.sqliteTurn = turn.catch(() => undefined);
    return turn;
  }

  async ping(): Promise<void> {
    await this.run((manager) => manager.query('SELECT 1'));
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
