import { Between, In, IsNull, LessThan, MoreThan, MoreThanOrEqual, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Database } from '../database/database';
import { AccountTaskCountEntity, AccountTaskDayEntity, QueueTotalEntity } from './task-counts.entity';
import { TaskEntity } from './task.entity';
import { TASK_STATUSES, type TaskStatus } from './task.types';
import type { OutputQuality } from '../task-input/task-input.types';

type DbNumber = string | number | null;

/** The task fields GET /v3/tasks/{id} shows: never the timeline, output settings or webhook (its secret), so they are not even read. */
export const TASK_RECORD_FIELDS = [
  'id',
  'status',
  'priority',
  'model',
  'createdAt',
  'startedAt',
  'completedAt',
  'failedAt',
  'canceledAt',
  'progressPercentage',
  'progressPhase',
  'phases',
  'output',
  'error',
  'userReference',
  'tags',
  'processingSeconds',
  'estimatedSeconds',
  'retryOf',
  'retriedBy',
  'retryCount',
] as const satisfies ReadonlyArray<keyof TaskEntity>;
export type TaskRecordFields = Pick<TaskEntity, (typeof TASK_RECORD_FIELDS)[number]>;

/** The task fields an item of GET /v3/tasks shows. */
export const TASK_SUMMARY_FIELDS = ['id', 'status', 'createdAt', 'completedAt', 'userReference', 'tags'] as const satisfies ReadonlyArray<keyof TaskEntity>;
export type TaskSummaryFields = Pick<TaskEntity, (typeof TASK_SUMMARY_FIELDS)[number]>;

/** What an account's tasks created in a period add up to, in whole units (numbers as the database returns them). */
export interface UsageTotals {
  total: DbNumber;
  successful: DbNumber;
  failed: DbNumber;
  processing_ms: DbNumber;
  output_ms: DbNumber;
  rendering_micro_usd: DbNumber;
}

/** Creation times from `createdAfter` (inclusive) to `createdBefore` (exclusive), in ms. */
interface TimeBounds {
  createdAfter?: number;
  createdBefore?: number;
}

export interface ListFilter extends TimeBounds {
  status?: TaskStatus;
  limit: number;
  offset: number;
}

const DAY_MS = 86_400_000;

/** `created_at` (or a day's start) within the bounds, as a find condition; undefined when there are none. */
function createdWithin({ createdAfter, createdBefore }: TimeBounds) {
  if (createdAfter !== undefined && createdBefore !== undefined) return Between(createdAfter, createdBefore - 1);
  if (createdAfter !== undefined) return MoreThanOrEqual(createdAfter);
  if (createdBefore !== undefined) return LessThan(createdBefore);
  return undefined;
}

/**
 * Task rows, and the counts the database keeps of them (migrations DataScale
 * and DayCounts). Every query a client can reach carries the account id.
 */
export class TasksRepository {
  constructor(private readonly db: Database) {}

  findForAccount(accountId: string, taskId: string): Promise<TaskEntity | null> {
    return this.db.run((m) => m.findOneBy(TaskEntity, { id: taskId, accountId }));
  }

  /** The API's most frequent query (clients poll it): the record's columns only, by primary key. */
  findRecordForAccount(accountId: string, taskId: string): Promise<TaskRecordFields | null> {
    return this.db.run((m) => m.findOne(TaskEntity, { select: [...TASK_RECORD_FIELDS], where: { id: taskId, accountId } }));
  }

  /** For workers, which act on behalf of whichever account owns the job's task. */
  findById(taskId: string): Promise<TaskEntity | null> {
    return this.db.run((m) => m.findOneBy(TaskEntity, { id: taskId }));
  }

  findByRequestId(accountId: string, requestId: string): Promise<TaskEntity | null> {
    return this.db.run((m) => m.findOneBy(TaskEntity, { accountId, requestId }));
  }

  /**
   * One page of an account's tasks, newest first (one index walk), and how many
   * match, from the counts the database keeps.
   */
  list(accountId: string, filter: ListFilter): Promise<{ tasks: TaskSummaryFields[]; total: number }> {
    const created = createdWithin(filter);
    const where: FindOptionsWhere<TaskEntity> = { accountId, ...(filter.status && { status: filter.status }), ...(created && { createdAt: created }) };
    const order = { createdAt: 'DESC', id: 'DESC' } as const;
    return this.db.run(async (m) => {
      // The page's ids first, read from the index alone: a deep offset then walks index entries, not rows
      // (PostgreSQL's offset of 10,000 on a 200,000-task account: 14 ms of heap reads before). Then those rows
      // by primary key alone: with the account and the order in that query too, SQLite walked the account's
      // whole index again to filter it by id.
      const ids = (await m.find(TaskEntity, { select: ['id'], where, order, take: filter.limit, skip: filter.offset })).map((t) => t.id);
      const rows = ids.length === 0 ? [] : await m.find(TaskEntity, { select: [...TASK_SUMMARY_FIELDS], where: { id: In(ids) } });
      const byId = new Map(rows.map((row) => [row.id, row]));
      // A task removed between the two reads (retention) is left out.
      const tasks = ids.flatMap((id) => byId.get(id) ?? []);
      const total = created === undefined ? await this.countOf(m, accountId, filter.status) : await this.countCreated(m, accountId, filter);
      return { tasks, total };
    });
  }

