import type { Database as SqliteConnection, Statement } from 'sqlite3';

/**
 * Copies of one SQL text prepared at most: as many as libuv's thread pool has threads (4 by default), which
 * is as many as can be running at once.
 */
const MAX_COPIES = 4;

/** The prepared copies of one SQL text: those free, every one (to finalize), and the calls waiting for one. */
interface Copies {
  idle: Statement[];
  prepared: Array<Promise<Statement>>;
  waiting: Array<{ resolve: (statement: Statement) => void; reject: (error: unknown) => void }>;
}

/**
 * Statements of one sqlite3 connection, prepared once and reused. sqlite3 runs
 * one call of a statement at a time, and starts the next only from the main
 * thread, once the previous one's answer is back: the reads of one SQL text
 * asked together (clients polling the same endpoint) waited for each other's
 * round trip through the thread pool, and the main thread idled meanwhile. So a
 * SQL text keeps up to MAX_COPIES prepared copies: a call takes a free one,
 * prepares another while fewer exist, or else waits for the first one freed.
 */
export class StatementCache {
  private readonly copies = new Map<string, Copies>();

  constructor(private readonly connection: () => SqliteConnection) {}

  /** Every row of a SELECT. */
  all<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.use(sql, (statement) => new Promise((resolve, reject) => statement.all<Row>(params, (error, rows) => (error ? reject(error) : resolve(rows)))));
  }

  /** A statement that returns no rows (an INSERT). */
  run(sql: string, params: readonly unknown[]): Promise<void> {
    return this.use(sql, (statement) => new Promise((resolve, reject) => statement.run(params, (error) => (error ? reject(error) : resolve()))));
  }

  private async use<T>(sql: string, call: (statement: Statement) => Promise<T>): Promise<T> {
    let copies = this.copies.get(sql);
    if (!copies) {
      copies = { idle: [], prepared: [], waiting: [] };
      this.copies.set(sql, copies);
    }
    const statement = await this.take(sql, copies);
    try {
      return await call(statement);
    } finally {
      const next = copies.waiting.shift();
      if (next) next.resolve(statement);
      else copies.idle.push(statement);
    }
  }

  /**
   * A copy that failed to prepare is forgotten, and its error thrown (sqlite3 would never answer a call on
   * it); with no copy left, also to the calls waiting for one.
   */
  private take(sql: string, copies: Copies): Promise<Statement> {
    const idle = copies.idle.pop();
    if (idle) return Promise.resolve(idle);
    if (copies.prepared.length >= MAX_COPIES) return new Promise((resolve, reject) => copies.waiting.push({ resolve, reject }));
    const connection = this.connection();
    const statement = new Promise<Statement>((resolve, reject) => {
      const prepared = connection.prepare(sql, (error: Error | null) => (error ? reject(error) : resolve(prepared)));
    });
    copies.prepared.push(statement);
    statement.catch((error: unknown) => {
      copies.prepared = copies.prepared.filter((copy) => copy !== statement);
      // Others are served by the copies left, which free up; with none left, nothing would free up.
      if (copies.prepared.length === 0) for (const waiter of copies.waiting.splice(0)) waiter.reject(error);
    });
    return statement;
  }

  /** Before the connection closes: SQLite refuses to close one with statements not finalized. */
  async finalizeAll(): Promise<void> {
    const statements = await Promise.allSettled([...this.copies.values()].flatMap((copies) => copies.prepared));
    this.copies.clear();
    for (const settled of statements) {
      if (settled.status === 'fulfilled') await new Promise((resolve) => settled.value.finalize(() => resolve(undefined)));
    }
  }
}
