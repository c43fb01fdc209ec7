import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import {
  IN_QUEUE,
  KeptQueueTotals1764170000000,
  monthStartPostgres,
  monthStartSqlite,
  POSTGRES_QUEUE_KEEP,
  SQLITE_QUEUE_ADD,
  SQLITE_QUEUE_REMOVE,
} from './1764170000000-kept-queue-totals';

const key = (name: string, type: string, length?: string) => ({ name, type, length, isPrimary: true });

const COUNT_TABLES = [
  new Table({
    name: 'queue_totals',
    columns: [
      key('status', 'varchar', '16'),
      key('priority_rank', 'integer'),
      { name: 'task_count', type: 'integer' },
      { name: 'estimated_seconds', type: 'double precision' },
    ],
  }),
  new Table({
    name: 'account_task_counts',
    columns: [key('account_id', 'varchar', '40'), key('month_start', 'bigint'), key('status', 'varchar', '16'), { name: 'task_count', type: 'integer' }],
  }),
];

/** An account's tasks in creation order, with what usage sums: a period's usage reads this index alone. */
const BY_CREATED = 'idx_tasks_account_created';
export const BY_CREATED_COLUMNS = ['account_id', 'created_at', 'id'];
/** What a period's usage reads of a task besides its status. */
const USAGE_COLUMNS = ['processing_seconds', 'started_at', 'canceled_at', 'output_minutes', 'cost_usd'];
export const BY_CREATED_WITH_USAGE = [...BY_CREATED_COLUMNS, 'status', ...USAGE_COLUMNS];

/**
 * What the API reads stays cheap as an account's history grows (a million
 * tasks, 200,000 of them in one account; docs/performance.md, "bench:api --scale").
 *
 * The database counts what the API answers with, as tasks change, whatever code
 * changes them: triggers on `tasks` keep
 *
 * - `queue_totals`: per status (queued, processing) and priority rank, how many
 *   tasks and their estimated seconds (a create's queue position and estimated start);
 * - `account_task_counts`: per account, UTC month of creation (its first
 *   millisecond) and status, how many tasks. Summed over a month, the account's
 *   monthly quota; over its statuses or one of them, the total of a list page.
 *
 * It replaces `account_month_tasks` (per account and month only) of
 * KeptQueueTotals: a list's total counted every matching task of the account
 * (200,000 index entries for a large account, on every page asked for).
 *
 * The account's creation-order index also holds the columns a period's usage
 * sums, so usage reads the index alone instead of a row per task (1.4 s for a
 * month of the large account, its rows scattered among other accounts').
 */
export class DataScale1764190000000 implements MigrationInterface {
  name = 'DataScale1764190000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await new KeptQueueTotals1764170000000().down(queryRunner);
    for (const table of COUNT_TABLES) await queryRunner.createTable(table);
    const postgres = queryRunner.connection.options.type === 'postgres';
    // Triggers first: on PostgreSQL creating them waits for the writes in flight and holds new ones until this
    // migration commits, so the counts below miss no task and count none twice.
    await createCountTriggers(queryRunner, { perDay: false });
    await queryRunner.query(
      `INSERT INTO queue_totals (status, priority_rank, task_count, estimated_seconds)
       SELECT status, priority_rank, COUNT(*), SUM(estimated_seconds) FROM tasks WHERE status IN ${IN_QUEUE} GROUP BY status, priority_rank`,
    );
    const month = postgres ? monthStartPostgres('created_at') : monthStartSqlite('created_at');
    await queryRunner.query(
      `INSERT INTO account_task_counts (account_id, month_start, status, task_count)
       SELECT account_id, ${month}, status, COUNT(*) FROM tasks GROUP BY account_id, ${month}, status`,
    );
    await replaceIndex(queryRunner, BY_CREATED_WITH_USAGE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner);
    for (const table of COUNT_TABLES) await queryRunner.dropTable(table.name);
    await new KeptQueueTotals1764170000000().up(queryRunner);
    await replaceIndex(queryRunner, BY_CREATED_COLUMNS);
  }
}

/** Rebuilds the account's creation-order index with these columns. */
export async function replaceIndex(queryRunner: QueryRunner, columnNames: string[]): Promise<void> {
  await queryRunner.dropIndex('tasks', BY_CREATED);
  await queryRunner.createIndex('tasks', new TableIndex({ name: BY_CREATED, columnNames }));
}

/** The first millisecond (UTC) of the day of a millisecond timestamp column, on either engine. */
export function dayStart(column: string): string {
  return `(${column} - ${column} % 86400000)`;
}

/**
 * Which tables the triggers keep: `perDay` adds `account_task_days` (migration
 * DayCounts), `usage` its sums (migration UsageDays).
 */
export interface KeptCounts {
  perDay: boolean;
  usage?: boolean;
}

/** The counts' triggers on `tasks`. */
export async function createCountTriggers(queryRunner: QueryRunner, kept: KeptCounts): Promise<void> {
  const postgres = queryRunner.connection.options.type === 'postgres';
  for (const statement of postgres ? postgresTriggers(kept) : sqliteTriggers(kept)) await queryRunner.query(statement);
}

