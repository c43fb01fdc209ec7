import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { hashApiKey } from '../../../src/auth/api-key.codec';
import { AccountEntity } from '../../../src/auth/account.entity';
import { AccountsRepository } from '../../../src/auth/accounts.repository';
import { ApiKeysRepository } from '../../../src/auth/api-keys.repository';
import { ApiKeysService } from '../../../src/auth/api-keys.service';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import type { Database } from '../../../src/database/database';
import { openDatabase } from '../../../src/database/data-source';
import { present } from '../../support/present';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../..');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The compiled CLI run as a child process, as `npm run keys` runs it. */
describe('keys CLI', () => {
  // Each run is a fresh Node process loading TypeORM (~0.5 s).
  jest.setTimeout(30_000);
  let buildDir: string;
  let dataDir: string;
  let db: Database;
  let keys: ApiKeysService;

  async function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
    try {
      const { stdout, stderr } = await run(process.execPath, [join(buildDir, 'out/src/auth/keys.cli.js'), ...args], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_PATH: join(ROOT, 'node_modules'),
          DATA_DIR: dataDir,
          API_KEY_PREFIX: 'cli',
          KEY_ROTATION_GRACE_HOURS: '5',
          ...env,
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), 'rs-keys-cli-'));
    writeFileSync(
      join(buildDir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.json'),
        compilerOptions: { outDir: join(buildDir, 'out'), rootDir: ROOT, types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], sourceMap: false },
        include: [],
        files: [join(ROOT, 'src/auth/keys.cli.ts')],
      }),
    );
    await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(buildDir, 'tsconfig.json')]);
    dataDir = mkdtempSync(join(tmpdir(), 'rs-keys-data-'));
    db = await openDatabase({ databaseUrl: null, dataDir }, SERVICE_ENTITIES);
    keys = new ApiKeysService(new ApiKeysRepository(db), new AccountsRepository(db), 'cli');
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a key, prints it once on the first line, and the key authenticates with what was asked', async () => {
    const result = await cli(['create', '--account', 'acme', '--tier', 'standard', '--permissions', 'tasks:read,models:read', '--name', 'ci']);
    expect(result.code).toBe(0);
    const key = result.stdout.split('\n')[0];
    expect(key).toMatch(/^cli_[0-9A-Za-z]{32}$/);
    expect(result.stdout.split(key)).toHaveLength(2);
    const principal = await keys.authenticate(key);
    expect(principal).toMatchObject({ tier: 'standard', permissions: ['tasks:read', 'models:read'], limits: { requestsPerMinute: 100 } });
    expect((await keys.find(present(principal, 'a principal for the printed key').keyId))?.name).toBe('ci');
  });

  it('creates with --json and custom limits and expiry', async () => {
    const before = Date.now();
    const result = await cli([
      'create',
      '--account=bigco',
      '--tier=enterprise',
      '--rate-limit',
      '2000',
      '--concurrent-renders',
      '50',
      '--monthly-renders',
      '99999',
      '--max-storage-gb',
      '2.5',
      '--expires-in-days',
      '2',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(Object.keys(body).sort()).toEqual(['account', 'id', 'key', 'permissions', 'tier']);
    expect(body).toMatchObject({
      account: 'bigco',
      tier: 'enterprise',
      permissions: ['tasks:read', 'tasks:write', 'usage:read', 'models:read', 'templates:read', 'templates:write'],
    });
    const principal = await keys.authenticate(body.key);
    expect(principal?.keyId).toBe(body.id);
    expect(principal?.limits).toEqual({ requestsPerMinute: 2000, concurrentRenders: 50, monthlyRenders: 99999, maxStorageGb: 2.5 });
    const expiresAt = present(present(await keys.find(body.id), `key ${body.id}`).expiresAt, 'an expiry on the key');
    expect(expiresAt - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
  });

  it('lists keys without ever printing a key or its hash', async () => {
    const created = JSON.parse((await cli(['create', '--account', 'lister', '--tier', 'pro', '--json'])).stdout);
    const table = await cli(['list']);
    const json = await cli(['list', '--account', 'lister', '--json']);
    expect(table.code).toBe(0);
    expect(json.code).toBe(0);
    for (const output of [table.stdout, json.stdout]) {
      expect(output).not.toContain(created.key.slice(4));
      expect(output).not.toContain(hashApiKey(created.key).slice(0, 16));
      expect(output).toContain(`…${created.key.slice(-4)}`);
    }
    expect(table.stdout).toContain('acme');
    const rows = JSON.parse(json.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: created.id, account: 'lister', tier: 'pro', status: 'active', revoked_at: null, expires_at: null });
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['name', 'permissions', 'hint', 'created_at', 'last_used_at']));
  });

  it('revokes at once; revoking again is harmless; an unknown id fails with exit 1', async () => {
    const created = JSON.parse((await cli(['create', '--account', 'revoker', '--tier', 'pro', '--json'])).stdout);
    expect((await cli(['revoke', created.id])).code).toBe(0);
    expect(await keys.authenticate(created.key)).toBeNull();
    const again = await cli(['revoke', created.id]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already revoked');
    const unknown = await cli(['revoke', 'key_nothing']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toEqual(['keys: error: no key with id key_nothing']);
  });

  it('rotates: the new key works at once, the old one for the grace period (default KEY_ROTATION_GRACE_HOURS)', async () => {
    const created = JSON.parse((await cli(['create', '--account', 'rotator', '--tier', 'pro', '--permissions', 'usage:read', '--json'])).stdout);
    const rotated = await cli(['rotate', created.id, '--json']);
    expect(rotated.code).toBe(0);
    const body = JSON.parse(rotated.stdout);
    expect(body).toMatchObject({ account: 'rotator', tier: 'pro', permissions: ['usage:read'], replaces: created.id });
    expect((await keys.authenticate(body.key))?.keyId).toBe(body.id);
    expect((await keys.authenticate(created.key))?.keyId).toBe(created.id);
    const graceMs = present(present(await keys.find(created.id), `key ${created.id}`).expiresAt, 'an expiry on the replaced key') - Date.now();
    expect(graceMs).toBeGreaterThan(5 * 3_600_000 - 60_000);
    expect(graceMs).toBeLessThanOrEqual(5 * 3_600_000);

    const immediate = await cli(['rotate', body.id, '--grace-hours', '0']);
    expect(immediate.code).toBe(0);
    expect(await keys.authenticate(body.key)).toBeNull();
    expect(await keys.authenticate(immediate.stdout.split('\n')[0])).not.toBeNull();
    const twice = await cli(['rotate', body.id]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/^keys: error: .*(already rotated|expired)/);
  });

  it("sets and lifts an account's credit balance", async () => {
    await cli(['create', '--account', 'prepaid', '--tier', 'standard']);
    const set = await cli(['credits', '--account', 'prepaid', '--usd', '12.5', '--json']);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ account: 'prepaid', credit_balance_usd: 12.5 });
    expect((await db.run((m) => m.findOneByOrFail(AccountEntity, { name: 'prepaid' }))).creditBalanceUsd).toBe(12.5);
    expect((await cli(['credits', '--account', 'prepaid', '--unlimited'])).code).toBe(0);
    expect((await db.run((m) => m.findOneByOrFail(AccountEntity, { name: 'prepaid' }))).creditBalanceUsd).toBeNull();
    expect((await cli(['credits', '--account', 'nobody', '--usd', '1'])).code).toBe(1);
    for (const args of [
      ['credits', '--account', 'prepaid'],
      ['credits', '--account', 'prepaid', '--usd', '1', '--unlimited'],
      ['credits', '--usd', '-1', '--account', 'prepaid'],
    ]) {
      expect((await cli(args)).code).toBe(2);
    }
  });

  it('answers usage errors with one line and exit 2, before touching the database', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'rs-keys-usage-'));
    try {
      const cases: string[][] = [
        [],
        ['frobnicate'],
        ['create', '--tier', 'pro'],
        ['create', '--account', 'x'],
        ['create', '--account', 'x', '--tier', 'gold'],
        ['create', '--account', 'x', '--tier', 'pro', '--permissions', 'tasks:read,root'],
        ['create', '--account', 'x', '--tier', 'pro', '--rate-limit', '0'],
        ['create', '--account', 'x', '--tier', 'pro', '--expires-in-days', 'soon'],
        ['create', '--account', 'x', '--tier', 'pro', '--colour', 'red'],
        ['create', '--account'],
        ['revoke'],
        ['rotate', 'a', 'b'],
        ['rotate', 'key_x', '--grace-hours', '-1'],
        ['list', '--json=yes'],
      ];
      const results = await Promise.all(cases.map((args) => cli(args, { DATA_DIR: fresh })));
      for (const [index, result] of results.entries()) {
        const args = cases[index];
        expect({ args, code: result.code, lines: result.stderr.trim().split('\n').length }).toEqual({ args, code: 2, lines: 1 });
        expect(result.stderr).toMatch(/^keys: /);
      }
      expect(existsSync(join(fresh, 'render.sqlite'))).toBe(false);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('prints help with exit 0, and fails with exit 1 and one line when the database is unreachable', async () => {
    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('rotate <key_id> [--grace-hours N]');
    const down = await cli(['list'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(down.code).toBe(1);
    expect(down.stderr.trim().split('\n')).toHaveLength(1);
    expect(down.stderr).toMatch(/^keys: error: .*ECONNREFUSED/);
  });
});
