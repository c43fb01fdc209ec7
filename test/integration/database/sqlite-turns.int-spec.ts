import { TaskEntity } from '../../../src/tasks/task.entity';
import { insertRows, taskRow } from '../usage/task-rows';
import { OtherConnection, sqliteDatabaseForBlock } from './sqlite-test-connections';

/**
 * SQLite's one connection is shared by every request of the process: a
 * statement sent while another request's unit of work is open would run inside
 * it. Database gives each unit of work, and each statement outside one, its turn.
 */
describe('Database on SQLite: units of work and statements take turns', () => {
  const block = sqliteDatabaseForBlock('rs-turns-');

  const statusOf = async (id: string) => (await block.db.run((m) => m.findOneBy(TaskEntity, { id })))?.status ?? null;

  /** Opens a unit of work that inserts `row` and holds until released. */
  function holdUnitOfWork(row: TaskEntity) {
    let inserted!: () => void;
    let release!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let seenInside: string | null = null;
    const work = block.db.transaction(async () => {
      await insertRows(block.db, TaskEntity, [row]);
      seenInside = await statusOf(row.id);
      inserted();
      await released;
      return seenInside;
    });
    return { insertedNow, release, work };
  }

  it("sees a unit of work's rows inside it, and outside only once it commits (no dirty read)", async () => {
    const row = taskRow('acc_turns', { createdAt: 1_000 });
    const held = holdUnitOfWork(row);
    await held.insertedNow;
    const outside = statusOf(row.id);
    held.release();
    expect(await held.work).toBe('queued');
    // Asked while the unit of work was open, answered after its commit.
    expect(await outside).toBe('queued');
  });

  it('never lets a unit of work that rolls back take a statement made outside it with it', async () => {
    const kept = taskRow('acc_turns', { createdAt: 2_000 });
    await insertRows(block.db, TaskEntity, [kept]);
    const undone = taskRow('acc_turns', { createdAt: 3_000 });
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const failing = block.db.transaction(async () => {
      await insertRows(block.db, TaskEntity, [undone]);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('the unit of work fails');
    });
    await insertedNow;
    const update = block.db.run((m) => m.update(TaskEntity, { id: kept.id }, { status: 'processing' }));
    await expect(failing).rejects.toThrow('the unit of work fails');
    await update;
    expect(await statusOf(undone.id)).toBeNull();
    expect(await statusOf(kept.id)).toBe('processing');
  });

  it("sees another connection's commit at once, and never its uncommitted write", async () => {
    const row = taskRow('acc_turns', { createdAt: 4_000 });
    await insertRows(block.db, TaskEntity, [row]);
    const other = await OtherConnection.open(block.file);
    try {
      await other.run('BEGIN IMMEDIATE');
      await other.run("UPDATE tasks SET status = 'canceled' WHERE id = ?", [row.id]);
      expect(await statusOf(row.id)).toBe('queued');
      await other.run('COMMIT');
      expect(await statusOf(row.id)).toBe('canceled');
    } finally {
      await other.close();
    }
  });
});
