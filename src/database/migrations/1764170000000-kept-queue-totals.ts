import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** The statuses a task waits or renders in: the queue a create is admitted into. */
export const IN_QUEUE = "('queued', 'processing')";

const key = (name: string, type: string, length?: string) => ({ name, type, length, isPrimary: true });

const TOTALS_TABLES = [
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
    name: 'account_month_tasks',
    columns: [key('account_id', 'varchar', '40'), key('month_start', 'bigint'), { name: 'task_count', type: 'integer' }],
  }),
];

/**
 * A create's admission (its queue position, estimated start and the account's
 * monthly quota) counted rows: every task waiting or rendering, and the account's
 * tasks of the month. Its cost grew with the queue and the account's history
 * (0.45 ms with 1,500 tasks queued, and it runs inside the create's serialized
 * unit of work on SQLite), so creates slowed as the queue grew. The counts are
 * now kept in two small tables by triggers on `tasks`, which every insert, status
 * change and delete passes through, whatever code made it:
 *
 * - `queue_totals`: per status (queued, processing) and priority rank, how many
 *   tasks and their estimated seconds;
 * - `account_month_tasks`: per account and UTC month (its first millisecond), how
 *   many tasks were created.
 *
 * They hold exactly what the old statements counted. A create reads at most a
 * handful of rows, whatever the queue.
 */
export class KeptQueueTotals1764170000000 implements MigrationInterface {
  name = 'KeptQueueTotals1764170000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TOTALS_TABLES) await queryRunner.createTable(table);
    const postgres = queryRunner.connection.options.type === 'postgres';
    // Triggers first: on PostgreSQL creating them waits for the writes in flight and holds new ones until this
    // migration commits, so the counts below miss no task and count none twice.
    for (const statement of postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await queryRunner.query(statement);
    await queryRunner.query(
      `INSERT INTO queue_totals (status, priority_rank, task_count, estimated_seconds)
       SELECT status, priority_rank, COUNT(*), SUM(estimated_seconds) FROM tasks WHERE status IN ${IN_QUEUE} GROUP BY status, priority_rank`,
    );
    const month = postgres ? monthStartPostgres('created_at') : monthStartSqlite('created_at');
    await queryRunner.query(
      `INSERT INTO account_month_tasks (account_id, month_start, task_count)
       SELECT account_id, ${month}, COUNT(*) FROM tasks GROUP BY account_id, ${month}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query('DROP TRIGGER IF EXISTS tasks_keep_totals ON tasks');
      await queryRunner.query('DROP FUNCTION IF EXISTS tasks_keep_totals()');
    } else {
      for (const trigger of ['tasks_totals_insert', 'tasks_totals_update', 'tasks_totals_delete']) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    for (const table of TOTALS_TABLES) await queryRunner.dropTable(table.name);
  }
}

/** The first millisecond (UTC) of the month of a millisecond timestamp column. */
export function monthStartSqlite(column: string): string {
  return `CAST(strftime('%s', ${column} / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000`;
}

export function monthStartPostgres(column: string): string {
  return `(EXTRACT(EPOCH FROM date_trunc('month', to_timestamp(${column} / 1000.0) AT TIME ZONE 'UTC')) * 1000)::bigint`;
}

/** Counts the task NEW in `queue_totals` if it waits or renders. */
export const SQLITE_QUEUE_ADD = `INSERT INTO queue_totals (status, priority_rank, task_count, estimated_seconds)
   SELECT NEW.status, NEW.priority_rank, 1, NEW.estimated_seconds WHERE NEW.status IN ${IN_QUEUE}
   ON CONFLICT (status, priority_rank) DO UPDATE SET task_count = task_count + 1, estimated_seconds = estimated_seconds + excluded.estimated_seconds;`;

export const SQLITE_QUEUE_REMOVE = `UPDATE queue_totals SET task_count = task_count - 1, estimated_seconds = estimated_seconds - OLD.estimated_seconds
   WHERE OLD.status IN ${IN_QUEUE} AND status = OLD.status AND priority_rank = OLD.priority_rank;`;

/** The PostgreSQL trigger function's statements that move OLD out of and NEW into `queue_totals`. */
export const POSTGRES_QUEUE_KEEP = `IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ${IN_QUEUE} THEN
       UPDATE queue_totals SET task_count = task_count - 1, estimated_seconds = estimated_seconds - OLD.estimated_seconds
       WHERE status = OLD.status AND priority_rank = OLD.priority_rank;
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ${IN_QUEUE} THEN
       INSERT INTO queue_totals (status, priority_rank, task_count, estimated_seconds) VALUES (NEW.status, NEW.priority_rank, 1, NEW.estimated_seconds)
       ON CONFLICT (status, priority_rank) DO UPDATE
       SET task_count = queue_totals.task_count + 1, estimated_seconds = queue_totals.estimated_seconds + EXCLUDED.estimated_seconds;
     END IF;`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER tasks_totals_insert AFTER INSERT ON tasks BEGIN
     ${SQLITE_QUEUE_ADD}
     INSERT INTO account_month_tasks (account_id, month_start, task_count) VALUES (NEW.account_id, ${monthStartSqlite('NEW.created_at')}, 1)
     ON CONFLICT (account_id, month_start) DO UPDATE SET task_count = task_count + 1;
   END`,
  // Status changes mostly; the rank and the estimate are in the key and the sum, so a change of them moves the task too.
  `CREATE TRIGGER tasks_totals_update AFTER UPDATE OF status, priority_rank, estimated_seconds ON tasks
   WHEN OLD.status IN ${IN_QUEUE} OR NEW.status IN ${IN_QUEUE} BEGIN
     ${SQLITE_QUEUE_REMOVE}
     ${SQLITE_QUEUE_ADD}
   END`,
  `CREATE TRIGGER tasks_totals_delete AFTER DELETE ON tasks BEGIN
     ${SQLITE_QUEUE_REMOVE}
     UPDATE account_month_tasks SET task_count = task_count - 1 WHERE account_id = OLD.account_id AND month_start = ${monthStartSqlite('OLD.created_at')};
   END`,
];

const POSTGRES_TRIGGERS = [
  `CREATE FUNCTION tasks_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${POSTGRES_QUEUE_KEEP}
     IF TG_OP = 'INSERT' THEN
       INSERT INTO account_month_tasks (account_id, month_start, task_count) VALUES (NEW.account_id, ${monthStartPostgres('NEW.created_at')}, 1)
       ON CONFLICT (account_id, month_start) DO UPDATE SET task_count = account_month_tasks.task_count + 1;
     ELSIF TG_OP = 'DELETE' THEN
       UPDATE account_month_tasks SET task_count = task_count - 1 WHERE account_id = OLD.account_id AND month_start = ${monthStartPostgres('OLD.created_at')};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER tasks_keep_totals AFTER INSERT OR DELETE OR UPDATE OF status, priority_rank, estimated_seconds ON tasks
   FOR EACH ROW EXECUTE FUNCTION tasks_keep_totals()`,
];
