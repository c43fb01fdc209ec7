import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDataSource } from '../../../src/database/data-source';
import { AccountEntity } from '../../../src/auth/account.entity';
import { Database } from '../../../src/database/database';
import { QueueTotalEntity } from '../../../src/tasks/task-counts.entity';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { PRIORITY_RANK, TASK_STATUSES, type TaskStatus } from '../../../src/tasks/task.types';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import { taskRow } from '../usage/task-rows';

const PRIORITIES = Object.keys(PRIORITY_RANK) as Array<keyof typeof PRIORITY_RANK>;
const MONTHS = [Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)];
const DAY_MS = 86_400_000;

/** What a list page filters on, besides the account. */
type ListWindow = { status?: TaskStatus; createdAfter?: number; createdBefore?: number };

/** List filters over the tasks' three months: bounds anywhere, open at either end, inside one day, on whole days, with a status. */
function listWindows(random: () => number): ListWindow[] {
  const at = () => MONTHS[0] + Math.floor(random() * (MONTHS[2] + 28 * DAY_MS - MONTHS[0]));
  const [from, to] = [at(), at()].sort((a, b) => a - b);
  const day = MONTHS[1] + Math.floor(random() * 28) * DAY_MS;
  return [
    { createdAfter: from, createdBefore: to },
    { createdAfter: from },
    { createdBefore: to },
    { createdAfter: day + 1_000, createdBefore: day + DAY_MS - 1_000 },
    { createdAfter: day, createdBefore: day + 3 * DAY_MS },
    { status: TASK_STATUSES[Math.floor(random() * TASK_STATUSES.length)], createdAfter: from, createdBefore: to },
  ];
}

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
 * The counts the database keeps (migrations DataScale and DayCounts: the
 * queue, and each account's tasks per month or day and status) against the
 * same numbers counted from the task rows, after random inserts, status, rank
 * and estimate changes and deletes, on both engines: the queue, the monthly
 * quota's count and the totals of list pages, with and without time bounds.
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

  /** What the rows (`all`) say: the queue per status and rank, and an account's tasks per status, of a month and within each window. */
  function counted(all: TaskEntity[], accountId: string, monthStart: number, windows: ListWindow[]) {
    const monthEnd = MONTHS[MONTHS.indexOf(monthStart) + 1] ?? Number.POSITIVE_INFINITY;
    const queue: Record<string, { taskCount: number; estimatedSeconds: number }> = {};
    for (const task of all.filter((t) => t.status === 'queued' || t.status === 'processing')) {
      const key = `${task.status}/${task.priorityRank}`;
      queue[key] = { taskCount: (queue[key]?.taskCount ?? 0) + 1, estimatedSeconds: (queue[key]?.estimatedSeconds ?? 0) + task.estimatedSeconds };
    }
    const mine = all.filter((task) => task.accountId === accountId);
    return {
      queue,
      createdInMonth: mine.filter((task) => task.createdAt >= monthStart && task.createdAt < monthEnd).length,
      byStatus: Object.fromEntries(TASK_STATUSES.map((status) => [status, mine.filter((task) => task.status === status).length])),
      total: mine.length,
      windows: windows.map(
        ({ status, createdAfter = -Infinity, createdBefore = Infinity }) =>
          mine.filter((task) => (status === undefined || task.status === status) && task.createdAt >= createdAfter && task.createdAt < createdBefore).length,
      ),
    };
  }

  /** The same, from the counts the database keeps. */
  async function kept(accountId: string, monthStart: number, windows: ListWindow[]) {
    const queue: Record<string, { taskCount: number; estimatedSeconds: number }> = {};
    for (const row of await source.getRepository(QueueTotalEntity).find()) {
      if (row.taskCount > 0) queue[`${row.status}/${row.priorityRank}`] = { taskCount: row.taskCount, estimatedSeconds: row.estimatedSeconds };
    }
    const totalOf = async (status?: (typeof TASK_STATUSES)[number]) => (await tasks.list(accountId, { ...(status && { status }), limit: 1, offset: 0 })).total;
    const byStatus: Record<string, number> = {};
    for (const status of TASK_STATUSES) byStatus[status] = await totalOf(status);
    const inWindows: number[] = [];
    for (const window of windows) inWindows.push((await tasks.list(accountId, { ...window, limit: 1, offset: 0 })).total);
    return { queue, createdInMonth: await tasks.createdInMonth(accountId, monthStart), byStatus, total: await totalOf(), windows: inWindows };
  }

  const rounded = (view: ReturnType<typeof counted>) => ({
    ...view,
    queue: Object.fromEntries(Object.entries(view.queue).map(([key, row]) => [key, { ...row, estimatedSeconds: Math.round(row.estimatedSeconds * 1000) }])),
  });

  it('match the rows after every kind of change', async () => {
    const random = seeded(20261126);
    const windowRandom = seeded(20261203);
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

      const all = await repo.find();
      const windows = listWindows(windowRandom);
      for (const accountId of ['acc_a', 'acc_b', 'acc_none']) {
        for (const monthStart of MONTHS) {
          expect(rounded(await kept(accountId, monthStart, windows))).toEqual(rounded(counted(all, accountId, monthStart, windows)));
        }
      }
    }
    // The comparison covered queues of every shape: some of each queue status at the end.
    const statuses = new Set((await repo.find()).map((task) => task.status));
    expect(statuses.has('queued') && statuses.has('processing')).toBe(true);
  }, 120_000);
});
