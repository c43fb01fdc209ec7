import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { MIGRATIONS, openDataSource, withMigrationLock } from '../../../src/database/data-source';
import { runMigrationsCli } from '../../../src/database/migrations.cli';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';

jest.setTimeout(60_000);

const NAMES = MIGRATIONS.map((migration) => migration.name);

describe.each(['sqlite', 'postgres'] as const)('npm run migrations on %s', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-migrations-cli-'));
  const config: { dataDir: string; databaseUrl: string | null } = { dataDir, databaseUrl: null };
  let database: TestDatabase | null = null;

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const env = { DATA_DIR: dataDir, ...(config.databaseUrl === null ? {} : { DATABASE_URL: config.databaseUrl }) };
    const code = await runMigrationsCli(argv, { stdout: (text) => out.push(text), stderr: (text) => err.push(text), env });
    return { code, out, err: err.join('\n') };
  };
  const hasTemplates = async () => {
    const dataSource = await openDataSource(config, SERVICE_ENTITIES);
    const runner = dataSource.createQueryRunner();
    try {
      return await runner.hasTable('templates');
    } finally {
      await runner.release();
      await dataSource.destroy();
    }
  };

  beforeAll(async () => {
    if (engine === 'postgres') {
      database = await createTestDatabase('migrations_cli');
      config.databaseUrl = database.url;
    }
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('before the first start: SQLite names the missing file and creates none; PostgreSQL lists every migration pending', async () => {
    const status = await cli('status');
    if (engine === 'sqlite') {
      expect(status).toEqual({
        code: 1,
        out: [],
        err: `migrations: no database at ${join(dataDir, 'render.sqlite')}: start the service once, or set DATA_DIR`,
      });
      expect((await cli('revert')).code).toBe(1);
      expect(existsSync(join(dataDir, 'render.sqlite'))).toBe(false);
    } else {
      expect(status).toEqual({ code: 0, out: NAMES.map((name) => `pending  ${name}`), err: '' });
      expect(await cli('revert')).toEqual({ code: 1, out: [], err: 'migrations: nothing to revert: no migration is applied' });
    }
  });

  it('status lists what a start applied; revert undoes the newest only, and the next start applies it again', async () => {
    expect(await hasTemplates()).toBe(true);
    expect(await cli('status')).toEqual({ code: 0, out: NAMES.map((name) => `applied  ${name}`), err: '' });

    const reverted = await cli('revert');
    expect(reverted).toEqual({ code: 0, out: [`Reverted ${NAMES.at(-1)}; the newest applied migration is now ${NAMES.at(-2)}.`], err: '' });
    expect((await cli('status')).out).toEqual([...NAMES.slice(0, -1).map((name) => `applied  ${name}`), `pending  ${NAMES.at(-1)}`]);

    // hasTemplates opens the database as a process starts: the reverted migration is applied again.
    expect(await hasTemplates()).toBe(true);
    expect((await cli('status')).out).toEqual(NAMES.map((name) => `applied  ${name}`));
  });

  it('reverts every migration, newest first, down to an empty schema, then says there is nothing left', async () => {
    for (let i = NAMES.length - 1; i >= 0; i--) {
      expect(await cli('revert')).toEqual({ code: 0, out: [`Reverted ${NAMES[i]}; the newest applied migration is now ${NAMES[i - 1] ?? 'none'}.`], err: '' });
    }
    expect(await cli('revert')).toEqual({ code: 1, out: [], err: 'migrations: nothing to revert: no migration is applied' });
    expect((await cli('status')).out).toEqual(NAMES.map((name) => `pending  ${name}`));
    expect(await hasTemplates()).toBe(true);
  });

  it('leaves alone a newest migration this release does not have', async () => {
    const dataSource = await openDataSource(config, SERVICE_ENTITIES);
    await dataSource.createQueryBuilder().insert().into('migrations').values({ timestamp: 1900000000000, name: 'Future1900000000000' }).execute();
    await dataSource.destroy();
    expect((await cli('status')).out.at(-1)).toBe('applied  Future1900000000000 (not in this release)');
    expect(await cli('revert')).toEqual({
      code: 1,
      out: [],
      err: 'migrations: the newest applied migration, Future1900000000000, is not in this release: revert it with the release that added it',
    });
    expect((await cli('status')).out.slice(0, NAMES.length)).toEqual(NAMES.map((name) => `applied  ${name}`));
  });

  (engine === 'postgres' ? it : it.skip)('reads what to revert only once it holds the lock a starting node migrates under', async () => {
    const dataSource = await openDataSource(config, SERVICE_ENTITIES);
    try {
      const migrations = () => dataSource.createQueryBuilder().from('migrations', 'm');
      await migrations().delete().where("name LIKE 'Future%'").execute();
      const waitingForLock = async () => {
        const [row] = await dataSource.query<{ n: number }[]>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        return row.n > 0;
      };
      let revert!: ReturnType<typeof cli>;
      // Here the test is the node that migrates: while it holds the lock, the revert waits, then finds a newer release's migration.
      await withMigrationLock(dataSource, async () => {
        revert = cli('revert');
        while (!(await waitingForLock())) await new Promise((resolve) => setTimeout(resolve, 20));
        await migrations().insert().into('migrations').values({ timestamp: 1900000000000, name: 'Future1900000000000' }).execute();
      });
      expect(await revert).toEqual({
        code: 1,
        out: [],
        err: 'migrations: the newest applied migration, Future1900000000000, is not in this release: revert it with the release that added it',
      });
    } finally {
      await dataSource.destroy();
    }
  });

  it('refuses anything but one known command, with the usage (exit 2; help exits 0)', async () => {
    for (const argv of [[], ['undo'], ['revert', 'all']]) {
      const answer = await cli(...argv);
      expect(answer.code).toBe(2);
      expect(answer.err).toMatch(/^Usage: npm run migrations -- status \| revert/);
    }
    const help = await cli('help');
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toMatch(/^Usage: npm run migrations -- status \| revert/);
  });
});
