import { In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Database } from '../database/database';
import { TaskEntity } from './task.entity';
import { TASK_STATUSES, type TaskStatus } from './task.types';
import type { OutputQuality } from './task-input.types';

type DbNumber = string | number | null;

/** What an account's tasks created in a period add up to (numbers as the database returns them). */
export interface TaskTotals {
  total: DbNumber;
  successful: DbNumber;
  failed: DbNumber;
  processing_seconds: DbNumber;
  output_minutes: DbNumber;
  rendering_usd: DbNumber;
}

/** The most recent completed renders of one quality, summed: seconds beyond a fixed overhead, and work units. */
export interface RenderHistory {
  count: number;
  secondsOverOverhead: number;
  workUnits: number;
}

export interface ListFilter {
  status?: TaskStatus;
  createdAfter?: number;
  createdBefore?: number;
  limit: number;
  offset: number;
}

/** Task rows. Every query a client can reach carries the account id. */
export class TasksRepository {
  constructor(private readonly db: Database) {}

  private repo() {
    return this.db.repository(TaskEntity);
  }

  findForAccount(accountId: string, taskId: string): Promise<TaskEntity | null> {
    return this.repo().findOneBy({ id: taskId, accountId });
  }

  /** For workers, which act on behalf of whichever account owns the job's task. */
  findById(taskId: string): Promise<TaskEntity | null> {
    return this.repo().findOneBy({ id: taskId });
  }

  findByRequestId(accountId: string, requestId: string): Promise<TaskEntity | null> {
    return this.repo().findOneBy({ accountId, requestId });
  }

  async list(accountId: string, filter: ListFilter): Promise<{ tasks: TaskEntity[]; total: number }> {
    const query = this.repo().createQueryBuilder('task').where('task.account_id = :accountId', { accountId });
    if (filter.status) query.andWhere('task.status = :status', { status: filter.status });
    if (filter.createdAfter !== undefined) query.andWhere('task.created_at >= :after', { after: filter.createdAfter });
    if (filter.createdBefore !== undefined) query.andWhere('task.created_at < :before', { before: filter.createdBefore });
    const [tasks, total] = await query
      .orderBy('task.created_at', 'DESC')
      .addOrderBy('task.id', 'DESC')
      .skip(filter.offset)
      .take(filter.limit)
      .getManyAndCount();
    return { tasks, total };
  }

  /** 1-based place among waiting tasks: higher priority first, then first come first served. */
  async queuePosition(task: Pick<TaskEntity, 'id' | 'priorityRank' | 'createdAt'>): Promise<number> {
    const ahead = await this.repo()
      .createQueryBuilder('task')
      .where('task.status = :queued', { queued: 'queued' })
      .andWhere(
        '(task.priority_rank > :rank OR (task.priority_rank = :rank AND (task.created_at < :created OR (task.created_at = :created AND task.id < :id))))',
        { rank: task.priorityRank, created: task.createdAt, id: task.id },
      )
      .getCount();
    return ahead + 1;
  }

  async secondsAhead(task: Pick<TaskEntity, 'id' | 'priorityRank' | 'createdAt'>): Promise<number> {
    const row = await this.repo()
      .createQueryBuilder('task')
      .select('SUM(task.estimated_seconds)', 'sum')
      .where("task.status IN ('queued', 'processing')")
      .andWhere('task.id <> :id', { id: task.id })
      .andWhere(
        "(task.status = 'processing' OR task.priority_rank > :rank OR (task.priority_rank = :rank AND task.created_at <= :created))",
        { rank: task.priorityRank, created: task.createdAt },
      )
      .getRawOne<{ sum: string | number | null }>();
    return Number(row?.sum ?? 0);
  }

  countCreatedSince(accountId: string, since: number): Promise<number> {
    return this.repo()
      .createQueryBuilder('task')
      .where('task.account_id = :accountId AND task.created_at >= :since', { accountId, since })
      .getCount();
  }

  async insert(task: TaskEntity): Promise<void> {
    await this.repo().insert(task as QueryDeepPartialEntity<TaskEntity>);
  }

  countProcessing(accountId: string): Promise<number> {
    return this.repo().countBy({ accountId, status: 'processing' });
  }

