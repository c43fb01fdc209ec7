import { TaskEntity } from '../../../src/tasks/task.entity';
import { databaseFor, type TestDatabase } from '../../support/postgres';
import { startTestApp, type TestApp } from '../../support/test-app';
import { insertRows, taskRow } from '../usage/task-rows';

/** A list page and how many tasks match (kept counts, or the index range with a time bound) on both engines. */
describe.each(['sqlite', 'postgres'] as const)('TasksRepository.list on %s', (engine) => {
  let app: TestApp;
  let database: TestDatabase | null = null;
  const accountId = `acc_list_${process.pid}_${engine}`;
  const ids: string[] = [];

  beforeAll(async () => {
    const target = await databaseFor(engine, 'tasks_list');
    database = target.database;
    app = await startTestApp({ env: target.env });
    // Seven tasks one second apart, the fourth and sixth canceled; another account's task must never count.
    const rows = Array.from({ length: 7 }, (_, i) =>
      taskRow(accountId, { createdAt: 1_000_000 + i * 1000, status: i === 3 || i === 5 ? 'canceled' : 'queued' }),
    );
    ids.push(...rows.map((row) => row.id));
    await insertRows(app.runtime.db, TaskEntity, [...rows, taskRow('acc_someone_else', { createdAt: 1_000_500 })]);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const list = (filter: Partial<Parameters<TestApp['services']['repositories']['tasks']['list']>[1]>) =>
    app.services.repositories.tasks.list(accountId, { limit: 20, offset: 0, ...filter });

  it('gives a page newest first and the number of matching tasks as a number', async () => {
    const page = await list({ limit: 3, offset: 1 });
    expect(page.tasks.map((task) => task.id)).toEqual([ids[5], ids[4], ids[3]]);
    expect(page.total).toBe(7);
  });

  it('counts with the filters: status and creation bounds', async () => {
    const canceled = await list({ status: 'canceled' });
    expect(canceled.tasks.map((task) => task.id)).toEqual([ids[5], ids[3]]);
    expect(canceled.total).toBe(2);
    const window = await list({ createdAfter: 1_002_000, createdBefore: 1_005_000, limit: 1 });
    expect(window.tasks.map((task) => task.id)).toEqual([ids[4]]);
    expect(window.total).toBe(3);
  });

  it('still counts a page past the end, which has no row to carry the total', async () => {
    expect(await list({ offset: 7 })).toEqual({ tasks: [], total: 7 });
    expect(await list({ status: 'canceled', offset: 5 })).toEqual({ tasks: [], total: 2 });
    expect(await list({ status: 'failed' })).toEqual({ tasks: [], total: 0 });
  });

  it('answers the lists asked at one moment each by its own filter', async () => {
    const [first, same, canceled, shifted] = await Promise.all([
      list({ limit: 2 }),
      list({ limit: 2 }),
      list({ status: 'canceled' }),
      list({ limit: 2, offset: 1 }),
    ]);
    expect(first.tasks.map((task) => task.id)).toEqual([ids[6], ids[5]]);
    expect(same).toEqual(first);
    expect(canceled.tasks.map((task) => task.id)).toEqual([ids[5], ids[3]]);
    expect(shifted.tasks.map((task) => task.id)).toEqual([ids[5], ids[4]]);
  });

  it('counts a status change at once: the kept totals follow every move', async () => {
    await app.runtime.db.transaction(() => app.services.repositories.tasks.transition(ids[0], ['queued'], { status: 'failed', updatedAt: 3_000_000 }));
    expect((await list({ status: 'failed' })).total).toBe(1);
    expect((await list({ status: 'queued' })).total).toBe(4);
    expect((await list({})).total).toBe(7);
    await app.runtime.db.transaction(() => app.services.repositories.tasks.transition(ids[0], ['failed'], { status: 'queued', updatedAt: 3_000_001 }));
    expect((await list({ status: 'failed' })).total).toBe(0);
  });

  it('sees a task committed before the list was asked, although the same list was read a moment before', async () => {
    const late = `acc_list_late_${process.pid}_${engine}`;
    const lateList = () => app.services.repositories.tasks.list(late, { limit: 20, offset: 0 });
    expect((await lateList()).total).toBe(0);
    const row = taskRow(late, { createdAt: 2_000_000, status: 'queued' });
    await insertRows(app.runtime.db, TaskEntity, [row]);
    const after = await lateList();
    expect(after.tasks.map((task) => task.id)).toEqual([row.id]);
    expect(after.total).toBe(1);
  });
});
