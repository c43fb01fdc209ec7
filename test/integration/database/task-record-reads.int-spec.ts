import { TaskEntity } from '../../../src/tasks/task.entity';
import { databaseFor, type TestDatabase } from '../../support/postgres';
import { startTestApp, type TestApp } from '../../support/test-app';
import { insertRows, taskRow } from '../usage/task-rows';

/** The polled read of a task record, on both engines. */
describe.each(['sqlite', 'postgres'] as const)('TasksRepository.findRecordForAccount on %s', (engine) => {
  let app: TestApp;
  let database: TestDatabase | null = null;
  const accountId = `acc_record_${process.pid}_${engine}`;
  const rows = Array.from({ length: 20 }, (_, i) => taskRow(accountId, { createdAt: 1_000_000 + i, status: i % 2 ? 'processing' : 'queued' }));
  const foreign = taskRow('acc_someone_else', { createdAt: 1_000_500 });

  beforeAll(async () => {
    const target = await databaseFor(engine, 'task_records');
    database = target.database;
    app = await startTestApp({ env: target.env });
    await insertRows(app.runtime.db, TaskEntity, [...rows, foreign]);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("answers reads made together, each with its own task, and null for another account's task or an unknown id", async () => {
    const ids = [...rows.map((row) => row.id), rows[3].id, foreign.id, 'tsk_unknown'];
    const records = await Promise.all(ids.map((id) => app.services.repositories.tasks.findRecordForAccount(accountId, id)));
    expect(records.map((record) => record?.id ?? null)).toEqual([...rows.map((row) => row.id), rows[3].id, null, null]);
    expect(records.slice(0, 20).map((record) => record?.status)).toEqual(rows.map((row) => row.status));
    expect(records[0]).toMatchObject({ createdAt: 1_000_000, priority: 'standard' });
    // Only the record's fields are read: never the webhook (its secret) or the timeline.
    const record = records[0] as Partial<TaskEntity>;
    expect([record.accountId, record.webhook, record.timeline]).toEqual([undefined, undefined, undefined]);
  });

  it('sees a change committed after an earlier read', async () => {
    const tasks = app.services.repositories.tasks;
    expect((await tasks.findRecordForAccount(accountId, rows[0].id))?.status).toBe('queued');
    await app.runtime.db.transaction(() => tasks.transition(rows[0].id, ['queued'], { status: 'canceled', canceledAt: 2_000_000, updatedAt: 2_000_000 }));
    expect((await tasks.findRecordForAccount(accountId, rows[0].id))?.status).toBe('canceled');
  });
});
