import { EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Database } from '../database/database';
import { TaskEntity } from './task.entity';
import { TASK_STATUSES, type TaskStatus } from './task.types';

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

  private repo(manager?: EntityManager) {
    return (manager ?? this.db.dataSource.manager).getRepository(TaskEntity);
  }

  findForAccount(accountId: string, taskId: string, manager?: EntityManager): Promise<TaskEntity | null> {
    return this.repo(manager).findOneBy({ id: taskId, accountId });
  }

  /** For workers, which act on behalf of whichever account owns the job's task. */
  findById(taskId: string, manager?: EntityManager): Promise<TaskEntity | null> {
    return this.repo(manager).findOneBy({ id: taskId });
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
  async queuePosition(task: Pick<TaskEntity, 'id' | 'priorityRank' | 'createdAt'>, manager?: EntityManager): Promise<number> {
    const ahead = await this.repo(manager)
      .createQueryBuilder('task')
      .where('task.status = :queued', { queued: 'queued' })
      .andWhere(
        '(task.priority_rank > :rank OR (task.priority_rank = :rank AND (task.created_at < :created OR (task.created_at = :created AND task.id < :id))))',
        { rank: task.priorityRank, created: task.createdAt, id: task.id },
      )
      .getCount();
    return ahead + 1;
  }

  async secondsAhead(task: Pick<TaskEntity, 'id' | 'priorityRank' | 'createdAt'>, manager?: EntityManager): Promise<number> {
    const row = await this.repo(manager)
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

  countCreatedSince(accountId: string, since: number, manager?: EntityManager): Promise<number> {
    return this.repo(manager)
      .createQueryBuilder('task')
      .where('task.account_id = :accountId AND task.created_at >= :since', { accountId, since })
      .getCount();
  }

  /**
   * Serializes per-account decisions (quota, concurrency allowance) between
   * transactions. PostgreSQL locks the account row; SQLite transactions are
   * already serialized by Database.
   */
  async lockAccount(manager: EntityManager, accountId: string): Promise<void> {
    if (!this.db.isPostgres) return;
    await manager.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  }

  async insert(manager: EntityManager, task: TaskEntity): Promise<void> {
    await this.repo(manager).insert(task as QueryDeepPartialEntity<TaskEntity>);
  }

  countProcessing(accountId: string, manager: EntityManager): Promise<number> {
    return this.repo(manager).countBy({ accountId, status: 'processing' });
  }

  /**
   * Compare-and-set: applies `changes` only while the task is in one of `from`.
   * Returns whether this caller won the transition.
   */
  async transition(manager: EntityManager, taskId: string, from: TaskStatus[], changes: Partial<TaskEntity>): Promise<boolean> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update(TaskEntity)
      // TypeORM's deep-partial type cannot follow JSON columns typed with `unknown`; the entity type still checks `changes`.
      .set(changes as QueryDeepPartialEntity<TaskEntity>)
      .where({ id: taskId, status: In(from) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Marks a failed task as retried by `retryId`; only the first caller wins. */
  async claimRetry(manager: EntityManager, taskId: string, retryId: string, now: number): Promise<boolean> {
    const result = await this.repo(manager)
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
}
