import { readdirSync, readlinkSync } from 'node:fs';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { insertRows, taskRow } from '../usage/task-rows';
import { OtherConnection, sqliteDatabaseForBlock } from './sqlite-test-connections';

/** Raw SELECTs on SQLite: the read-only reader outside a unit of work, the writing connection inside one. */
describe('Database.select on SQLite', () => {
  const block = sqliteDatabaseForBlock('rs-reader-');
  const file = block.file;

  const statusOf = async (id: string) =>
    (await block.db.select<{ status: string }>(`SELECT status FROM tasks WHERE id = ${block.db.placeholder(1)}`, [id]))[0]?.status ?? null;

  it("sees a unit of work's rows inside it, and outside only once it commits (no dirty read)", async () => {
    const row = taskRow('acc_reader', { createdAt: 1_000 });
    let seenInside: string | null = null;
    let inserted!: () => void;
    let release!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const work = block.db.transaction(async () => {
      await insertRows(block.db, TaskEntity, [row]);
      seenInside = await statusOf(row.id);
      inserted();
      await released;
    });
    await insertedNow;
    // The single sqlite3 connection is inside the open transaction: a read on it would see the uncommitted row.
    const seenOutsideMeanwhile = await statusOf(row.id);
    release();
    await work;
    expect(seenInside).toBe('queued');
    expect(seenOutsideMeanwhile).toBeNull();
    expect(await statusOf(row.id)).toBe('queued');
  });

  it("sees another connection's commit at once, and never its uncommitted write", async () => {
    const row = taskRow('acc_reader', { createdAt: 2_000 });
    await insertRows(block.db, TaskEntity, [row]);
    expect(await statusOf(row.id)).toBe('queued');
    const other = await OtherConnection.open(file);
    try {
      await other.run('BEGIN IMMEDIATE');
      await other.run("UPDATE tasks SET status = 'processing' WHERE id = ?", [row.id]);
      expect(await statusOf(row.id)).toBe('queued');
      await other.run('COMMIT');
      // The reader's statement was kept from the read above: it must not keep that read's snapshot.
      expect(await statusOf(row.id)).toBe('processing');
    } finally {
      await other.close();
    }
  });

  it('closes the reader with the database: no descriptor of the file is left open', async () => {
    expect(openDescriptorsOf(file)).toBeGreaterThan(0);
    await block.db.close();
    expect(openDescriptorsOf(file)).toBe(0);
    block.db = await block.open();
    expect(await block.db.select<{ n: number }>('SELECT COUNT(*) AS n FROM tasks', [])).toEqual([{ n: 2 }]);
  });
});

function openDescriptorsOf(path: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // closed while listed (the directory's own descriptor)
    }
  }).length;
}
