import sqlite3 from 'sqlite3';
import { StatementCache } from './statement-cache';

function openMemory(): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const connection = new sqlite3.Database(':memory:', (error) => (error ? reject(error) : resolve(connection)));
  });
}

function close(connection: sqlite3.Database): Promise<void> {
  return new Promise((resolve, reject) => connection.close((error) => (error ? reject(error) : resolve())));
}

describe('StatementCache', () => {
  let connection: sqlite3.Database;
  let cache: StatementCache;
  let prepare: jest.SpyInstance;

  beforeEach(async () => {
    connection = await openMemory();
    prepare = jest.spyOn(connection, 'prepare');
    cache = new StatementCache(() => connection);
  });

  afterEach(async () => {
    await cache.finalizeAll();
    // SQLite refuses to close a connection with a statement not finalized: this fails if a copy was left out.
    await close(connection);
  });

  it('prepares a text once for calls one after another', async () => {
    for (let n = 0; n < 3; n++) expect(await cache.all('SELECT ?1 AS n', [n])).toEqual([{ n }]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('runs calls made together on up to four copies, the others waiting for a copy, each with its own parameters', async () => {
    const rows = await Promise.all(Array.from({ length: 10 }, (_, n) => cache.all<{ n: number }>('SELECT ?1 AS n', [n])));
    expect(rows).toEqual(Array.from({ length: 10 }, (_, n) => [{ n }]));
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('writes with run, and reads what it wrote', async () => {
    await new Promise<void>((resolve, reject) => connection.run('CREATE TABLE t (n INTEGER)', (error) => (error ? reject(error) : resolve())));
    await Promise.all([1, 2, 3].map((n) => cache.run('INSERT INTO t (n) VALUES (?1)', [n])));
    expect(await cache.all('SELECT SUM(n) AS total FROM t', [])).toEqual([{ total: 6 }]);
  });

  it('throws a text that does not prepare to every call, and prepares it again on the next', async () => {
    const calls = await Promise.allSettled(Array.from({ length: 6 }, () => cache.all('SELECT * FROM missing_table', [])));
    expect(calls.map((call) => call.status)).toEqual(Array(6).fill('rejected'));
    expect(String((calls[5] as PromiseRejectedResult).reason)).toMatch(/no such table: missing_table/);
    const before = prepare.mock.calls.length;
    await expect(cache.all('SELECT * FROM missing_table', [])).rejects.toThrow(/no such table/);
    expect(prepare.mock.calls.length).toBe(before + 1);
  });
});
