import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

const BY_CREATED = 'idx_tasks_account_created';
const BY_STATUS = 'idx_tasks_account_status';

/**
 * A list page is ordered by `created_at DESC, id DESC`. The account's indexes
 * now end with both, so a page walks one index and stops after its rows:
 * before, the `id` tie-break needed a sort, and a page filtered by status
 * (whose index ended at `status`) read and sorted every task of that status
 * the account has. The old columns stay first, so every query they served
 * (the account's counts) still reads them alone.
 */
export class ListOrderIndexes1764160000000 implements MigrationInterface {
  name = 'ListOrderIndexes1764160000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await replaceIndex(queryRunner, BY_CREATED, ['account_id', 'created_at', 'id']);
    await replaceIndex(queryRunner, BY_STATUS, ['account_id', 'status', 'created_at', 'id']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await replaceIndex(queryRunner, BY_CREATED, ['account_id', 'created_at']);
    await replaceIndex(queryRunner, BY_STATUS, ['account_id', 'status']);
  }
}

async function replaceIndex(queryRunner: QueryRunner, name: string, columnNames: string[]): Promise<void> {
  await queryRunner.dropIndex('tasks', name);
  await queryRunner.createIndex('tasks', new TableIndex({ name, columnNames }));
}
