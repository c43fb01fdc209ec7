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
import { StoredObjectsRepository } from '../../../src/retention/stored-objects.repository';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { TaskEventsRepository } from '../../../src/tasks/task-events.repository';
import { TaskTransitions } from '../../../src/tasks/task-transitions';
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
function outcome(admitting: Promise<number>): Promise<number | string> {
  return admitting.then(
    (position) => position,
    (error: unknown) => (error instanceof ApiError ? error.code : (error as Error).message),
  );
}

/**
 * Creates admitted by the state machine (TaskTransitions.admit) against a real
 * database: the database counts the queue, the month and the balance; a refusal
 * writes nothing and queues nothing; creates made at once, by one account or
 * many, get every queue position exactly once.
 */
describe.each(['sqlite', 'postgres'] as const)('task admission on %s', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-admission-'));
  let database: TestDatabase | null = null;
  let db: Database;
  let tasks: TasksRepository;
  let transitions: TaskTransitions;
  /** What the state machine handed on after commit: render jobs and first webhook events. */
  const enqueued: string[] = [];
  const kicked: string[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') database = await createTestDatabase('task_admission');
    const source = await openDataSource({ dataDir, databaseUrl: database?.url ?? null }, SERVICE_ENTITIES);
    db = new Database(source);
    tasks = new TasksRepository(db);
    const accounts = new AccountsRepository(db);
    transitions = new TaskTransitions({
      db,
      tasks,
      accounts,
      outbox: new TaskEventsRepository(db),
      storedObjects: new StoredObjectsRepository(db),
      credits: new CreditsService(accounts),
      events: { kick: async () => undefined, kickFirst: async (event) => void kicked.push(event.taskId) },
      jobs: { enqueueRender: async (task) => void enqueued.push(task.id), removeRender: async () => undefined },
      signer: { signedUrl: async (key) => key },
      maxAttempts: 3,
    });
    await source.getRepository(AccountEntity).insert([
      { id: 'acc_queue', name: 'queue', creditBalanceUsd: null, createdAt: 0 },
      { id: 'acc_quota', name: 'quota', creditBalanceUsd: null, createdAt: 0 },
      { id: 'acc_credits', name: 'credits', creditBalanceUsd: 1, createdAt: 0 },
      { id: 'acc_dupes', name: 'dupes', creditBalanceUsd: null, createdAt: 0 },
      { id: 'acc_retry', name: 'retry', creditBalanceUsd: null, createdAt: 0 },
    ]);
  }, 60_000);

  // Each test starts from an empty queue (a DELETE passes through the triggers that keep the counts).
  beforeEach(async () => {
    await db.run((m) => m.query('DELETE FROM task_events'));
    await db.run((m) => m.query('DELETE FROM tasks'));
    enqueued.length = 0;
    kicked.length = 0;
  });

  afterAll(async () => {
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = (ids: string[]) => Promise.all(ids.map((id) => tasks.findById(id)));

  it('queues each create after the ones before it at its priority or above, with its first event, then enqueues its job', async () => {
    const creates = [1, 2, 3, 4, 5].map((i) => taskRow('acc_queue', { createdAt: NOW + i, priority: i === 4 ? 'urgent' : 'standard' }));
    const positions: number[] = [];
    for (const task of creates) positions.push(await transitions.admit(principal('acc_queue'), task, null));
    // The urgent task (4th) goes before every standard one; the 5th standard comes after it and the three before.
    expect(positions).toEqual([1, 2, 3, 1, 5]);
    expect((await stored(creates.map((task) => task.id))).every((row) => row?.status === 'queued')).toBe(true);
    for (const [i, task] of creates.entries()) {
      const event = await db.run((m) => m.findOneByOrFail(TaskEventEntity, { taskId: task.id }));
      expect({ type: event.type, seq: event.seq, position: (JSON.parse(event.body) as { data: { queue_position: number } }).data.queue_position }).toEqual({
        type: 'task.queued',
        seq: 1,
        position: positions[i],
      });
    }
    expect(enqueued).toEqual(creates.map((task) => task.id));
    expect(kicked).toEqual(creates.map((task) => task.id));
  });

  it('gives creates made at once, from one account and from several, every queue position exactly once', async () => {
    const accountIds = ['acc_queue', 'acc_quota', 'acc_dupes', 'acc_retry'];
    const creates = Array.from({ length: 24 }, (_, i) => taskRow(accountIds[i % 4], { createdAt: NOW + i }));
    const positions = await Promise.all(creates.map((task) => transitions.admit(principal(task.accountId), task, null)));
    expect([...positions].sort((a, b) => a - b)).toEqual(creates.map((_, i) => i + 1));
  });

  it('refuses the creates past the monthly quota, writing and queuing nothing for them', async () => {
    const creates = [1, 2, 3, 4].map((i) => taskRow('acc_quota', { createdAt: NOW + i }));
    const outcomes = await Promise.all(creates.map((task) => outcome(transitions.admit(principal('acc_quota', 2), task, null))));
    expect([...outcomes].sort()).toEqual([1, 2, 'QUOTA_EXCEEDED', 'QUOTA_EXCEEDED']);
    expect((await stored(creates.map((task) => task.id))).filter((row) => row !== null)).toHaveLength(2);
    expect(enqueued).toHaveLength(2);
  });

  it('charges a limited balance create by create, and refuses the one it cannot pay without charging it', async () => {
    const creates = [0.25, 0.25, 0.75, 0.5].map((costUsd, i) => taskRow('acc_credits', { createdAt: NOW + i, costUsd }));
    const outcomes: Array<number | string> = [];
    for (const task of creates) outcomes.push(await outcome(transitions.admit(principal('acc_credits'), task, null)));
    expect(outcomes).toEqual([1, 2, 'INSUFFICIENT_CREDITS', 3]);
    expect((await db.run((m) => m.findOneByOrFail(AccountEntity, { id: 'acc_credits' }))).creditBalanceUsd).toBe(0);
    expect((await stored(creates.map((task) => task.id))).map((row) => row !== null)).toEqual([true, true, false, true]);
  });

  it('refuses a request_id used twice (the unique index), keeping the others', async () => {
    const creates = ['r-1', 'r-2', 'r-1', 'r-3'].map((requestId, i) => taskRow('acc_dupes', { createdAt: NOW + i, requestId }));
    const outcomes: Array<number | string> = [];
    for (const task of creates) outcomes.push(await outcome(transitions.admit(principal('acc_dupes'), task, null)));
    expect(outcomes.slice(0, 2)).toEqual([1, 2]);
    expect(outcomes[2]).toMatch(/unique|duplicate/i);
    expect(outcomes[3]).toBe(3);
    expect((await stored(creates.map((task) => task.id))).map((row) => row !== null)).toEqual([true, true, false, true]);
    expect(enqueued).toEqual([creates[0].id, creates[1].id, creates[3].id]);
  });

  it('claims a retry once: a second retry of the same task is refused and claims nothing', async () => {
    const original = taskRow('acc_retry', { createdAt: NOW - 60_000, status: 'failed', failedAt: NOW - 30_000 });
    await tasks.insert(original);
    const retries = [1, 2].map((i) => taskRow('acc_retry', { createdAt: NOW + i, retryOf: original.id, retryCount: 1 }));
    const outcomes = await Promise.all(retries.map((task) => outcome(transitions.admit(principal('acc_retry'), task, original))));
    expect([...outcomes].sort()).toEqual([1, 'TASK_ALREADY_RETRIED']);
    const winner = retries[outcomes.indexOf(1)];
    expect((await tasks.findById(original.id))?.retriedBy).toBe(winner.id);
    expect((await stored(retries.map((task) => task.id))).filter((row) => row !== null).map((row) => row?.id)).toEqual([winner.id]);
  });
});
