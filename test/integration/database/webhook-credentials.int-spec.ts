import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { runSecretsCli } from '../../../src/app/secrets.cli';
import { SecretBox } from '../../../src/common/secret-box';
import { openDatabase, openDataSource } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import { CredentialSealer, WebhookCredentials } from '../../../src/tasks/webhook-credentials';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import { insertRows, taskRow } from '../usage/task-rows';

jest.setTimeout(60_000);

/** More than one batch of the sealer, so its loop is walked. */
const LEGACY_ROWS = 230;
const webhookOf = (i: number) => ({
  url: `https://hooks.example.com/${i}`,
  events: ['task.completed' as const],
  secret: `whsec_plain_${i}`,
  headers: { Authorization: `Bearer tok_plain_${i}` },
});

describe.each(['sqlite', 'postgres'] as const)('webhook credentials at rest on %s', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-credentials-'));
  const config: { dataDir: string; databaseUrl: string | null } = { dataDir, databaseUrl: null };
  let database: TestDatabase | null = null;
  let db: Database;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const ids: string[] = [];

  /** Every stored row as text: what a stolen copy of the database shows. */
  const storedText = async () => JSON.stringify(await db.run((m) => m.query('SELECT * FROM tasks')));
  const stored = async () => db.run((m) => m.find(TaskEntity, { select: ['id', 'webhook', 'webhookCredentials'], order: { id: 'ASC' } }));

  beforeAll(async () => {
    if (engine === 'postgres') {
      database = await createTestDatabase('credentials');
      config.databaseUrl = database.url;
    }
    // Rows written by the release before sealing: credentials in the webhook JSON, then the schema of that release.
    const before = await openDataSource(config, SERVICE_ENTITIES);
    const rows = Array.from({ length: LEGACY_ROWS }, (_, i) => taskRow('acc_legacy', { createdAt: i, webhook: webhookOf(i) }));
    for (let i = 0; i < rows.length; i += 100) await before.getRepository(TaskEntity).insert(rows.slice(i, i + 100) as never[]);
    ids.push(...rows.map((row) => row.id));
    await before.undoLastMigration();
    await before.destroy();
    db = await openDatabase(config, SERVICE_ENTITIES);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seals the credentials of rows written in the clear before the migration, once, leaving no plaintext, and opens them as they were', async () => {
    expect(await storedText()).toContain('whsec_plain_7');
    const credentials = new WebhookCredentials(new SecretBox(oldKey));
    const sealer = new CredentialSealer(db, new TasksRepository(db), credentials);
    expect(await sealer.sealUnsealed()).toBe(LEGACY_ROWS);
    expect(await sealer.sealUnsealed()).toBe(0);

    const text = await storedText();
    expect(text).not.toMatch(/whsec_plain_|tok_plain_/);
    const rows = await stored();
    expect(rows).toHaveLength(LEGACY_ROWS);
    for (const row of rows) {
      expect(row.webhookCredentials).toMatch(/^v1:[0-9a-f]{8}:/);
      expect(row.webhook).not.toHaveProperty('secret');
      expect(row.webhook).not.toHaveProperty('headers');
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    ids.forEach((id, i) => expect(credentials.open(byId.get(id) as TaskEntity)).toEqual(webhookOf(i)));
  });

  it('moves every sealed value onto a new key, after which the old key is no longer needed', async () => {
    const rotated = new WebhookCredentials(new SecretBox(newKey, [oldKey]));
    const sealer = new CredentialSealer(db, new TasksRepository(db), rotated);
    // A task created after the rotation is already sealed with the new key: it is left as it is.
    const fresh = taskRow('acc_new', { createdAt: 10_000 });
    await insertRows(db, TaskEntity, [Object.assign(fresh, rotated.seal(fresh.id, webhookOf(-1)))]);
    const freshSealed = fresh.webhookCredentials;

    expect(await sealer.resealWithCurrentKey()).toBe(LEGACY_ROWS);
    expect(await sealer.resealWithCurrentKey()).toBe(0);

    const newOnly = new WebhookCredentials(new SecretBox(newKey));
    const rows = await stored();
    const byId = new Map(rows.map((row) => [row.id, row]));
    ids.forEach((id, i) => expect(newOnly.open(byId.get(id) as TaskEntity)).toEqual(webhookOf(i)));
    expect(byId.get(fresh.id)?.webhookCredentials).toBe(freshSealed);
    expect(await storedText()).not.toMatch(/whsec_plain_|tok_plain_/);
  });
});

describe('npm run secrets -- reseal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-reseal-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('moves the stored credentials onto SECRETS_KEY with the previous key given, and says how many', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    const row = taskRow('acc_cli', { createdAt: 1 });
    await insertRows(db, TaskEntity, [Object.assign(row, new WebhookCredentials(new SecretBox(oldKey)).seal(row.id, webhookOf(1)))]);
    await db.close();

    const lines: string[] = [];
    const io = { stdout: (line: string) => lines.push(line), stderr: (line: string) => lines.push(`stderr: ${line}`) };
    const env = { DATA_DIR: dataDir, SECRETS_KEY: newKey.toString('base64'), SECRETS_KEY_PREVIOUS: oldKey.toString('hex') };
    expect(await runSecretsCli(['reseal'], { ...io, env })).toBe(0);
    expect(lines).toEqual(['Sealed 0 task webhook(s) stored in the clear and resealed 1 sealed with a previous key; all are sealed with SECRETS_KEY now.']);
    expect(await runSecretsCli(['rotate'], { ...io, env })).toBe(2);
    // Without the previous key the value cannot be opened: the command fails and says why, naming no key.
    lines.length = 0;
    const stranger = randomBytes(32);
    expect(await runSecretsCli(['reseal'], { ...io, env: { DATA_DIR: dataDir, SECRETS_KEY: stranger.toString('base64') } })).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^stderr: secrets: error: a sealed secret did not open: sealed with key [0-9a-f]{8}, which is neither/)]);

    const reopened = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    const stored = await reopened.run((m) => m.findOneByOrFail(TaskEntity, { id: row.id }));
    expect(new WebhookCredentials(new SecretBox(newKey)).open(stored)).toEqual(webhookOf(1));
    await reopened.close();
  });
});
