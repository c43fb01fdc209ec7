import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { present } from '../../support/present';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { startOnDataDir, type RunningApp } from './restartable-app';
import { MediaHost, tinyTaskBody } from './webhook-fixtures';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const RETRY_SCHEDULE = '5000,5000,5000,5000,5000';

describe('webhook deliveries survive a restart of the service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-wh-'));
  let first: RunningApp | null = null;
  let second: RunningApp | null = null;
  let receiver: WebhookReceiver;
  let media: MediaHost;

  beforeAll(async () => {
    // Retries 5 s apart: long enough for the stop to happen while they are still due, even on a busy machine.
    [first, media] = await Promise.all([startOnDataDir(dataDir, { WEBHOOK_RETRY_SCHEDULE_MS: RETRY_SCHEDULE }), MediaHost.start()]);
    receiver = await WebhookReceiver.start(first.certPath, first.keyPath);
  }, 90_000);
  afterAll(async () => {
    await receiver?.close();
    await media?.close();
    await first?.stop().catch(() => undefined);
    await second?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an event whose retry was pending, and one that was in flight, after the restart, with the same id and body', async () => {
    const running = present(first, 'the service started in beforeAll');
    const issued = await running.runtime.keys.create({ account: `restart-${process.pid}`, tier: 'pro', rateLimitPerMinute: 10_000 });
    const client = running.client(issued.key);
    receiver.respond('/pending', (_request, nth) => ({ status: nth === 0 ? 500 : 200 }));
    // The first attempt is still waiting for its answer when the service stops; it times out after 2 s.
    receiver.respond('/in-flight', (_request, nth) => (nth === 0 ? { status: 200, delayMs: 4_000 } : { status: 200 }));
    // Only the in-flight delivery is meant to time out: the pending one gets the spec's default, so a stall of
    // this shared process (the service, its worker and the receiver run in one event loop) cannot abort its first try.
    const create = async (path: string, timeoutSeconds: number) => {
      const webhook = { url: receiver.url(path), secret: SECRET, events: ['task.queued'], timeout_seconds: timeoutSeconds };
      const response = await client.post('/v3/tasks', tinyTaskBody(media.base, '/missing.png', webhook));
      expect(response.status).toBe(201);
      return response.body.task_id as string;
    };
    const pendingTask = await create('/pending', 30);
    const inFlightTask = await create('/in-flight', 2);
    await Promise.all([receiver.waitFor('/pending', (all) => all.length === 1), receiver.waitFor('/in-flight', (all) => all.length === 1)]);

    const stoppedAt = Date.now();
    await running.stop();
    first = null;
    expect(receiver.received('/pending')).toHaveLength(1);

    second = await startOnDataDir(dataDir, { WEBHOOK_RETRY_SCHEDULE_MS: RETRY_SCHEDULE });
    const pending = await receiver.waitFor('/pending', (all) => all.length === 2, 20_000);
    const inFlight = await receiver.waitFor('/in-flight', (all) => all.length === 2, 20_000);
    for (const requests of [pending, inFlight]) {
      expect(requests[1].receivedAt).toBeGreaterThan(stoppedAt);
      expect(requests[1].headers['webhook-id']).toBe(requests[0].headers['webhook-id']);
      expect(requests[1].raw.equals(requests[0].raw)).toBe(true);
      expect(new Webhook(SECRET).verify(requests[1].raw.toString('utf8'), requests[1].headers as Record<string, string>)).toEqual(requests[1].json);
    }

    const client2 = second.client(issued.key);
    const attemptsOf = async (taskId: string) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [delivery] = (await client2.get(`/v3/tasks/${taskId}/deliveries`)).body.deliveries;
        if (delivery.status === 'delivered' || Date.now() > deadline) return delivery;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const pendingDelivery = await attemptsOf(pendingTask);
    expect(pendingDelivery.status).toBe('delivered');
    expect(pendingDelivery.attempts.map((attempt: { http_status: number | null }) => attempt.http_status)).toEqual([500, 200]);
    const inFlightDelivery = await attemptsOf(inFlightTask);
    expect(inFlightDelivery.status).toBe('delivered');
    expect(inFlightDelivery.attempts.map((attempt: { http_status: number | null }) => attempt.http_status)).toEqual([null, 200]);
    expect(inFlightDelivery.attempts[0].error).toMatch(/timed out|abort/i);
  }, 90_000);
});
