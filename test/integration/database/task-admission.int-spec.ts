import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { AccountEntity } from '../../../src/auth/account.entity';
import { AccountsRepository } from '../../../src/auth/accounts.repository';
import type { Principal } from '../../../src/auth/auth.types';
import { CreditsService } from '../../../src/auth/credits.service';
import { ApiError } from '../../../src/common/api-error';
import { openDataSource } from '../../../src/database/data-source';
import { Database } from '../../../src/database/database';
import { TaskAdmission } from '../../../src/tasks/task-admission';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { TaskEventsRepository } from '../../../src/tasks/task-events.repository';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import { taskRow } from '../usage/task-rows';

const NOW = Date.UTC(2026, 10, 26, 12);

function principal(accountId: string, monthlyRenders = 1_000): Principal {
  return {
    keyId: 'key_test',
    accountId,
    tier: 'pro',
    permissions: ['tasks:write'],
    limits: { requestsPerMinute: 1_000, concurrentRenders: 10, monthlyRenders, maxStorageGb: 10 },
  };
}

/** A create's outcome as the caller sees it: its queue position, or the code it was refused with, or the error's message. */
function outcome(admitting: Promise<{ queuePosition: number }>): Promise<number | string> {
  return admitting.then(
    ({ queuePosition }) => queuePosition,
    (error: unknown) => (error instanceof ApiError ? error.code : (error as Error).message),
  );
}

/**
 * Creates admitted in batches (TaskAdmission) against a real database: the batch's
 * unit of work, each create decided after the ones before it, refusals that write
 * nothing, and a failure that sends each create of the batch through alone.
 */
