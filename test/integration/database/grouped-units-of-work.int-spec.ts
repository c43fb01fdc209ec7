import type { Database as SqliteConnection } from 'sqlite3';
import type { DataSource } from 'typeorm';
import { sqliteDatabaseForBlock } from './sqlite-test-connections';

/**
 * Groupable units of work on SQLite (a create's admission): those queued while the
 * connection is busy share one transaction, each seeing the writes of those before it;
 * a failure in one sends the others back to run alone, so it never costs them their writes.
 */
describe('grouped units of work on SQLite', () => {
  const block = sqliteDatabaseForBlock('rs-grouped-');
  const begun: string[] = [];
  let table = 0;

  beforeAll(() => {
    // The writing connection's statements, as SQLite runs them: how many transactions the works took.
    const connection = (block.db as unknown as { dataSource: DataSource }).dataSource.driver as unknown as { databaseConnection: SqliteConnection };
    connection.databaseConnection.on('trace', (sql) => {
      if (/^BEGIN/.test(sql)) begun.push(sql);
    });
  });

  /** A fresh table, and a work that inserts `value` into it and returns the values it then sees. */
  async function scratch(): Promise<{ name: string; insert: (value: string, runs?: string[]) => () => Promise<string[]> }> {
    const name = `scratch_${++table}`;
    await block.db.manager().query(`CREATE TABLE ${name} (value TEXT UNIQUE)`);
    const insert =
      (value: string, runs: string[] = []) =>
      async () => {
        runs.push(value);
        await block.db.manager().query(`INSERT INTO ${name} (value) VALUES (?)`, [value]);
        const rows: Array<{ value: string }> = await block.db.manager().query(`SELECT value FROM ${name} ORDER BY rowid`);
        return rows.map((row) => row.value);
      };
    return { name, insert };
  }

  /** Keeps the connection busy with a unit of work until `release` is called, so what is queued meanwhile waits together. */
  function holdConnection(): { held: Promise<void>; release: () => void } {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { held: block.db.transaction(() => gate), release };
  }

  const stored = async (name: string) =>
    ((await block.db.select<{ value: string }>(`SELECT value FROM ${name} ORDER BY value`, [])) ?? []).map((row) => row.value);

  it('runs the groupable work queued together in one transaction, in order, each seeing the writes before it', async () => {
    const { name, insert } = await scratch();
    begun.length = 0;
    const hold = holdConnection();
    const works = ['a', 'b', 'c', 'd', 'e'].map((value) => block.db.transaction(insert(value), { groupable: true }));
    hold.release();
    await hold.held;
    expect(await Promise.all(works)).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd', 'e']]);
    // The holding work's transaction, then the group's.
    expect(begun).toHaveLength(2);
    expect(await stored(name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('runs the others of a group again alone when one fails: that one fails with its own error, the others keep their writes', async () => {
    const { name, insert } = await scratch();
    await block.db.transaction(insert('taken'));
    const runs: string[] = [];
    const hold = holdConnection();
    const works = ['a', 'taken', 'b'].map((value) => block.db.transaction(insert(value, runs), { groupable: true }).catch((error: Error) => error.message));
    hold.release();
    await hold.held;
    const [a, taken, b] = await Promise.all(works);
    expect(a).toEqual(['taken', 'a']);
    expect(taken).toMatch(/UNIQUE constraint failed/);
    expect(b).toEqual(['taken', 'a', 'b']);
    // In the group until 'taken' failed, then each alone.
    expect(runs).toEqual(['a', 'taken', 'a', 'taken', 'b']);
    expect(await stored(name)).toEqual(['a', 'b', 'taken']);
  });

  it('keeps the order of work that is not groupable: groupable work queued after it waits for it, in a group of its own', async () => {
    const { insert } = await scratch();
    begun.length = 0;
    const hold = holdConnection();
    const first = block.db.transaction(insert('a'), { groupable: true });
    const plain = block.db.transaction(insert('plain'));
    const after = block.db.transaction(insert('b'), { groupable: true });
    hold.release();
    await hold.held;
    expect(await Promise.all([first, plain, after])).toEqual([['a'], ['a', 'plain'], ['a', 'plain', 'b']]);
    expect(begun).toHaveLength(4);
  });
});