  /**
   * The account's tasks (of the filter's status) created within its time bounds: the kept day counts for the
   * whole UTC days inside them, the index for the part-days at either end.
   */
  private async countCreated(m: EntityManager, accountId: string, filter: ListFilter): Promise<number> {
    const { status, createdAfter, createdBefore } = filter;
    const of = { accountId, ...(status && { status }) };
    const countTasks = (bounds: TimeBounds) => m.countBy(TaskEntity, { ...of, createdAt: createdWithin(bounds) });
    const firstDay = createdAfter === undefined ? undefined : Math.ceil(createdAfter / DAY_MS) * DAY_MS;
    const endDay = createdBefore === undefined ? undefined : Math.floor(createdBefore / DAY_MS) * DAY_MS;
    if (firstDay !== undefined && endDay !== undefined && firstDay >= endDay) return countTasks(filter);
    const days = await m.sum(AccountTaskDayEntity, 'taskCount', { ...of, dayStart: createdWithin({ createdAfter: firstDay, createdBefore: endDay }) });
    const head = firstDay === createdAfter ? 0 : await countTasks({ createdAfter, createdBefore: firstDay });
    const tail = endDay === createdBefore ? 0 : await countTasks({ createdAfter: endDay, createdBefore });
    return (days ?? 0) + head + tail;
  }

  /** The account's tasks, or those of one status, from the kept counts. */
  private async countOf(m: EntityManager, accountId: string, status: TaskStatus | undefined): Promise<number> {
    return (await m.sum(AccountTaskCountEntity, 'taskCount', { accountId, ...(status && { status }) })) ?? 0;
  }

  /** The account's tasks created in the UTC month starting at `monthStart` (its monthly quota), from the kept counts. */
  async createdInMonth(accountId: string, monthStart: number): Promise<number> {
    return this.db.run(async (m) => (await m.sum(AccountTaskCountEntity, 'taskCount', { accountId, monthStart })) ?? 0);
  }

  /** The account's tasks rendering now. */
  async countProcessing(accountId: string): Promise<number> {
    return this.db.run(async (m) => this.countOf(m, accountId, 'processing'));
  }

  /**
   * Where a task of this rank, just inserted (so counted in the queue
   * totals), stands: what is queued at its rank or above, and every task
   * rendering or queued at its rank or above, but itself.
   */
  async queuePlace(task: Pick<TaskEntity, 'priorityRank' | 'estimatedSeconds'>): Promise<{ ahead: number; secondsAhead: number }> {
    const totals = await this.db.run((m) => m.find(QueueTotalEntity));
    let ahead = -1;
    let secondsAhead = -task.estimatedSeconds;
    for (const total of totals) {
      if (total.status === 'queued' && total.priorityRank >= task.priorityRank) ahead += total.taskCount;
      if (total.status === 'processing' || total.priorityRank >= task.priorityRank) secondsAhead += total.estimatedSeconds;
    }
    // The kept sum of estimates drifts by float rounding; it never goes below nothing.
    return { ahead, secondsAhead: Math.max(0, secondsAhead) };
  }

  async insert(task: TaskEntity): Promise<void> {
    await this.db.run((m) => m.insert(TaskEntity, task as QueryDeepPartialEntity<TaskEntity>));
  }

  /**
   * Compare-and-set: applies `changes` only while the task is in one of `from`.
   * Returns whether this caller won the transition.
   */
  async transition(taskId: string, from: readonly TaskStatus[], changes: Partial<TaskEntity>): Promise<boolean> {
    // TypeORM's deep-partial type cannot follow JSON columns typed with `unknown`; the entity type still checks `changes`.
    const result = await this.db.run((m) => m.update(TaskEntity, { id: taskId, status: In(from) }, changes as QueryDeepPartialEntity<TaskEntity>));
    return (result.affected ?? 0) > 0;
  }

  /** Marks a failed task as retried by `retryId`; only the first caller wins. */
  async claimRetry(taskId: string, retryId: string, now: number): Promise<boolean> {
    const result = await this.db.run((m) =>
      m
        .createQueryBuilder()
        .update(TaskEntity)
        .set({ retriedBy: retryId, updatedAt: now })
        .where("id = :taskId AND status = 'failed' AND retried_by IS NULL", { taskId })
        .execute(),
    );
    return (result.affected ?? 0) > 0;
  }

  /** Tasks whose webhook credentials are not sealed yet, in id order (a partial index holds just them). */
  findUnsealedWebhooks(limit: number): Promise<Array<Pick<TaskEntity, 'id' | 'webhook' | 'webhookCredentials'>>> {
    return this.db.run((m) =>
      m.find(TaskEntity, { select: ['id', 'webhook', 'webhookCredentials'], where: { webhookCredentials: IsNull() }, order: { id: 'ASC' }, take: limit }),
    );
  }

