import sqlite3 from 'sqlite3';
import { StatementCache } from './statement-cache';

/**
 * A second, read-only connection to the SQLite file, for the hot reads made
 * outside a unit of work. The process's writing connection is shared by every
 * request, and may be inside another request's unit of work: a read there would
 * see rows that are not committed yet. Here a read sees the last commit, and
 * under WAL it never waits for a writer.
 *
 * It is a `sqlite3` connection, the library the writes use, on purpose. A
 * second copy of SQLite in the process (better-sqlite3 bundles its own, which
 * this reader once was) does not share the first one's file locks: POSIX locks
 * belong to the process, and each copy tracks only its own. This reader then
 * took the WAL write lock beside a committing writer, whenever it caught the
 * WAL index header mid-rewrite, and re-read the index while the writer changed
 * it; the writer's next unit of work failed with SQLITE_BUSY, and a concurrent
 * rewrite of the index can corrupt it (sqlite.org/howtocorrupt.html, 2.2.1).
 */
export class SqliteReader {
  private readonly statements: StatementCache;

  private constructor(private readonly connection: sqlite3.Database) {
    this.statements = new StatementCache(() => connection);
  }

  static open(path: string): Promise<SqliteReader> {
    return new Promise((resolve, reject) => {
      const connection = new sqlite3.Database(path, sqlite3.OPEN_READONLY, (error) => {
        if (error) return reject(error);
        // Bounds the rare wait a WAL reader has (another connection recovering the WAL index after a crash).
        connection.configure('busyTimeout', BUSY_WAIT_MS);
        resolve(new SqliteReader(connection));
      });
    });
  }

  /** Every row of a SELECT whose placeholders are numbered (`?1`, `?2`, as Database.placeholder writes them). */
  all<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.statements.all<Row>(sql, params);
  }

  async close(): Promise<void> {
    await this.statements.finalizeAll();
    await new Promise<void>((resolve, reject) => this.connection.close((error) => (error ? reject(error) : resolve())));
  }
}

const BUSY_WAIT_MS = 1_000;
