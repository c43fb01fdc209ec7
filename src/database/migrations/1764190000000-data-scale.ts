import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { KeptQueueTotals1764170000000 } from './1764170000000-kept-queue-totals';

/** The statuses a task waits or renders in: the queue a create is admitted into. */
const IN_QUEUE = "('queued', 'processing')";

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
const BY_CREATED_COLUMNS = ['account_id', 'created_at', 'id'];
const BY_CREATED_WITH_USAGE = [...BY_CREATED_COLUMNS, 'status', 'processing_seconds', 'started_at', 'canceled_at', 'output_minutes', 'cost_usd'];

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

async function replaceIndex(queryRunner: QueryRunner, columnNames: string[]): Promise<void> {
  await queryRunner.dropIndex('tasks', BY_CREATED);
  await queryRunner.createIndex('tasks', new TableIndex({ name: BY_CREATED, columnNames }));
}

/** The first millisecond (UTC) of the month of a millisecond timestamp column. */
function monthStartSqlite(column: string): string {
  return `CAST(strftime('%s', ${column} / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000`;
}

function monthStartPostgres(column: string): string {
  return `(EXTRACT(EPOCH FROM date_trunc('month', to_timestamp(${column} / 1000.0) AT TIME ZONE 'UTC')) * 1000)::bigint`;
}

/** The first millisecond (UTC) of the day of a millisecond timestamp column, on either engine. */
export function dayStart(column: string): string {
  return `(${column} - ${column} % 86400000)`;
}

/** The counts' triggers on `tasks`; with `perDay`, they also keep `account_task_days` (migration DayCounts). */
export async function createCountTriggers(queryRunner: QueryRunner, { perDay }: { perDay: boolean }): Promise<void> {
  const postgres = queryRunner.connection.options.type === 'postgres';
  for (const statement of postgres ? postgresTriggers(perDay) : sqliteTriggers(perDay)) await queryRunner.query(statement);
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

const sqliteQueueAdd = `INSERT INTO queue_totals (status, priority_rank, task_count, estimated_seconds)
   SELECT NEW.status, NEW.priority_rank, 1, NEW.estimated_seconds WHERE NEW.status IN ${IN_QUEUE}
   ON CONFLICT (status, priority_rank) DO UPDATE SET task_count = task_count + 1, estimated_seconds = estimated_seconds + excluded.estimated_seconds;`;

const sqliteQueueRemove = `UPDATE queue_totals SET task_count = task_count - 1, estimated_seconds = estimated_seconds - OLD.estimated_seconds
   WHERE OLD.status IN ${IN_QUEUE} AND status = OLD.status AND priority_rank = OLD.priority_rank;`;

/** Counts the task NEW in `table`, keyed by account, `column` (the start of its creation's month or day: `start`) and status. */
const countAdd = (table: string, column: string, start: string) =>
  `INSERT INTO ${table} (account_id, ${column}, status, task_count) VALUES (NEW.account_id, ${start}, NEW.status, 1)
   ON CONFLICT (account_id, ${column}, status) DO UPDATE SET task_count = ${table}.task_count + 1;`;

const countRemove = (table: string, column: string, start: string) =>
  `UPDATE ${table} SET task_count = task_count - 1 WHERE account_id = OLD.account_id AND ${column} = ${start} AND status = OLD.status;`;

function sqliteCountAdd(perDay: boolean): string {
  const month = countAdd('account_task_counts', 'month_start', monthStartSqlite('NEW.created_at'));
  return perDay ? `${month} ${countAdd('account_task_days', 'day_start', dayStart('NEW.created_at'))}` : month;
}

function sqliteCountRemove(perDay: boolean): string {
  const month = countRemove('account_task_counts', 'month_start', monthStartSqlite('OLD.created_at'));
  return perDay ? `${month} ${countRemove('account_task_days', 'day_start', dayStart('OLD.created_at'))}` : month;
}

const sqliteTriggers = (perDay: boolean) => [
  `CREATE TRIGGER tasks_counts_insert AFTER INSERT ON tasks BEGIN ${sqliteQueueAdd} ${sqliteCountAdd(perDay)} END`,
  // The rank and the estimate are in the queue's key and sum, so a change of them moves the task too.
  `CREATE TRIGGER tasks_counts_queue AFTER UPDATE OF status, priority_rank, estimated_seconds ON tasks
   WHEN OLD.status IN ${IN_QUEUE} OR NEW.status IN ${IN_QUEUE} BEGIN ${sqliteQueueRemove} ${sqliteQueueAdd} END`,
  `CREATE TRIGGER tasks_counts_status AFTER UPDATE OF status ON tasks WHEN OLD.status <> NEW.status BEGIN ${sqliteCountRemove(perDay)} ${sqliteCountAdd(perDay)} END`,
  `CREATE TRIGGER tasks_counts_delete AFTER DELETE ON tasks BEGIN ${sqliteQueueRemove} ${sqliteCountRemove(perDay)} END`,
];

const postgresTriggers = (perDay: boolean) => [
  `CREATE FUNCTION tasks_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ${IN_QUEUE} THEN
       UPDATE queue_totals SET task_count = task_count - 1, estimated_seconds = estimated_seconds - OLD.estimated_seconds
       WHERE status = OLD.status AND priority_rank = OLD.priority_rank;
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ${IN_QUEUE} THEN
       INSERT INTO queue_totals (status, priority_rank, task_count, estimated_seconds) VALUES (NEW.status, NEW.priority_rank, 1, NEW.estimated_seconds)
       ON CONFLICT (status, priority_rank) DO UPDATE
       SET task_count = queue_totals.task_count + 1, estimated_seconds = queue_totals.estimated_seconds + EXCLUDED.estimated_seconds;
     END IF;
     IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.status <> NEW.status) THEN
       ${countRemove('account_task_counts', 'month_start', monthStartPostgres('OLD.created_at'))}
       ${perDay ? countRemove('account_task_days', 'day_start', dayStart('OLD.created_at')) : ''}
     END IF;
     IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD.status <> NEW.status) THEN
       ${countAdd('account_task_counts', 'month_start', monthStartPostgres('NEW.created_at'))}
       ${perDay ? countAdd('account_task_days', 'day_start', dayStart('NEW.created_at')) : ''}
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER tasks_keep_counts AFTER INSERT OR DELETE OR UPDATE OF status, priority_rank, estimated_seconds ON tasks
   FOR EACH ROW EXECUTE FUNCTION tasks_keep_counts()`,
];
