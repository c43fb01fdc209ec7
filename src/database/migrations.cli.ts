import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions, MIGRATIONS, withMigrationLock } from './data-source';
import { type CliIo, runInTerminal } from '../common/terminal-cli';

const USAGE = `Usage: npm run migrations -- status | revert

  status
      Lists the schema's migrations, oldest first: applied, pending (a process of this release
      applies it when it starts), or applied by a release that does not have it.
  revert
      Undoes the newest applied migration (its down step, in one transaction). Run it with the
      release that added that migration, once no process of that release runs: a process of that
      release applies it again when it starts (docs/deploy.md, "Upgrading while running").`;

/** TypeORM's table of applied migrations (its default name), read in the order they were applied. */
async function appliedMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  try {
    if (!(await runner.hasTable('migrations'))) return [];
    const rows = (await runner.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[];
    return rows.map((row) => row.name);
  } finally {
    await runner.release();
  }
}

function statusLines(applied: string[]): string[] {
  const known = MIGRATIONS.map((migration) => migration.name);
  return [
    ...known.map((name) => `${applied.includes(name) ? 'applied' : 'pending'}  ${name}`),
    ...applied.filter((name) => !known.includes(name)).map((name) => `applied  ${name} (not in this release)`),
  ];
}

async function revertNewest(dataSource: DataSource, io: CliIo): Promise<number> {
  // Read and undone under one lock: a node starting meanwhile cannot apply a migration in between.
  return withMigrationLock(dataSource, async () => {
    const applied = await appliedMigrations(dataSource);
    const newest = applied.at(-1);
    if (newest === undefined) {
      io.stderr('migrations: nothing to revert: no migration is applied');
      return 1;
    }
    if (!MIGRATIONS.some((migration) => migration.name === newest)) {
      io.stderr(`migrations: the newest applied migration, ${newest}, is not in this release: revert it with the release that added it`);
      return 1;
    }
    await dataSource.undoLastMigration({ transaction: 'each' });
    io.stdout(`Reverted ${newest}; the newest applied migration is now ${applied.at(-2) ?? 'none'}.`);
    return 0;
  });
}

/**
 * `npm run migrations -- status | revert` on the configured database (DATABASE_URL, or the SQLite file in
 * DATA_DIR). Exit codes: 0 ok, 2 usage error, 1 failure.
 */
export async function runMigrationsCli(argv: string[], io: CliIo): Promise<number> {
  const command = argv.length === 1 ? argv[0] : undefined;
  if (command !== 'status' && command !== 'revert') {
    (command === 'help' ? io.stdout : io.stderr)(USAGE);
    return command === 'help' ? 0 : 2;
  }
  let dataSource: DataSource | null = null;
  try {
    const options = dataSourceOptions(loadConfig(io.env), []);
    // Opening a missing SQLite file would create an empty one, readable by all.
    if (options.type === 'sqlite' && !existsSync(options.database)) {
      io.stderr(`migrations: no database at ${options.database}: start the service once, or set DATA_DIR`);
      return 1;
    }
    dataSource = await new DataSource(options).initialize();
    if (command === 'revert') return await revertNewest(dataSource, io);
    for (const line of statusLines(await appliedMigrations(dataSource))) io.stdout(line);
    return 0;
  } catch (error) {
    io.stderr(`migrations: error: ${error instanceof Error ? error.message : String(error)}`.replace(/\s*\n\s*/g, ' '));
    return 1;
  } finally {
    await dataSource?.destroy();
  }
}

if (require.main === module) runInTerminal(runMigrationsCli);