  /** The sealed webhook credentials of the tasks after `afterId`, in id order: a reseal walks them all. */
  async findSealedWebhooksAfter(afterId: string, limit: number): Promise<Array<{ id: string; webhookCredentials: string }>> {
    const rows = await this.db.run((m) =>
      m.find(TaskEntity, {
        select: ['id', 'webhookCredentials'],
        where: { id: MoreThan(afterId), webhookCredentials: Not(IsNull()) },
        order: { id: 'ASC' },
        take: limit,
      }),
    );
    return rows as Array<{ id: string; webhookCredentials: string }>;
  }

  /** Stores a task's webhook (re)sealed, if its sealed credentials are still `expected`: of two sealers at once, one writes. */
  async resealWebhook(taskId: string, expected: string | null, sealed: Partial<Pick<TaskEntity, 'webhook' | 'webhookCredentials'>>): Promise<boolean> {
    const result = await this.db.run((m) =>
      m.update(TaskEntity, { id: taskId, webhookCredentials: expected === null ? IsNull() : expected }, sealed as QueryDeepPartialEntity<TaskEntity>),
    );
    return (result.affected ?? 0) > 0;
  }

  /** Queued tasks older than `olderThan`: the reaper checks that each still has its job. */
  findQueuedBefore(olderThan: number, limit: number): Promise<TaskEntity[]> {
    return this.db.run((m) => m.find(TaskEntity, { where: { status: 'queued', createdAt: LessThan(olderThan) }, order: { createdAt: 'ASC' }, take: limit }));
  }

  findProcessingNotUpdatedSince(since: number, limit: number): Promise<TaskEntity[]> {
    return this.db.run((m) => m.find(TaskEntity, { where: { status: 'processing', updatedAt: LessThan(since) }, take: limit }));
  }

  /** Tasks of every account per status (for /metrics), from the kept counts; a status no task has is 0. */
  async countByStatus(): Promise<Record<TaskStatus, number>> {
    const rows = await this.db.run((m) =>
      m
        .createQueryBuilder(AccountTaskCountEntity, 'count')
        .select('count.status', 'status')
        .addSelect('SUM(count.task_count)', 'count')
        .groupBy('count.status')
        .getRawMany<{ status: TaskStatus; count: DbNumber }>(),
    );
    const counts = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as Record<TaskStatus, number>;
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  /** Gives back one render attempt of each task still processing (renders a stopping worker hands back). */
  async returnAttempts(taskIds: string[]): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.run((m) =>
      m
        .createQueryBuilder()
        .update(TaskEntity)
        .set({ renderAttempts: () => 'render_attempts - 1' })
        .where("id IN (:...taskIds) AND status = 'processing' AND render_attempts > 0", { taskIds })
        .execute(),
    );
  }

  /** The last `limit` completed renders of `quality`, for the render-time estimate. */
  async recentRenders(
    quality: OutputQuality,
    limit: number,
    overheadSeconds: number,
  ): Promise<{ count: number; secondsOverOverhead: number; workUnits: number }> {
    const recent = await this.db.run((m) =>
      m.find(TaskEntity, {
        select: ['processingSeconds', 'workUnits'],
        where: { status: 'completed', quality, processingSeconds: Not(IsNull()) },
        order: { completedAt: 'DESC' },
        take: limit,
      }),
    );
    const seconds = recent.reduce((sum, task) => sum + Math.max(0, (task.processingSeconds ?? 0) - overheadSeconds), 0);
    return { count: recent.length, secondsOverOverhead: seconds, workUnits: recent.reduce((sum, task) => sum + task.workUnits, 0) };
  }

  /**
   * What the account's tasks created from the UTC day starting at `firstDay` to the one before `endDay` add up
   * to, from the kept day sums (a period's usage: its bounds are whole UTC days). Only completed renders count
   * output and price: failed and canceled ones are refunded. Processing time counts every finished render,
   * canceled ones up to the cancel.
   */
  usageOfDays(accountId: string, firstDay: number, endDay: number): Promise<UsageTotals | undefined> {
    return this.db.run((m) =>
      m
        .createQueryBuilder(AccountTaskDayEntity, 'day')
        .select('SUM(day.task_count)', 'total')
        .addSelect("SUM(CASE WHEN day.status = 'completed' THEN day.task_count ELSE 0 END)", 'successful')
        .addSelect("SUM(CASE WHEN day.status = 'failed' THEN day.task_count ELSE 0 END)", 'failed')
        .addSelect('SUM(day.processing_ms)', 'processing_ms')
        .addSelect("SUM(CASE WHEN day.status = 'completed' THEN day.output_ms ELSE 0 END)", 'output_ms')
        .addSelect("SUM(CASE WHEN day.status = 'completed' THEN day.cost_micro_usd ELSE 0 END)", 'rendering_micro_usd')
        .where('day.account_id = :accountId', { accountId })
        .andWhere('day.day_start >= :firstDay AND day.day_start < :endDay', { firstDay, endDay })
        .getRawOne<UsageTotals>(),
    );
  }
}
