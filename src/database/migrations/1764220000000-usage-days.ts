import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import {
  BY_CREATED_COLUMNS,
  BY_CREATED_WITH_USAGE,
  createCountTriggers,
  dayStart,
  dropCountTriggers,
  replaceIndex,
  usageShares,
} from './1764190000000-data-scale';

const SUMS = Object.keys(usageShares('tasks'));

/**
 * A period's usage costs the same however many tasks the account created in
 * it: the triggers also keep, in each row of `account_task_days`, the sums a
 * usage adds up (processing time, output duration, price) in whole units
 * (milliseconds, micro-dollars), so that adding and taking away never rounds.
 * Every usage period is made of whole UTC days, so its usage is the sum of at
 * most 31 rows.
 *
 * Before it, usage summed the period's tasks in the covering index of
 * DataScale: 66,667 index entries for a month of a 200,000-task account, about
 * 200 ms when those pages were not in memory (docs/performance.md,
 * "bench:api --scale"). That index goes back to the columns the lists use.
 */
export class UsageDays1764220000000 implements MigrationInterface {
  name = 'UsageDays1764220000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Dropping the triggers locks `tasks` on PostgreSQL until this migration commits, so the sums below
    // miss no task written meanwhile.
    await dropCountTriggers(queryRunner);
    for (const sum of SUMS) await queryRunner.addColumn('account_task_days', new TableColumn({ name: sum, type: 'bigint', default: 0 }));
    await createCountTriggers(queryRunner, { perDay: true, usage: true });
    const day = dayStart('created_at');
    const shares = usageShares('tasks');
    await queryRunner.query('DELETE FROM account_task_days');
    await queryRunner.query(
      `INSERT INTO account_task_days (account_id, day_start, status, task_count, ${SUMS.join(', ')})
       SELECT account_id, ${day}, status, COUNT(*), ${SUMS.map((sum) => `SUM(${shares[sum]})`).join(', ')}
       FROM tasks GROUP BY account_id, ${day}, status`,
    );
    await replaceIndex(queryRunner, BY_CREATED_COLUMNS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner);
    for (const sum of SUMS) await queryRunner.dropColumn('account_task_days', sum);
    await createCountTriggers(queryRunner, { perDay: true });
    await replaceIndex(queryRunner, BY_CREATED_WITH_USAGE);
  }
}
