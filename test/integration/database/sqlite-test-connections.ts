import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';

/** The service's database on a fresh SQLite file, open for the enclosing describe block (`db` may be replaced). */
export function sqliteDatabaseForBlock(prefix: string): { db: Database; readonly dataDir: string; readonly file: string; open(): Promise<Database> } {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const block = {
    db: undefined as unknown as Database,
    dataDir,
    file: join(dataDir, 'render.sqlite'),
    open: () => openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES),
  };
  beforeAll(async () => {
    block.db = await block.open();
  });
  afterAll(async () => {
    await block.db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return block;
}

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

  all<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
    return new Promise((resolve, reject) => this.connection.all<Row>(sql, params, (error, rows) => (error ? reject(error) : resolve(rows))));
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.connection.close((error) => (error ? reject(error) : resolve())));
  }
}
