import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DataSource, In } from 'typeorm';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDataSource } from '../../../src/database/data-source';
import { AccountEntity } from '../../../src/auth/account.entity';
import { Database } from '../../../src/database/database';
import { AdmissionLedger } from '../../../src/tasks/admission-ledger';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { PRIORITY_RANK, TASK_STATUSES } from '../../../src/tasks/task.types';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import { taskRow } from '../usage/task-rows';

const PRIORITIES = Object.keys(PRIORITY_RANK) as Array<keyof typeof PRIORITY_RANK>;
const MONTHS = [Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)];

/** A seeded generator (mulberry32), so a failure replays. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The totals the database keeps for admissions (migration KeptQueueTotals) against
 * the same numbers counted from the task rows, after random inserts, status,
 * rank and estimate changes and deletes, on both engines.
 */
describe.each(['sqlite', 'postgres'] as const)('kept queue totals on %s', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-totals-'));
  let database: TestDatabase | null = null;
  let source: DataSource;
  let db: Database;
  let tasks: TasksRepository;

  beforeAll(async () => {
    if (engine === 'postgres') database = await createTestDatabase('queue_totals');
    source = await openDataSource({ dataDir, databaseUrl: database?.url ?? null }, SERVICE_ENTITIES);
    db = new Database(source);
    tasks = new TasksRepository(db);
    // A limited balance and an unlimited one; acc_none has no account row at all.
    await source.getRepository(AccountEntity).insert([
      { id: 'acc_a', name: 'a', creditBalanceUsd: 12.5, createdAt: 0 },
      { id: 'acc_b', name: 'b', creditBalanceUsd: null, createdAt: 0 },
    ]);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Admission as the rows say: what the statement counted before the totals were kept, and the account's balance. */
  async function countedAdmission(accountId: string, monthStart: number, rank: number) {
    const all = await source.getRepository(TaskEntity).find();
    const account = await source.getRepository(AccountEntity).findOneBy({ id: accountId });
    const monthEnd = MONTHS[MONTHS.indexOf(monthStart) + 1] ?? Number.POSITIVE_INFINITY;
    const waiting = all.filter((task) => task.status === 'queued' || task.status === 'processing');
    return {
      balanceUsd: account?.creditBalanceUsd ?? null,
      createdSince: all.filter((task) => task.accountId === accountId && task.createdAt >= monthStart && task.createdAt < monthEnd).length,
      ahead: waiting.filter((task) => task.status === 'queued' && task.priorityRank >= rank).length,
      secondsAhead: waiting.filter((task) => task.status === 'processing' || task.priorityRank >= rank).reduce((sum, task) => sum + task.estimatedSeconds, 0),
    };
  }

  it("insert tasks' every column as TypeORM reads them back (TasksRepository.insertAll writes several rows in one statement, without TypeORM's insert)", async () => {
    const other = taskRow('acc_insert', { createdAt: 1_700_000_000_456, requestId: null, tags: [], estimatedSeconds: 3 });
    const task = taskRow('acc_insert', {
      createdAt: 1_700_000_000_123,
      requestId: 'req-1',
      webhook: { url: 'https://127.0.0.1:9/hook', events: ['task.queued'] },
      tags: ['a', 'b'],
      estimatedSeconds: 12.5,
      error: null,
    });
    await db.transaction(() => tasks.insertAll([task, other]));
    expect(await source.getRepository(TaskEntity).findOneByOrFail({ id: task.id })).toEqual({ ...task });
    expect(await source.getRepository(TaskEntity).findOneByOrFail({ id: other.id })).toEqual({ ...other });
    await source.getRepository(TaskEntity).delete({ id: In([task.id, other.id]) });
  });

  it('match the rows after every kind of change', async () => {
    const random = seeded(20261126);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const repo = source.getRepository(TaskEntity);
    const ids: string[] = [];
    for (let round = 0; round < 6; round++) {
      const rows = Array.from({ length: 25 }, () => {
        const priority = pick(PRIORITIES);
        return taskRow(pick(['acc_a', 'acc_b']), {
          createdAt: pick(MONTHS) + Math.floor(random() * 86_400_000 * 28),
          status: pick(TASK_STATUSES),
          priority,
          priorityRank: PRIORITY_RANK[priority],
          estimatedSeconds: Math.round(random() * 1000) / 8,
        });
      });
      await repo.insert(rows as never[]);
      ids.push(...rows.map((row) => row.id));
      for (let i = 0; i < 15; i++) await repo.update({ id: pick(ids) }, { status: pick(TASK_STATUSES) });
      for (let i = 0; i < 3; i++) {
        const priority = pick(PRIORITIES);
        await repo.update({ id: pick(ids) }, { priority, priorityRank: PRIORITY_RANK[priority], estimatedSeconds: Math.round(random() * 800) / 4 });
      }
      // A change that leaves the status as it was is counted once, not twice.
      await repo.update({ id: pick(ids) }, { status: 'queued' });
      const gone = pick(ids);
      await repo.delete({ id: gone });
      ids.splice(ids.indexOf(gone), 1);

      for (const accountId of ['acc_a', 'acc_b', 'acc_none']) {
        for (const monthStart of MONTHS) {
          const rank = PRIORITY_RANK[pick(PRIORITIES)];
          const totals = await tasks.admissionTotals([{ accountId, monthStart }]);
          const kept = new AdmissionLedger(totals).admissionOf({ accountId, createdAt: monthStart + 1000, priorityRank: rank });
          const counted = await countedAdmission(accountId, monthStart, rank);
          expect({ ...kept, secondsAhead: Math.round(kept.secondsAhead * 1000) }).toEqual({
            ...counted,
            secondsAhead: Math.round(counted.secondsAhead * 1000),
          });
        }
      }
    }
    // The comparison covered queues of every shape: some of each queue status at the end.
    const statuses = new Set((await repo.find()).map((task) => task.status));
    expect(statuses.has('queued') && statuses.has('processing')).toBe(true);
  });
});
