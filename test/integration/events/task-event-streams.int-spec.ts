import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { StreamSlots } from '../../../src/events/stream-slots';
import type { TaskEntity } from '../../../src/tasks/task.entity';
import { TaskEventsRepository } from '../../../src/tasks/task-events.repository';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import { present } from '../../support/present';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['sqlite', 'postgres'] as const)('TaskEventsRepository on %s', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-events-'));
  let postgres: TestDatabase | null = null;
  let db: Database;
  let events: TaskEventsRepository;
  const task = (id: string, accountId: string, wanted?: string[]) =>
    ({ id, accountId, webhook: { url: 'https://hooks.example/x', ...(wanted ? { events: wanted } : {}) } }) as Pick<TaskEntity, 'id' | 'accountId' | 'webhook'>;

  beforeAll(async () => {
    postgres = engine === 'postgres' ? await createTestDatabase('events') : null;
    db = await openDatabase({ dataDir, databaseUrl: postgres?.url ?? null }, SERVICE_ENTITIES);
    events = new TaskEventsRepository(db);
  });
  afterAll(async () => {
    await db?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads a task's events after a sequence number in order, only for the owning account, webhook filter or not", async () => {
    // Only completed goes to the webhook; the stream reports every event all the same.
    const owned = task('tsk_a', 'acc_1', ['task.completed']);
    const written = [];
    for (const [type, at] of [
      ['task.queued', 1],
      ['task.started', 2],
      ['task.progress', 3],
      ['task.completed', 4],
    ] as const) {
      written.push(await db.transaction(() => events.append(owned, type, at, { n: at })));
    }
    await db.transaction(() => events.append(task('tsk_b', 'acc_1'), 'task.queued', 5, {}));

    const all = await events.after('acc_1', 'tsk_a', 0, 100);
    expect(all).toEqual(written.map(({ id, seq, type, body }) => ({ id, seq, type, body })));
    expect(all.map((event) => event.seq)).toEqual([1, 2, 3, 4]);
    expect(JSON.parse(all[2].body)).toMatchObject({ event: 'task.progress', task_id: 'tsk_a', data: { n: 3 } });
    expect((await events.after('acc_1', 'tsk_a', 2, 100)).map((event) => event.type)).toEqual(['task.progress', 'task.completed']);
    expect((await events.after('acc_1', 'tsk_a', 0, 2)).map((event) => event.seq)).toEqual([1, 2]);
    expect(await events.after('acc_2', 'tsk_a', 0, 100)).toEqual([]);

    expect(await events.sequenceOf('acc_1', 'tsk_a', written[1].id)).toBe(2);
    expect(await events.sequenceOf('acc_2', 'tsk_a', written[1].id)).toBeNull();
    expect(await events.sequenceOf('acc_1', 'tsk_b', written[1].id)).toBeNull();
    expect(await events.sequenceOf('acc_1', 'tsk_a', 'evt_unknown')).toBeNull();
  });
});

/** Against the shared Redis on 127.0.0.1:6379, under a prefix of this run only. */
describe('StreamSlots on Redis', () => {
  const prefix = `rs-streams-test-${process.pid}-${Date.now()}`;
  let redis: Redis;
  let other: Redis;

  beforeAll(() => {
    redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    other = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    other.disconnect();
  });

  it('grants exactly the limit among concurrent requests from two processes, per subject, and frees a slot on release', async () => {
    const [first, second] = [new StreamSlots(redis, prefix), new StreamSlots(other, prefix)];
    const slots = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? first : second).acquire('key:a', 5)));
    const granted = slots.filter((slot) => slot !== null);
    expect(granted).toHaveLength(5);
    expect(await first.acquire('key:b', 5)).not.toBeNull();
    await granted[0].release();
    const again = present(await second.acquire('key:a', 5), 'the slot that release freed');
    expect(await first.acquire('key:a', 5)).toBeNull();
    for (const slot of [...granted.slice(1), again]) await slot.release();
  });

  it('keeps a lease alive while its process renews it, and lets it lapse when the process is gone', async () => {
    const lapsing = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 0 });
    lapsing.on('error', () => undefined);
    const leaseMs = 300;
    const renewed = present(await new StreamSlots(redis, prefix, leaseMs).acquire('key:renewed', 1), 'a slot for key:renewed');
    expect(await new StreamSlots(lapsing, prefix, leaseMs).acquire('key:lapsing', 1)).not.toBeNull();
    // The process holding key:lapsing's slot loses Redis (it died): no more renewals.
    lapsing.disconnect();
    await sleep(leaseMs * 2.5);
    const probe = new StreamSlots(other, prefix, leaseMs);
    expect(await probe.acquire('key:renewed', 1)).toBeNull();
    const taken = present(await probe.acquire('key:lapsing', 1), 'the slot of key:lapsing once its lease lapsed');
    await taken.release();
    await renewed.release();
  });
});
