import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDataSource } from '../../../src/database/data-source';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { verifyWebhook } from '../../../src/webhooks/webhook-signature';
import { taskRow } from '../../integration/usage/task-rows';
import { databaseFor, type TestDatabase } from '../../support/postgres';
import { webhookEnvelope } from '../../support/webhook-receiver';
import { startWebhookBench, tinyTaskBody, type WebhookBench } from './webhook-fixtures';

jest.setTimeout(120_000);

const SECRET = 'whsec_c2VhbGVkLWF0LXJlc3QtY2hlY2stMDEyMzQ1Njc4OQ==';
const TOKEN = 'Bearer receiver-token-5f3c9e1a77';
/** A task stored by the release before sealing: its credentials in the clear in the webhook column. */
const LEGACY_WEBHOOK = { url: 'https://hooks.example.com/old', secret: 'whsec_bGVnYWN5LXNlY3JldA==', headers: { 'X-Old-Token': 'legacy-token-91c2' } };

describe.each(['sqlite', 'postgres'] as const)('webhook secrets and header values at rest on %s', (engine) => {
  let database: TestDatabase | null = null;
  let bench: WebhookBench;
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-secrets-'));
  const legacy = taskRow('acc_legacy', { createdAt: 1, webhook: LEGACY_WEBHOOK });

  beforeAll(async () => {
    const target = await databaseFor(engine, 'secrets');
    database = target.database;
    // The database as the release before left it: its schema, and a task with its credentials in the clear.
    const before = await openDataSource({ dataDir, databaseUrl: target.env.DATABASE_URL ?? null }, SERVICE_ENTITIES);
    await before.getRepository(TaskEntity).insert(legacy as never);
    await before.undoLastMigration();
    await before.destroy();
    bench = await startWebhookBench(target.env, dataDir);
  }, 90_000);
  afterAll(async () => {
    await bench?.close();
    await database?.drop();
  });

  it('seals, in the background as the service starts, the credentials of a task stored in the clear before', async () => {
    const db = bench.app.runtime.db;
    const read = () => db.run((m) => m.findOneByOrFail(TaskEntity, { id: legacy.id }));
    let stored = await read();
    for (let waited = 0; stored.webhookCredentials === null && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await read();
    }
    expect(stored.webhook).toEqual({ url: LEGACY_WEBHOOK.url });
    expect(JSON.stringify(await db.run((m) => m.query('SELECT * FROM tasks')))).not.toMatch(/bGVnYWN5LXNlY3JldA|legacy-token-91c2/);
    expect(bench.app.runtime.webhookCredentials.open(stored)).toEqual(LEGACY_WEBHOOK);
  });

  it('stores neither in the clear, yet signs with the secret and sends the header, for a task and for its retry', async () => {
    const { app, media, receiver, client } = bench;
    const path = '/sealed';
    const webhook = { url: receiver.url(path), secret: SECRET, headers: { Authorization: TOKEN }, events: ['task.failed'] };
    const created = await client.post('/v3/tasks', tinyTaskBody(media.base, '/missing.png', webhook));
    expect([created.status, created.body.error]).toEqual([201, undefined]);
    const taskId = created.body.task_id as string;
    const [failed] = await receiver.waitFor(path, (all) => all.length >= 1, 60_000);
    const retried = await client.post(`/v3/tasks/${taskId}/retry`);
    expect(retried.status).toBe(201);
    const retryId = retried.body.task_id as string;
    const [, failedAgain] = await receiver.waitFor(path, (all) => all.length >= 2, 60_000);

    expect([webhookEnvelope(failed).task_id, webhookEnvelope(failedAgain).task_id]).toEqual([taskId, retryId]);
    for (const request of [failed, failedAgain]) {
      expect(request.headers.authorization).toBe(TOKEN);
      expect(verifyWebhook({ body: request.raw, headers: request.headers, secret: SECRET })).toEqual({ ok: true });
    }

    // What a copy of the database shows: every column of both tasks, the webhook's URL in the clear, its credentials sealed.
    const rows = await app.runtime.db.run((m) => m.query<Array<Record<string, unknown>>>('SELECT * FROM tasks'));
    expect(rows.map((row) => row.id).sort()).toEqual([taskId, retryId, legacy.id].sort());
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('receiver-token-5f3c9e1a77');
    for (const row of rows.filter((stored) => stored.id !== legacy.id)) {
      expect(JSON.parse(String(row.webhook))).toEqual({ url: webhook.url, events: webhook.events });
      expect(row.webhook_credentials).toMatch(/^v1:[0-9a-f]{8}:/);
    }

    const request = await client.get(`/v3/tasks/${retryId}/request`);
    expect(request.status).toBe(200);
    expect(request.body.redacted_fields).toEqual(['webhook.secret', 'webhook.headers.Authorization']);
    expect(request.body.request.webhook).toEqual({ url: webhook.url, events: webhook.events });
  });
});
