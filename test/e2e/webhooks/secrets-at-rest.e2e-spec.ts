import { verifyWebhook } from '../../../src/webhooks/webhook-signature';
import { databaseFor, type TestDatabase } from '../../support/postgres';
import { webhookEnvelope } from '../../support/webhook-receiver';
import { startWebhookBench, tinyTaskBody, type WebhookBench } from './webhook-fixtures';

jest.setTimeout(120_000);

const SECRET = 'whsec_c2VhbGVkLWF0LXJlc3QtY2hlY2stMDEyMzQ1Njc4OQ==';
const TOKEN = 'Bearer receiver-token-5f3c9e1a77';

describe.each(['sqlite', 'postgres'] as const)('webhook secrets and header values at rest on %s', (engine) => {
  let database: TestDatabase | null = null;
  let bench: WebhookBench;

  beforeAll(async () => {
    const target = await databaseFor(engine, 'secrets');
    database = target.database;
    bench = await startWebhookBench(target.env);
  }, 90_000);
  afterAll(async () => {
    await bench?.close();
    await database?.drop();
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
    const rows = await app.runtime.db.manager().query<Array<Record<string, unknown>>>('SELECT * FROM tasks');
    expect(rows.map((row) => row.id).sort()).toEqual([taskId, retryId].sort());
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('receiver-token-5f3c9e1a77');
    for (const row of rows) {
      expect(JSON.parse(String(row.webhook))).toEqual({ url: webhook.url, events: webhook.events });
      expect(row.webhook_credentials).toMatch(/^v1:[0-9a-f]{8}:/);
    }

    const request = await client.get(`/v3/tasks/${retryId}/request`);
    expect(request.status).toBe(200);
    expect(request.body.redacted_fields).toEqual(['webhook.secret', 'webhook.headers.Authorization']);
    expect(request.body.request.webhook).toEqual({ url: webhook.url, events: webhook.events });
  });
});
