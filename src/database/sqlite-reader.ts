import BetterSqlite3 from 'better-sqlite3';

/**
 * A second, read-only connection to the SQLite file that answers on the calling
 * thread. sqlite3 (TypeORM's driver, which keeps the writes) runs every
 * statement on libuv's thread pool and answers on a later turn of the event
 * loop: for a read of one row by primary key that hop costs more than the
 * read. Under WAL a reader never waits for a writer (it reads the last commit),
 * so a read here takes microseconds and cannot hold the event loop behind
 * another process's write. Writes stay on sqlite3, where a busy wait blocks a
 * pool thread rather than the event loop.
 */
export class SqliteReader {
  private readonly connection: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(path: string) {
    // `timeout` bounds the rare wait a WAL reader has (another connection recovering the WAL index after a crash).
    this.connection = new BetterSqlite3(path, { readonly: true, fileMustExist: true, timeout: BUSY_WAIT_MS });
  }

  /** Every row of a SELECT whose placeholders are numbered (`?1`, `?2`, as Database.placeholder writes them). */
  all<Row>(sql: string, params: readonly unknown[]): Row[] {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    // better-sqlite3 binds numbered placeholders by name: an object keyed 1, 2, ... rather than an array.
    const named: Record<number, unknown> = {};
    params.forEach((value, i) => (named[i + 1] = value));
    return statement.all(named) as Row[];
  }

  close(): void {
    this.statements.clear();
    this.connection.close();
  }
}

const BUSY_WAIT_MS = 1_000;
