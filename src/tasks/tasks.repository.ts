import { In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Database } from '../database/database';
import { KeyedReadBatcher } from '../database/keyed-read-batcher';
import { SameTurnReads } from '../database/same-turn-reads';
import type { AdmissionTotals } from './admission-ledger';
import { TaskEntity } from './task.entity';
import { TASK_STATUSES, type TaskStatus } from './task.types';
import type { OutputQuality } from './task-input.types';
import { TASK_RECORD_FIELDS, TASK_SUMMARY_FIELDS, type TaskRecordFields, type TaskSummaryFields } from './task-view';

type DbNumber = string | number | null;

/** A task record's row, with its owner under a name that maps to no entity property. */
type RecordRow = { id: string; owner_account_id: string } & Record<string, unknown>;
/** At most this many ids in one read of records (a statement is prepared per count, up to this). */
const RECORDS_PER_READ = 16;

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

/** A row of the admission statement (TasksRepository.admissionTotals): a queue total, or nulls when the queue is empty. */
interface AdmissionRow {
  status: string | null;
  priority_rank: DbNumber;
  task_count: DbNumber;
  estimated_seconds: DbNumber;
  created_since: DbNumber;
  balance_usd: DbNumber;
}

/** One page of an account's tasks, and how many match in all. */
export interface ListPage {
  tasks: TaskSummaryFields[];
  total: number;
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
  private readonly statements = new Map<string, string>();
  /** Task records polled at the same moment, read by one statement. */
  private readonly records: KeyedReadBatcher<RecordRow>;
  /** Outside a unit of work: identical pages asked at the same moment, read once. */
  private readonly pages = new SameTurnReads<ListPage>();

  constructor(private readonly db: Database) {
    this.records = new KeyedReadBatcher(
      (ids) => this.readRecords(ids),
      (row) => row.id,
      RECORDS_PER_READ,
    );
  }

  private repo() {
    return this.db.repository(TaskEntity);
  }

  findForAccount(accountId: string, taskId: string): Promise<TaskEntity | null> {
    return this.repo().findOneBy({ id: taskId, accountId });
  }

  /**
   * The API's most frequent query (clients poll it): the record's columns only, by primary key, a
   * prepared statement. Outside a unit of work, the polls of one moment share one statement (on
   * PostgreSQL too: one round trip to the server instead of one per poll).
   */
  async findRecordForAccount(accountId: string, taskId: string): Promise<TaskRecordFields | null> {
    const row = !this.db.inUnitOfWork ? await this.records.get(taskId) : (await this.readRecords([taskId]))[0];
    return row && row.owner_account_id === accountId ? this.db.hydrate<TaskEntity, keyof TaskRecordFields>(TaskEntity, [row])[0] : null;
  }

  /** The records of some tasks with their owner (`owner_account_id`), whoever it is: the caller checks it. */
  private readRecords(ids: string[]): Promise<RecordRow[]> {
    const sql = this.statement(`records-${ids.length}`, () => {
      const placeholders = ids.map((_, i) => this.db.placeholder(i + 1)).join(', ');
      return `SELECT account_id AS owner_account_id, ${this.db.columnList(TaskEntity, TASK_RECORD_FIELDS)} FROM tasks WHERE id IN (${placeholders})`;
    });
    return this.db.select<RecordRow>(sql, ids);
  }

  /** For workers, which act on behalf of whichever account owns the job's task. */
  findById(taskId: string): Promise<TaskEntity | null> {
    return this.repo().findOneBy({ id: taskId });
  }

  findByRequestId(accountId: string, requestId: string): Promise<TaskEntity | null> {
    return this.repo().findOneBy({ accountId, requestId });
  }

  /**
   * One page of an account's tasks, newest first (the summary columns only), and how many match in all.
   * Outside a unit of work, the same page asked for by several requests of one moment is read once
   * (SameTurnReads): the answer is shared, not to be changed.
   */
  list(accountId: string, filter: ListFilter): Promise<ListPage> {
    if (this.db.inUnitOfWork) return this.readPage(accountId, filter);
    const { status, createdAfter, createdBefore, limit, offset } = filter;
    return this.pages.get(JSON.stringify([accountId, status, createdAfter, createdBefore, limit, offset]), () => this.readPage(accountId, filter));
  }

  /**
   * One statement: the total rides on every row as a scalar subquery (computed once), so a page
   * costs one round trip; only a page past the end, which has no row to carry it, counts apart.
   */
  private async readPage(accountId: string, filter: ListFilter): Promise<ListPage> {
    const conditions: Array<[string, unknown]> = [['account_id =', accountId]];
    if (filter.status) conditions.push(['status =', filter.status]);
    if (filter.createdAfter !== undefined) conditions.push(['created_at >=', filter.createdAfter]);
    if (filter.createdBefore !== undefined) conditions.push(['created_at <', filter.createdBefore]);
    const where = conditions.map(([test], i) => `${test} ${this.db.placeholder(i + 1)}`).join(' AND ');
    const params = conditions.map(([, value]) => value);
    const n = params.length;
    const matching = `FROM tasks WHERE ${where}`;
    const page = this.statement(
      `list ${where}`,
      () =>
        `SELECT ${this.db.columnList(TaskEntity, TASK_SUMMARY_FIELDS)}, (SELECT COUNT(*) ${matching}) AS total_matching ${matching} ` +
        `ORDER BY created_at DESC, id DESC LIMIT ${this.db.placeholder(n + 1)} OFFSET ${this.db.placeholder(n + 2)}`,
    );
    const rows = await this.db.select<{ total_matching: number | string }>(page, [...params, filter.limit, filter.offset]);
    const total =
      rows.length > 0 ? rows[0].total_matching : (await this.db.select<{ total: number | string }>(`SELECT COUNT(*) AS total ${matching}`, params))[0]?.total;
    return { tasks: this.db.hydrate<TaskEntity, keyof TaskSummaryFields>(TaskEntity, rows), total: Number(total ?? 0) };
  }