  /**
   * Compare-and-set: applies `changes` only while the task is in one of `from`.
   * Returns whether this caller won the transition.
   */
  async transition(taskId: string, from: TaskStatus[], changes: Partial<TaskEntity>): Promise<boolean> {
    const result = await this.repo()
      .createQueryBuilder()
      .update(TaskEntity)
      // TypeORM's deep-partial type cannot follow JSON columns typed with `unknown`; the entity type still checks `changes`.
      .set(changes as QueryDeepPartialEntity<TaskEntity>)
      .where({ id: taskId, status: In(from) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Marks a failed task as retried by `retryId`; only the first caller wins. */
  async claimRetry(taskId: string, retryId: string, now: number): Promise<boolean> {
    const result = await this.repo()
      .createQueryBuilder()
      .update(TaskEntity)
      .set({ retriedBy: retryId, updatedAt: now })
      .where("id = :taskId AND status = 'failed' AND retried_by IS NULL", { taskId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Queued tasks older than `olderThan`: the reaper checks that each still has its job. */
  findQueuedBefore(olderThan: number, limit: number): Promise<TaskEntity[]> {
    return this.repo()
      .createQueryBuilder('task')
      .where("task.status = 'queued' AND task.created_at < :olderThan", { olderThan })
      .orderBy('task.created_at', 'ASC')
      .take(limit)
      .getMany();
  }

  /** Tasks of every account per status (for /metrics); a status no task has is 0. */
  async countByStatus(): Promise<Record<TaskStatus, number>> {
    const rows = await this.repo()
      .createQueryBuilder('task')
      .select('task.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('task.status')
      .getRawMany<{ status: TaskStatus; count: string | number }>();
    const counts = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as Record<TaskStatus, number>;
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  findProcessingNotUpdatedSince(since: number, limit: number): Promise<TaskEntity[]> {
    return this.repo()
      .createQueryBuilder('task')
      .where("task.status = 'processing' AND task.updated_at < :since", { since })
      .take(limit)
      .getMany();
  }

  /** Gives back one render attempt of each task still processing (renders a stopping worker hands back). */
  async returnAttempts(taskIds: string[]): Promise<void> {
    if (taskIds.length === 0) return;
    await this.repo()
      .createQueryBuilder()
      .update(TaskEntity)
      .set({ renderAttempts: () => 'render_attempts - 1' })
      .where("id IN (:...taskIds) AND status = 'processing' AND render_attempts > 0", { taskIds })
      .execute();
  }

  /** The last `limit` completed renders of `quality`, for the render-time estimate. */
  async recentRenders(quality: OutputQuality, limit: number, overheadSeconds: number): Promise<RenderHistory> {
    const overhead = Number(overheadSeconds);
    const recent = this.repo()
      .createQueryBuilder('task')
      .select('task.processing_seconds', 'seconds')
      .addSelect('task.work_units', 'units')
      .where("task.status = 'completed' AND task.quality = :quality AND task.processing_seconds IS NOT NULL", { quality })
      .orderBy('task.completed_at', 'DESC')
      .limit(limit);
    const row = await this.db
      .manager()
      .createQueryBuilder()
      // A number literal, not a parameter: PostgreSQL cannot type a parameter inside this arithmetic.
      .select(`SUM(CASE WHEN recent.seconds > ${overhead} THEN recent.seconds - ${overhead} ELSE 0 END)`, 'seconds')
      .addSelect('SUM(recent.units)', 'units')
      .addSelect('COUNT(*)', 'count')
      .from(`(${recent.getQuery()})`, 'recent')
      .setParameters(recent.getParameters())
      .getRawOne<{ seconds: DbNumber; units: DbNumber; count: DbNumber }>();
    return { count: Number(row?.count ?? 0), secondsOverOverhead: Number(row?.seconds ?? 0), workUnits: Number(row?.units ?? 0) };
  }

  /**
   * Tasks belong to the period they were created in (one range scan of
   * idx_tasks_account_created). Only completed renders count output minutes and
   * cost: failed and canceled ones are refunded. Processing time counts every
   * finished render, canceled ones up to the cancel.
   */
  totalsCreatedBetween(accountId: string, start: number, end: number): Promise<TaskTotals | undefined> {
    return this.repo()
      .createQueryBuilder('task')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN 1 ELSE 0 END)", 'successful')
      .addSelect("SUM(CASE WHEN task.status = 'failed' THEN 1 ELSE 0 END)", 'failed')
      .addSelect(
        `SUM(CASE WHEN task.processing_seconds IS NOT NULL THEN task.processing_seconds
          WHEN task.status = 'canceled' AND task.started_at IS NOT NULL AND task.canceled_at IS NOT NULL THEN (task.canceled_at - task.started_at) / 1000.0
          ELSE 0 END)`,
        'processing_seconds',
      )
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN task.output_minutes ELSE 0 END)", 'output_minutes')
      .addSelect("SUM(CASE WHEN task.status = 'completed' THEN task.cost_usd ELSE 0 END)", 'rendering_usd')
      .where('task.account_id = :accountId', { accountId })
      .andWhere('task.created_at >= :start AND task.created_at < :end', { start, end })
      .getRawOne<TaskTotals>();
  }
}
