import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import type { TableColumnOptions as Col } from 'typeorm/schema-builder/options/TableColumnOptions';

const id = (name = 'id'): Col => ({ name, type: 'varchar', length: '40', isPrimary: name === 'id' });
const str = (name: string, length: number, isNullable = false): Col => ({ name, type: 'varchar', length: String(length), isNullable });
const text = (name: string, isNullable = false): Col => ({ name, type: 'text', isNullable });
const int = (name: string, isNullable = false): Col => ({ name, type: 'integer', isNullable });
const big = (name: string, isNullable = false): Col => ({ name, type: 'bigint', isNullable });
const dbl = (name: string, isNullable = false): Col => ({ name, type: 'double precision', isNullable });

/** The first schema. Written with TypeORM's Table API so it is valid on SQLite and PostgreSQL alike. */
export class InitialSchema1763830000000 implements MigrationInterface {
  name = 'InitialSchema1763830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [id(), { ...str('name', 200), isUnique: true }, dbl('credit_balance_usd', true), big('created_at')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          id(),
          id('account_id'),
          str('name', 200),
          str('tier', 16),
          text('permissions'),
          { ...str('key_hash', 64), isUnique: true },
          str('key_hint', 8),
          int('rate_limit_per_minute', true),
          int('concurrent_renders', true),
          int('monthly_renders', true),
          dbl('max_storage_gb', true),
          big('created_at'),
          big('last_used_at', true),
          big('revoked_at', true),
          big('expires_at', true),
          str('replaced_by', 40, true),
        ],
        indices: [new TableIndex({ name: 'idx_api_keys_account', columnNames: ['account_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'tasks',
        columns: [
          id(),
          id('account_id'),
          str('request_id', 128, true),
          str('status', 16),
          str('priority', 16),
          int('priority_rank'),
          str('model', 16),
          text('timeline'),
          text('output_settings'),
          text('output_request'),
          text('webhook'),
          str('user_reference', 256, true),
          text('tags'),
          int('retention_hours'),
          big('created_at'),
          big('started_at', true),
          big('completed_at', true),
          big('failed_at', true),
          big('canceled_at', true),
          str('canceled_by', 16, true),
          int('progress_percentage'),
          str('progress_phase', 16, true),
          text('phases'),
          text('output', true),
          text('error', true),
          dbl('estimated_seconds'),
          dbl('processing_seconds', true),
          str('quality', 16),
          dbl('work_units'),
          dbl('output_minutes'),
          dbl('cost_usd'),
          str('retry_of', 40, true),
          str('retried_by', 40, true),
          int('retry_count'),
          int('render_attempts'),
          int('concurrency_limit'),
          str('worker_id', 120, true),
          big('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'idx_tasks_account_request', columnNames: ['account_id', 'request_id'], isUnique: true }),
          new TableIndex({ name: 'idx_tasks_account_created', columnNames: ['account_id', 'created_at'] }),
          new TableIndex({ name: 'idx_tasks_queue', columnNames: ['status', 'priority_rank', 'created_at'] }),
          new TableIndex({ name: 'idx_tasks_account_status', columnNames: ['account_id', 'status'] }),
          new TableIndex({ name: 'idx_tasks_estimates', columnNames: ['status', 'quality', 'completed_at'] }),
          new TableIndex({ name: 'idx_tasks_retried_by', columnNames: ['retried_by'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'task_events',
        columns: [
          id(),
          id('task_id'),
          id('account_id'),
          int('seq'),
          str('type', 32),
          text('body'),
          big('created_at'),
          str('delivery_status', 16),
          int('attempt_count'),
          big('next_attempt_at', true),
          int('last_http_status', true),
          text('last_error', true),
          big('finished_at', true),
        ],
        indices: [
          new TableIndex({ name: 'idx_task_events_task_seq', columnNames: ['task_id', 'seq'], isUnique: true }),
          new TableIndex({ name: 'idx_task_events_status', columnNames: ['delivery_status', 'created_at'] }),
          new TableIndex({ name: 'idx_task_events_account', columnNames: ['account_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'delivery_attempts',
        columns: [id(), id('event_id'), int('attempt_no'), big('started_at'), int('duration_ms'), int('http_status', true), text('error', true)],
        indices: [new TableIndex({ name: 'idx_delivery_attempts_event', columnNames: ['event_id', 'attempt_no'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'stored_objects',
        columns: [
          { name: 'key', type: 'varchar', length: '300', isPrimary: true },
          id('account_id'),
          id('task_id'),
          str('kind', 16),
          big('size_bytes'),
          big('created_at'),
          big('expires_at'),
          big('deleted_at', true),
        ],
        indices: [
          new TableIndex({ name: 'idx_stored_objects_account', columnNames: ['account_id', 'deleted_at'] }),
          new TableIndex({ name: 'idx_stored_objects_expiry', columnNames: ['deleted_at', 'expires_at'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'bandwidth_usage',
        columns: [{ name: 'account_id', type: 'varchar', length: '40', isPrimary: true }, { name: 'day', type: 'bigint', isPrimary: true }, big('bytes')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bandwidth_usage', 'stored_objects', 'delivery_attempts', 'task_events', 'tasks', 'api_keys', 'accounts']) {
      await queryRunner.dropTable(table);
    }
  }
}