describe.each(['sqlite', 'postgres'] as const)('task admission on %s', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-admission-'));
  let database: TestDatabase | null = null;
  let db: Database;
  let tasks: TasksRepository;
  let admission: TaskAdmission;
  let units: jest.SpyInstance;

  beforeAll(async () => {
    if (engine === 'postgres') database = await createTestDatabase('task_admission');
    const source = await openDataSource({ dataDir, databaseUrl: database?.url ?? null }, SERVICE_ENTITIES);
    db = new Database(source);
    tasks = new TasksRepository(db);
    const accounts = new AccountsRepository(db);
    admission = new TaskAdmission({ db, tasks, accounts, outbox: new TaskEventsRepository(db), credits: new CreditsService(accounts) });
    await source.getRepository(AccountEntity).insert([
      { id: 'acc_queue', name: 'queue', creditBalanceUsd: null, createdAt: 0 },
      { id: 'acc_quota', name: 'quota', creditBalanceUsd: null, createdAt: 0 },
      { id: 'acc_credits', name: 'credits', creditBalanceUsd: 1, createdAt: 0 },
      { id: 'acc_dupes', name: 'dupes', creditBalanceUsd: null, createdAt: 0 },
      { id: 'acc_retry', name: 'retry', creditBalanceUsd: null, createdAt: 0 },
    ]);
  }, 60_000);

  // Each test starts from an empty queue (a DELETE passes through the triggers that keep the totals).
  beforeEach(async () => {
    await db.manager().query('DELETE FROM task_events');
    await db.manager().query('DELETE FROM tasks');
    units = jest.spyOn(db, 'transaction');
  });

  afterEach(() => units.mockRestore());

  afterAll(async () => {
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = (ids: string[]) => Promise.all(ids.map((id) => db.repository(TaskEntity).findOneBy({ id })));

  it('admits the creates of one turn in one unit of work, each queued after the ones before it, with its first event', async () => {
    const batch = [1, 2, 3, 4, 5].map((i) => taskRow('acc_queue', { createdAt: NOW + i, priority: i === 4 ? 'urgent' : 'standard' }));
    const admitted = await Promise.all(batch.map((task) => admission.admit(principal('acc_queue'), task, null)));
    expect(units).toHaveBeenCalledTimes(1);
    // The urgent task (4th) goes before every standard one; the 5th standard comes after it and the three before.
    expect(admitted.map(({ queuePosition }) => queuePosition)).toEqual([1, 2, 3, 1, 5]);
    expect((await stored(batch.map((task) => task.id))).every((row) => row?.status === 'queued')).toBe(true);
    for (const [i, { queued }] of admitted.entries()) {
      const event = await db.repository(TaskEventEntity).findOneByOrFail({ id: queued.id });
      expect({
        task: event.taskId,
        type: event.type,
        seq: event.seq,
        position: (JSON.parse(event.body) as { data: { queue_position: number } }).data.queue_position,
      }).toEqual({
        task: batch[i].id,
        type: 'task.queued',
        seq: 1,
        position: admitted[i].queuePosition,
      });
    }
  });

  it('refuses the creates past the monthly quota in the batch that reaches it, writing nothing for them', async () => {
    const batch = [1, 2, 3, 4].map((i) => taskRow('acc_quota', { createdAt: NOW + i }));
    const outcomes = await Promise.all(batch.map((task) => outcome(admission.admit(principal('acc_quota', 2), task, null))));
    expect(outcomes).toEqual([1, 2, 'QUOTA_EXCEEDED', 'QUOTA_EXCEEDED']);
    expect(units).toHaveBeenCalledTimes(1);
    expect((await stored(batch.map((task) => task.id))).map((row) => row !== null)).toEqual([true, true, false, false]);
  });

  it('charges a limited balance create by create, and refuses the one it cannot pay without charging it', async () => {
    const batch = [0.25, 0.25, 0.75, 0.5].map((costUsd, i) => taskRow('acc_credits', { createdAt: NOW + i, costUsd }));
    const outcomes = await Promise.all(batch.map((task) => outcome(admission.admit(principal('acc_credits'), task, null))));
    expect(outcomes).toEqual([1, 2, 'INSUFFICIENT_CREDITS', 3]);
    // Decided from the balance read once and deducted as the batch went: no create had to go again alone.
    expect(units).toHaveBeenCalledTimes(1);
    expect((await db.repository(AccountEntity).findOneByOrFail({ id: 'acc_credits' })).creditBalanceUsd).toBe(0);
    expect((await stored(batch.map((task) => task.id))).map((row) => row !== null)).toEqual([true, true, false, true]);
  });

  it('admits each create alone when the batch fails, so a request_id used twice fails only the second', async () => {
    const batch = ['r-1', 'r-2', 'r-1', 'r-3'].map((requestId, i) => taskRow('acc_dupes', { createdAt: NOW + i, requestId }));
    const outcomes = await Promise.all(batch.map((task) => outcome(admission.admit(principal('acc_dupes'), task, null))));
    expect(outcomes.slice(0, 2)).toEqual([1, 2]);
    expect(outcomes[2]).toMatch(/unique|duplicate/i);
    expect(outcomes[3]).toBe(3);
    // The batch, then each of its four creates alone.
    expect(units).toHaveBeenCalledTimes(5);
    expect((await stored(batch.map((task) => task.id))).map((row) => row !== null)).toEqual([true, true, false, true]);
  });

  it('claims a retry once: a second retry of the same task in the batch is refused and claims nothing', async () => {
    const original = taskRow('acc_retry', { createdAt: NOW - 60_000, status: 'failed', failedAt: NOW - 30_000 });
    await db.transaction(() => tasks.insertAll([original]));
    const retries = [1, 2].map((i) => taskRow('acc_retry', { createdAt: NOW + i, retryOf: original.id, retryCount: 1 }));
    const outcomes = await Promise.all(retries.map((task) => outcome(admission.admit(principal('acc_retry'), task, original))));
    expect(outcomes).toEqual([1, 'TASK_ALREADY_RETRIED']);
    expect((await db.repository(TaskEntity).findOneByOrFail({ id: original.id })).retriedBy).toBe(retries[0].id);
    expect((await stored(retries.map((task) => task.id))).map((row) => row !== null)).toEqual([true, false]);
  });
});
