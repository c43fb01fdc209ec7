import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

/** Every permission a key had before templates: a key that held all of them was made with the default, "all". */
const EARLIER_PERMISSIONS = ['tasks:read', 'tasks:write', 'usage:read', 'models:read'];
const TEMPLATE_PERMISSIONS = ['templates:read', 'templates:write'];

/**
 * Templates (spec/extensions.md §6): a table of them, owned by an account and
 * listed newest first. Keys that hold every earlier permission (the default
 * of `npm run keys -- create`) get the two template permissions, so "all"
 * still means all; a key restricted on purpose stays as it was.
 */
export class Templates1764200000000 implements MigrationInterface {
  name = 'Templates1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'templates',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '40' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'body', type: 'text' },
          { name: 'fields', type: 'text' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [new TableIndex({ name: 'idx_templates_account_created', columnNames: ['account_id', 'created_at', 'id'] })],
      }),
    );
    await rewritePermissions(queryRunner, (permissions) =>
      EARLIER_PERMISSIONS.every((permission) => permissions.includes(permission)) ? [...new Set([...permissions, ...TEMPLATE_PERMISSIONS])] : permissions,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await rewritePermissions(queryRunner, (permissions) => permissions.filter((permission) => !TEMPLATE_PERMISSIONS.includes(permission)));
    await queryRunner.dropTable('templates');
  }
}

async function rewritePermissions(queryRunner: QueryRunner, rewrite: (permissions: string[]) => string[]): Promise<void> {
  const keys: Array<{ id: string; permissions: string }> = await queryRunner.manager
    .createQueryBuilder()
    .select(['id', 'permissions'])
    .from('api_keys', 'k')
    .getRawMany();
  for (const key of keys) {
    const before = JSON.parse(key.permissions) as string[];
    const after = rewrite(before);
    if (after.length === before.length) continue;
    // The value as a parameter, not through the entity's column (whose transformer would encode the JSON twice).
    await queryRunner.manager
      .createQueryBuilder()
      .update('api_keys')
      .set({ permissions: () => ':permissions' })
      .where('id = :id', { id: key.id, permissions: JSON.stringify(after) })
      .execute();
  }
}