  /** Raw statements built once (they need the engine and the entity metadata, known after start-up). */
  private statement(name: string, build: () => string): string {
    let sql = this.statements.get(name);
    if (sql === undefined) {
      sql = build();
      this.statements.set(name, sql);
    }
    return sql;
  }

  /**
   * What a batch of creates decides on, from the totals the database keeps (migration KeptQueueTotals): the
   * tasks waiting or rendering per status and priority rank, and for each account and UTC month of the batch
   * (`monthStart`) its tasks created that month (its monthly quota) and its credit balance. One statement per
   * account and month: every row of `queue_totals`, each carrying the account's two numbers (one row of
   * nulls when the queue is empty). AdmissionLedger turns them into each create's admission.
   */
  async admissionTotals(accountMonths: ReadonlyArray<{ accountId: string; monthStart: number }>): Promise<AdmissionTotals> {
    const [account, month] = [1, 2].map((n) => this.db.placeholder(n));
    const sql = this.statement(
      'admission-totals',
      () => `SELECT q.status, q.priority_rank, q.task_count, q.estimated_seconds,
      (SELECT task_count FROM account_month_tasks WHERE account_id = ${account} AND month_start = ${month}) AS created_since,
      (SELECT credit_balance_usd FROM accounts WHERE id = ${account}) AS balance_usd
      FROM (SELECT 1 AS one) AS always LEFT JOIN queue_totals q ON 1 = 1`,
    );
    const totals: AdmissionTotals = { queue: [], accounts: [] };
    for (const { accountId, monthStart } of accountMonths) {
      const rows = await this.db.select<AdmissionRow>(sql, [accountId, monthStart]);
      const [first] = rows;
      totals.accounts.push({
        accountId,
        monthStart,
        createdSince: Number(first?.created_since ?? 0),
        balanceUsd: first?.balance_usd === null || first?.balance_usd === undefined ? null : Number(first.balance_usd),
      });
      // The queue is read once, with the first account: the batch then moves it itself (AdmissionLedger).
      if (totals.accounts.length === 1) {
        totals.queue = rows.flatMap((row) =>
          row.status === null
            ? []
            : [
                {
                  status: row.status,
                  priorityRank: Number(row.priority_rank),
                  taskCount: Number(row.task_count),
                  estimatedSeconds: Number(row.estimated_seconds),
                },
              ],
        );
      }
    }
    return totals;
  }

  /** New tasks, in one statement. */
  insertAll(tasks: readonly TaskEntity[]): Promise<void> {
    return this.db.insertRows(TaskEntity, tasks);
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

  /** Tasks whose webhook credentials are not sealed yet, in id order (a partial index holds just them). */
  findUnsealedWebhooks(limit: number): Promise<Array<Pick<TaskEntity, 'id' | 'webhook' | 'webhookCredentials'>>> {
    return this.repo()
      .createQueryBuilder('task')
      .select(['task.id', 'task.webhook', 'task.webhookCredentials'])
      .where('task.webhook_credentials IS NULL')
      .orderBy('task.id')
      .limit(limit)
      .getMany();
  }

  /** The sealed webhook credentials of the tasks after `afterId`, in id order: a reseal walks them all. */
  async findSealedWebhooksAfter(afterId: string, limit: number): Promise<Array<{ id: string; webhookCredentials: string }>> {
    const rows = await this.repo()
      .createQueryBuilder('task')
      .select(['task.id', 'task.webhookCredentials'])
      .where('task.id > :afterId AND task.webhook_credentials IS NOT NULL', { afterId })
      .orderBy('task.id')
      .limit(limit)
      .getMany();
    return rows as Array<{ id: string; webhookCredentials: string }>;
  }

  /** Stores a task's webhook (re)sealed, if its sealed credentials are still `expected`: of two sealers at once, one writes. */
  async resealWebhook(taskId: string, expected: string | null, sealed: Partial<Pick<TaskEntity, 'webhook' | 'webhookCredentials'>>): Promise<boolean> {
    const result = await this.repo()
      .createQueryBuilder()
      .update(TaskEntity)
      .set(sealed)
      .where(expected === null ? 'id = :taskId AND webhook_credentials IS NULL' : 'id = :taskId AND webhook_credentials = :expected', { taskId, expected })
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
    return this.repo().createQueryBuilder('task').where("task.status = 'processing' AND task.updated_at < :since", { since }).take(limit).getMany();
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
