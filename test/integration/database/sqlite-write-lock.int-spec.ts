import { TaskEntity } from '../../../src/tasks/task.entity';
import { insertRows, taskRow } from '../usage/task-rows';
import { OtherConnection, sqliteDatabaseForBlock } from './sqlite-test-connections';

/**
 * A unit of work on SQLite while another connection holds the write lock: it
 * waits for the lock rather than failing. Before, a unit of work that read
 * first (a webhook attempt's record counts the earlier attempts) failed at its
 * first write with SQLITE_BUSY, at once, whatever the busy timeout: the
 * delivery was sent again although its receiver had it.
 */
describe('a SQLite unit of work beside another connection holding the write lock', () => {
  const block = sqliteDatabaseForBlock('rs-write-lock-');

  it('reads then writes once the other connection commits, and keeps both writes', async () => {
    const db = block.db;
    const row = taskRow('acc_write_lock', { createdAt: 1_000 });
    await insertRows(db, TaskEntity, [row]);
    const other = await OtherConnection.open(block.file);
    const order: string[] = [];
    try {
      await other.run('BEGIN IMMEDIATE');
      await other.run('UPDATE tasks SET estimated_seconds = 42 WHERE id = ?', [row.id]);
      const work = db.transaction(async () => {
        const read = await db.run((m) => m.findOneByOrFail(TaskEntity, { id: row.id }));
        await db.run((m) => m.update(TaskEntity, { id: row.id }, { status: 'processing' }));
        order.push(`unit of work read ${read.status} and wrote`);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push('other committed');
      await other.run('COMMIT');
      await work;
    } finally {
      await other.close();
    }
    expect(order).toEqual(['other committed', 'unit of work read queued and wrote']);
    const stored = await db.run((m) => m.findOneByOrFail(TaskEntity, { id: row.id }));
    expect({ status: stored.status, estimatedSeconds: stored.estimatedSeconds }).toEqual({ status: 'processing', estimatedSeconds: 42 });
  });
});