export async function dropCountTriggers(queryRunner: QueryRunner): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.query('DROP TRIGGER IF EXISTS tasks_keep_counts ON tasks');
    await queryRunner.query('DROP FUNCTION IF EXISTS tasks_keep_counts()');
  } else {
    for (const trigger of ['tasks_counts_insert', 'tasks_counts_queue', 'tasks_counts_status', 'tasks_counts_delete']) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
  }
}

/** A task's share of each sum `account_task_days` keeps with `usage`, in whole units (what a period's usage adds up). */
export function usageShares(row: string): Record<string, string> {
  return {
    processing_ms: `CASE WHEN ${row}.processing_seconds IS NOT NULL THEN CAST(ROUND(${row}.processing_seconds * 1000) AS BIGINT)
      WHEN ${row}.status = 'canceled' AND ${row}.started_at IS NOT NULL AND ${row}.canceled_at IS NOT NULL THEN ${row}.canceled_at - ${row}.started_at
      ELSE 0 END`,
    output_ms: `CAST(ROUND(${row}.output_minutes * 60000) AS BIGINT)`,
    cost_micro_usd: `CAST(ROUND(${row}.cost_usd * 1000000) AS BIGINT)`,
  };
}

/** Counts the task NEW in `table`, keyed by account, `column` (the start of its creation's month or day: `start`) and status; adds its `shares`. */
function countAdd(table: string, column: string, start: string, shares: Record<string, string> = {}): string {
  const sums = Object.keys(shares);
  return `INSERT INTO ${table} (account_id, ${column}, status, task_count${sums.map((sum) => `, ${sum}`).join('')})
   VALUES (NEW.account_id, ${start}, NEW.status, 1${Object.values(shares)
     .map((share) => `, ${share}`)
     .join('')})
   ON CONFLICT (account_id, ${column}, status) DO UPDATE SET task_count = ${table}.task_count + 1${sums.map((sum) => `, ${sum} = ${table}.${sum} + excluded.${sum}`).join('')};`;
}

function countRemove(table: string, column: string, start: string, shares: Record<string, string> = {}): string {
  const sums = Object.entries(shares).map(([sum, share]) => `, ${sum} = ${sum} - (${share})`);
  return `UPDATE ${table} SET task_count = task_count - 1${sums.join('')} WHERE account_id = OLD.account_id AND ${column} = ${start} AND status = OLD.status;`;
}

/** The statements that count NEW (`add`) or uncount OLD (`remove`) in the kept per-account tables. */
function accountCounts({ perDay, usage }: KeptCounts, monthStart: (column: string) => string) {
  const shares = (row: string) => (usage ? usageShares(row) : {});
  const kept = (count: typeof countAdd, row: string) =>
    [
      count('account_task_counts', 'month_start', monthStart(`${row}.created_at`)),
      perDay ? count('account_task_days', 'day_start', dayStart(`${row}.created_at`), shares(row)) : '',
    ].join(' ');
  return { add: kept(countAdd, 'NEW'), remove: kept(countRemove, 'OLD') };
}

/** The columns whose change moves a task between the kept counts or, with `usage`, changes its shares of the sums. */
const countedColumns = ({ usage }: KeptCounts) => (usage ? ['status', ...USAGE_COLUMNS] : ['status']);

function sqliteTriggers(kept: KeptCounts): string[] {
  const { add, remove } = accountCounts(kept, monthStartSqlite);
  const columns = countedColumns(kept);
  return [
    `CREATE TRIGGER tasks_counts_insert AFTER INSERT ON tasks BEGIN ${SQLITE_QUEUE_ADD} ${add} END`,
    // The rank and the estimate are in the queue's key and sum, so a change of them moves the task too.
    `CREATE TRIGGER tasks_counts_queue AFTER UPDATE OF status, priority_rank, estimated_seconds ON tasks
     WHEN OLD.status IN ${IN_QUEUE} OR NEW.status IN ${IN_QUEUE} BEGIN ${SQLITE_QUEUE_REMOVE} ${SQLITE_QUEUE_ADD} END`,
    `CREATE TRIGGER tasks_counts_status AFTER UPDATE OF ${columns.join(', ')} ON tasks
     WHEN ${columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ')} BEGIN ${remove} ${add} END`,
    `CREATE TRIGGER tasks_counts_delete AFTER DELETE ON tasks BEGIN ${SQLITE_QUEUE_REMOVE} ${remove} END`,
  ];
}

function postgresTriggers(kept: KeptCounts): string[] {
  const { add, remove } = accountCounts(kept, monthStartPostgres);
  const columns = countedColumns(kept);
  const counted = `TG_OP = 'UPDATE' AND (${columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ')})`;
  return [
    `CREATE FUNCTION tasks_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${POSTGRES_QUEUE_KEEP}
       IF TG_OP = 'DELETE' OR ${counted} THEN ${remove} END IF;
       IF TG_OP = 'INSERT' OR ${counted} THEN ${add} END IF;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER tasks_keep_counts AFTER INSERT OR DELETE OR UPDATE OF ${['priority_rank', 'estimated_seconds', ...columns].join(', ')} ON tasks
     FOR EACH ROW EXECUTE FUNCTION tasks_keep_counts()`,
  ];
}
