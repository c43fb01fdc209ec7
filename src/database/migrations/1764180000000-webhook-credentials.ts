import type { MigrationInterface, QueryRunner } from 'typeorm';

const UNSEALED = 'idx_tasks_unsealed_webhooks';

/**
 * A task's webhook secret and header values leave the `webhook` JSON for
 * `webhook_credentials`, sealed with SECRETS_KEY (docs/security.md, "Secrets at
 * rest"). The migration needs no key: it adds the column, null in every row
 * so far, and an index of the rows where it is null. Each process seals those
 * rows in the background as it starts (`CredentialSealer.sealUnsealed`), and every row written
 * after that is sealed when written, so the index stays empty and the check at
 * start reads nothing. A row an older release writes during a rolling upgrade
 * is unsealed too: it still delivers, and the next start seals it.
 *
 * Reverting drops the sealed credentials (the key is not at hand here): the
 * webhooks of tasks created since are then sent unsigned and without their headers.
 */
export class WebhookCredentials1764180000000 implements MigrationInterface {
  name = 'WebhookCredentials1764180000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE tasks ADD COLUMN webhook_credentials text NULL');
    await queryRunner.query(`CREATE INDEX ${UNSEALED} ON tasks (id) WHERE webhook_credentials IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ${UNSEALED}`);
    await queryRunner.query('ALTER TABLE tasks DROP COLUMN webhook_credentials');
  }
}
