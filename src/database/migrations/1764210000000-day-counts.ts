import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { createCountTriggers, dayStart, dropCountTriggers } from './1764190000000-data-scale';

const DAY_COUNTS = new Table({
  name: 'account_task_days',
  columns: [
    { name: 'account_id', type: 'varchar', length: '40', isPrimary: true },
    { name: 'day_start', type: 'bigint', isPrimary: true },
    { name: 'status', type: 'varchar', length: '16', isPrimary: true },
    { name: 'task_count', type: 'integer' },
  ],
});

/**
 * A list's total over a time range stays cheap however wide the range: the
 * triggers of DataScale also keep, per account, UTC day of creation (its first
 * millisecond) and status, how many tasks. The total of a range is then the
 * kept counts of its whole days plus the tasks of its part-days at either end,
 * counted in the index (at most two days' worth).
 *
 * Before it, the total counted every task of the range in the index: for the
 * last week of a 200,000-task account about 15,500 entries on every page asked
 * for, which SQLite's one connection could not do 200 times a second
 * (docs/performance.md, "bench:api --scale").
 */
export class DayCounts1764210000000 implements MigrationInterface {
  name = 'DayCounts1764210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Dropping the triggers locks `tasks` on PostgreSQL until this migration commits, so the counts below
    // miss no task written meanwhile and count none twice.
    await dropCountTriggers(queryRunner);
    await queryRunner.createTable(DAY_COUNTS);
    await createCountTriggers(queryRunner, { perDay: true });
    const day = dayStart('created_at');
    await queryRunner.query(
      `INSERT INTO account_task_days (account_id, day_start, status, task_count)
       SELECT account_id, ${day}, status, COUNT(*) FROM tasks GROUP BY account_id, ${day}, status`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner);
    await queryRunner.dropTable(DAY_COUNTS.name);
    await createCountTriggers(queryRunner, { perDay: false });
  }
}
