import sqlite3 from 'sqlite3';

/**
 * Another connection to a SQLite file, through the same library as the
 * service's own: a second copy of SQLite in the process (better-sqlite3) would
 * not see this connection's locks, nor this one theirs.
 */
export class OtherConnection {
  private constructor(private readonly connection: sqlite3.Database) {}

  static open(path: string): Promise<OtherConnection> {
    return new Promise((resolve, reject) => {
      const connection = new sqlite3.Database(path, (error) => (error ? reject(error) : resolve(new OtherConnection(connection))));
    });
  }

  run(sql: string, params: unknown[] = []): Promise<void> {
    return new Promise((resolve, reject) => this.connection.run(sql, params, (error) => (error ? reject(error) : resolve())));
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.connection.close((error) => (error ? reject(error) : resolve())));
  }
}
