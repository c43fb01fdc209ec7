import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook } from '../../../src/webhooks/webhook-signature';
import type { HttpClient } from '../../support/http-client';
import { present } from '../../support/present';
import type { TestApp } from '../../support/test-app';
import { webhookEnvelope, type ReceivedRequest, type WebhookReceiver } from '../../support/webhook-receiver';
import { type MediaHost, startWebhookBench, tinyTaskBody, type WebhookBench } from './webhook-fixtures';

// The harness's WEBHOOK_RETRY_SCHEDULE_MS: 200,400,800,1600,3200.
const SCHEDULE = [200, 400, 800, 1600, 3200];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

interface Delivery {
  event_id: string;
  event: string;
  sequence: number;
  status: string;
  attempts: Array<{ attempt: number; started_at: string; duration_ms: number; http_status: number | null; error: string | null }>;
}

/** Independent of the service's signer: HMAC-SHA256 over the bytes as received. */
function expectServiceSignature(request: ReceivedRequest, secret: string): void {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(request.raw).digest('hex')}`);
  const given = Buffer.from(String(request.headers['x-service-signature']));
  expect(given.length === expected.length && timingSafeEqual(given, expected)).toBe(true);
}

const events = (requests: ReceivedRequest[]) => requests.map((request) => request.json?.event);

describe('webhooks: signed, retried, ordered deliveries to an HTTPS receiver', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let media: MediaHost;
  let client: HttpClient;
  let bench: WebhookBench;
  let pathCounter = 0;
  const newPath = () => `/hook-${++pathCounter}`;

  beforeAll(async () => {
    bench = await startWebhookBench();
    ({ app, media, receiver, client } = bench);
  }, 90_000);
  afterAll(() => bench?.close());

  async function createTask(mediaPath: string, webhook: Record<string, unknown>, on: HttpClient = client): Promise<string> {
    const response = await on.post('/v3/tasks', tinyTaskBody(media.base, mediaPath, webhook));
    expect(response.status).toBe(201);
    return response.body.task_id as string;
  }

  async function deliveries(taskId: string): Promise<Delivery[]> {
    const response = await client.get(`/v3/tasks/${taskId}/deliveries`);
    expect(response.status).toBe(200);
    expect(response.body.task_id).toBe(taskId);
    return response.body.deliveries as Delivery[];
  }

  async function waitForDelivery(taskId: string, event: string, status: string, timeoutMs = 20_000): Promise<Delivery> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await deliveries(taskId)).find((delivery) => delivery.event === event);
      if (found?.status === status) return found;
      if (Date.now() > deadline) throw new Error(`${event} of ${taskId} is ${found?.status ?? 'absent'}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('delivers queued, started, progress and completed of a real render with every field, signed both ways', async () => {
    const path = newPath();
    // The media arrives over 2 s: progress events come every PROGRESS_INTERVAL_MS (500 ms here) while a task runs,
    // and the compositor draws this tiny render in well under a second.
    const taskId = await createTask('/dripping.png', {
      url: receiver.url(path),
      secret: WHSEC,
      headers: { 'X-Tenant': 'acme', Authorization: 'Bearer client-token', 'User-Agent': 'acme-hooks/2' },
    });
    const requests = await receiver.waitFor(
      path,
      (all) => all.some((request) => request.json?.event === 'task.completed' || request.json?.event === 'task.failed'),
      90_000,
    );
    expect(requests.every((request) => request.answered === 200)).toBe(true);
    const kinds = events(requests);
    expect(kinds[0]).toBe('task.queued');
    expect(kinds[1]).toBe('task.started');
    expect(kinds.at(-1)).toBe('task.completed');
    expect(kinds.slice(2, -1).every((kind) => kind === 'task.progress')).toBe(true);
    expect(kinds.length).toBeGreaterThanOrEqual(4);

    // The receiver answers before the service records the outcome.
    await waitForDelivery(taskId, 'task.completed', 'delivered');
    const verifier = new Webhook(WHSEC);
    const recorded = await deliveries(taskId);
    for (const [index, request] of requests.entries()) {
      const envelope = webhookEnvelope(request);
      expect(Object.keys(envelope).sort()).toEqual(['data', 'event', 'task_id', 'timestamp']);
      expect(envelope.task_id).toBe(taskId);
      expect(envelope.timestamp).toMatch(ISO);
      // The body is compact JSON: exactly the bytes of its own serialization.
      expect(request.raw.equals(Buffer.from(JSON.stringify(envelope)))).toBe(true);
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-service-event']).toBe(envelope.event);
      const timestamp = Number(request.headers['x-service-timestamp']);
      expect(Math.abs(timestamp - request.receivedAt / 1000)).toBeLessThan(5);
      expect(request.headers['webhook-timestamp']).toBe(String(timestamp));
      expect(request.headers['x-tenant']).toBe('acme');
      expect(request.headers.authorization).toBe('Bearer client-token');
      // Custom headers are "added to every webhook request": a User-Agent of the client's own replaces the service's.
      expect(request.headers['user-agent']).toBe('acme-hooks/2');
      expectServiceSignature(request, WHSEC);
      expect(verifier.verify(request.raw.toString('utf8'), request.headers as Record<string, string>)).toEqual(envelope);
      expect(verifyWebhook({ body: request.raw, headers: request.headers, secret: WHSEC })).toEqual({ ok: true });
      expect(verifyWebhook({ body: request.raw, headers: request.headers, secret: 'whsec_other' })).toMatchObject({ ok: false });
      // The stable event id is the Standard Webhooks id, and the deliveries endpoint shows it delivered at the first attempt.
      expect(request.headers['webhook-id']).toBe(recorded[index].event_id);
      expect(recorded[index]).toMatchObject({ event: envelope.event, sequence: index + 1, status: 'delivered' });
      expect(recorded[index].attempts).toEqual([expect.objectContaining({ attempt: 1, http_status: 200, error: null })]);
    }
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(requests.length);

    const [queued, started] = requests.map((request) => webhookEnvelope(request).data);
    expect(queued).toEqual({ queue_position: expect.any(Number), estimated_start_time: expect.stringMatching(ISO), priority: 'standard' });
    expect(Number.isInteger(queued.queue_position)).toBe(true);
    expect(started).toEqual({ started_at: expect.stringMatching(ISO), estimated_completion: expect.stringMatching(ISO), worker_id: expect.any(String) });
    let lastPercentage = -1;
    for (const progress of requests.filter((request) => webhookEnvelope(request).event === 'task.progress').map((request) => webhookEnvelope(request).data)) {
      expect(progress).toEqual({
        progress: {
          percentage: expect.any(Number),
          current_phase: expect.any(String),
          phase_progress: expect.any(Number),
          estimated_completion: expect.stringMatching(ISO),
        },
        phases: {
          download: { completed: expect.any(Boolean), duration_seconds: expect.any(Number) },
          render: { completed: expect.any(Boolean), progress: expect.any(Number) },
          upload: { completed: expect.any(Boolean), progress: expect.any(Number) },
        },
      });
      const { percentage, phase_progress: phaseProgress } = progress.progress as { percentage: number; phase_progress: number };
      expect(percentage).toBeGreaterThanOrEqual(lastPercentage);
      expect(percentage).toBeLessThanOrEqual(100);
      expect(phaseProgress).toBeGreaterThanOrEqual(0);
      expect(phaseProgress).toBeLessThanOrEqual(1);
      lastPercentage = percentage;
    }
    const completed = webhookEnvelope(present(requests.at(-1), 'the last request')).data;
    expect(completed).toEqual({
      completed_at: expect.stringMatching(ISO),
      processing_time_seconds: expect.any(Number),
      output: {
        video_url: expect.stringMatching(/^https:\/\/.+signature=[0-9a-f]+/),
        thumbnail_url: expect.stringMatching(/^https:\/\//),
        preview_url: expect.stringMatching(/^https:\/\//),
        duration_ms: expect.any(Number),
        file_size_bytes: expect.any(Number),
        resolution: { width: 160, height: 90 },
        format: 'mp4',
        expires_at: expect.stringMatching(ISO),
      },
      performance: { estimated_vs_actual: { estimated_seconds: expect.any(Number), actual_seconds: expect.any(Number), accuracy: expect.any(Number) } },
    });
    const output = completed.output as { file_size_bytes: number; duration_ms: number };
    expect(output.file_size_bytes).toBeGreaterThan(0);
    // The probed length of the 1 s, 10 fps file (the container may round it up by a few ms).
    expect(Math.abs(output.duration_ms - 1000)).toBeLessThanOrEqual(50);
  }, 120_000);

  it('sends task.failed with the error details, and only the events the filter asks for', async () => {
    const path = newPath();
    const secret = 'a plain secret';
    const taskId = await createTask('/missing.png', { url: receiver.url(path), secret, events: ['task.failed'] });
    const [failed] = await receiver.waitFor(path, (all) => all.length >= 1);
    await waitForDelivery(taskId, 'task.failed', 'delivered');
    // The filtered-out events were written (the record stays complete) but never sent.
    const recorded = await deliveries(taskId);
    expect(recorded.map((delivery) => [delivery.event, delivery.status])).toEqual([
      ['task.queued', 'skipped'],
      ['task.started', 'skipped'],
      ['task.failed', 'delivered'],
    ]);
    expect(receiver.received(path)).toHaveLength(1);
    expect(webhookEnvelope(failed).event).toBe('task.failed');
    expect(webhookEnvelope(failed).data).toEqual({
      failed_at: expect.stringMatching(ISO),
      processing_time_seconds: expect.any(Number),
      error: {
        code: 'MEDIA_DOWNLOAD_FAILED',
        message: expect.any(String),
        details: { media_url: `${media.base}/missing.png`, http_status: 404, retry_after_seconds: null },
        retry_possible: expect.any(Boolean),
        suggested_action: expect.any(String),
      },
    });
    expectServiceSignature(failed, secret);
    expect(new Webhook(secret, { format: 'raw' }).verify(failed.raw.toString('utf8'), failed.headers as Record<string, string>)).toEqual(failed.json);
  }, 60_000);

  it('sends task.canceled when a queued task is deleted, and no signature headers without a secret', async () => {
    const path = newPath();
    // Canceled right after creation: still queued, or held at download by the slow media; both report task.canceled.
    const taskId = await createTask('/slow', { url: receiver.url(path), events: ['task.queued', 'task.canceled'] });
    const canceled = await client.delete(`/v3/tasks/${taskId}`);
    expect(canceled.status).toBe(200);
    const requests = await receiver.waitFor(path, (all) => all.length >= 2);
    expect(events(requests)).toEqual(['task.queued', 'task.canceled']);
    expect(webhookEnvelope(requests[1]).data).toEqual({
      canceled_at: expect.stringMatching(ISO),
      canceled_by: 'user_request',
      processing_time_seconds: expect.any(Number),
    });
    // The record says what the event said.
    const record = (await client.get(`/v3/tasks/${taskId}`)).body;
    expect(record.metadata.processing_time_seconds).toBe(webhookEnvelope(requests[1]).data.processing_time_seconds);
    // A canceled render says nothing of the estimate.
    expect(record.metadata.estimated_vs_actual).toBeNull();
    for (const request of requests) {
      expect(request.headers['x-service-signature']).toBeUndefined();
      expect(request.headers['webhook-signature']).toBeUndefined();
      expect(request.headers['x-service-event']).toBe(webhookEnvelope(request).event);
    }
  }, 30_000);

  it('refuses unknown event names, plain-HTTP URLs and custom headers that would override the service headers', async () => {
    const bad = async (webhook: Record<string, unknown>) => {
      const response = await client.post('/v3/tasks', tinyTaskBody(media.base, '/image.png', webhook));
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      return (response.body.error.details as Array<{ field: string }>).map((detail) => detail.field);
    };
    expect(await bad({ url: receiver.url('/x'), events: ['task.queued', 'task.exploded'] })).toEqual([expect.stringMatching(/^webhook\.events/)]);
    expect(await bad({ url: receiver.url('/x').replace('https:', 'http:') })).toEqual(['webhook.url']);
    for (const name of ['X-Service-Signature', 'x-service-event', 'Webhook-Id', 'Content-Type', 'Content-Language']) {
      expect(await bad({ url: receiver.url('/x'), headers: { [name]: 'forged' } })).toEqual([expect.stringMatching(/^webhook\.headers/)]);
    }
  }, 30_000);

  /** A task whose only delivered event is task.queued (its render fails at download, unsent). */
  const queuedOnly = (path: string, extra: Record<string, unknown> = {}) =>
    createTask('/missing.png', { url: receiver.url(path), secret: WHSEC, events: ['task.queued'], ...extra });

  it('retries 500s and timeouts on the configured schedule with the same id and body, then records every attempt', async () => {
    const path = newPath();
    receiver.respond(path, (_request, nth) => (nth === 0 ? { status: 500 } : nth === 1 ? { status: 200, delayMs: 1_500 } : { status: 200 }));
    const taskId = await queuedOnly(path, { timeout_seconds: 1 });
    const requests = await receiver.waitFor(path, (all) => all.length >= 3);
    const delivery = await waitForDelivery(taskId, 'task.queued', 'delivered');
    expect(new Set(requests.map((request) => request.headers['webhook-id']))).toEqual(new Set([delivery.event_id]));
    for (const request of requests) {
      expect(request.raw.equals(requests[0].raw)).toBe(true);
      expectServiceSignature(request, WHSEC);
      expect(new Webhook(WHSEC).verify(request.raw.toString('utf8'), request.headers as Record<string, string>)).toEqual(request.json);
    }
    // After a 500, the first retry waits 200 ms; after the 1 s timeout, the second waits 400 ms more.
    const gap1 = requests[1].receivedAt - requests[0].receivedAt;
    const gap2 = requests[2].receivedAt - requests[1].receivedAt;
    expect(gap1).toBeGreaterThanOrEqual(SCHEDULE[0]);
    expect(gap1).toBeLessThan(SCHEDULE[0] + 1_500);
    // (less the few ms of TLS set-up between the timed-out attempt's start and its arrival)
    expect(gap2).toBeGreaterThanOrEqual(1_000 + SCHEDULE[1] - 50);
    expect(gap2).toBeLessThan(1_000 + SCHEDULE[1] + 1_500);
    expect(delivery.attempts.map((attempt) => [attempt.attempt, attempt.http_status])).toEqual([
      [1, 500],
      [2, null],
      [3, 200],
    ]);
    expect(delivery.attempts[0].error).toContain('500');
    expect(delivery.attempts[1].error).toMatch(/timed out|abort/i);
    expect(delivery.attempts[1].duration_ms).toBeGreaterThanOrEqual(950);
    for (const attempt of delivery.attempts) expect(attempt.started_at).toMatch(ISO);
  }, 30_000);

  it('gives up after exactly max_retries + 1 attempts, and a redelivery sends the same event again', async () => {
    const path = newPath();
    let failing = true;
    receiver.respond(path, () => ({ status: failing ? 503 : 204 }));
    const taskId = await queuedOnly(path, { max_retries: 2 });
    const failed = await waitForDelivery(taskId, 'task.queued', 'failed');
    expect(failed.attempts.map((attempt) => attempt.http_status)).toEqual([503, 503, 503]);
    // Longer than the next back-off step (800 ms): no fourth attempt comes.
    await new Promise((resolve) => setTimeout(resolve, SCHEDULE[2] + 1_200));
    expect(receiver.received(path)).toHaveLength(3);

    failing = false;
    const redeliver = await client.post(`/v3/tasks/${taskId}/deliveries/${failed.event_id}/redeliver`);
    expect(redeliver.status).toBe(202);
    expect(redeliver.body).toMatchObject({ event_id: failed.event_id, status: 'pending' });
    const requests = await receiver.waitFor(path, (all) => all.length >= 4);
    expect(requests[3].headers['webhook-id']).toBe(failed.event_id);
    expect(requests[3].raw.equals(requests[0].raw)).toBe(true);
    const delivered = await waitForDelivery(taskId, 'task.queued', 'delivered');
    expect(delivered.attempts.map((attempt) => attempt.http_status)).toEqual([503, 503, 503, 204]);

    const again = await client.post(`/v3/tasks/${taskId}/deliveries/${failed.event_id}/redeliver`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('DELIVERY_NOT_REDELIVERABLE');
    const unknown = await client.post(`/v3/tasks/${taskId}/deliveries/evt_nope/redeliver`);
    expect(unknown.status).toBe(404);
    const stranger = await app.client();
    expect((await stranger.get(`/v3/tasks/${taskId}/deliveries`)).status).toBe(404);
    expect((await stranger.post(`/v3/tasks/${taskId}/deliveries/${failed.event_id}/redeliver`)).status).toBe(404);
  }, 30_000);

  it('does not retry any 4xx (400, 408, 429), and max_retries 0 means one attempt', async () => {
    const rejections = [400, 408, 429].map((status) => {
      const path = newPath();
      receiver.respond(path, () => ({ status, retryAfter: '1' }));
      return path;
    });
    const once = newPath();
    receiver.respond(once, () => ({ status: 500 }));
    const tasks = await Promise.all([...rejections.map((path) => queuedOnly(path)), queuedOnly(once, { max_retries: 0 })]);
    const deliveries = await Promise.all(tasks.map((taskId) => waitForDelivery(taskId, 'task.queued', 'failed')));
    expect(deliveries.map((delivery) => delivery.attempts.map((attempt) => attempt.http_status))).toEqual([[400], [408], [429], [500]]);
    await new Promise((resolve) => setTimeout(resolve, SCHEDULE[0] + 1_000));
    for (const path of [...rejections, once]) expect(receiver.received(path)).toHaveLength(1);
    expect(receiver.received(once)[0].headers['user-agent']).toBe('render-service-webhooks/3.0');
  }, 30_000);

  it('retries a 5xx, honouring its Retry-After over the schedule', async () => {
    const path = newPath();
    receiver.respond(path, (_request, nth) => [{ status: 503, retryAfter: '2' }, { status: 500 }, { status: 200 }][nth] ?? { status: 200 });
    const taskId = await queuedOnly(path);
    const requests = await receiver.waitFor(path, (all) => all.length >= 3);
    expect(requests[1].receivedAt - requests[0].receivedAt).toBeGreaterThanOrEqual(2_000);
    expect(requests[2].receivedAt - requests[1].receivedAt).toBeLessThan(2_000);
    expect((await waitForDelivery(taskId, 'task.queued', 'delivered')).attempts.map((attempt) => attempt.http_status)).toEqual([503, 500, 200]);
  }, 30_000);

  it("keeps a task's events in order while its first event is retried, and other tasks do not wait", async () => {
    const slow = newPath();
    const other = newPath();
    receiver.respond(slow, (request, nth) => ({ status: nth < 3 ? 500 : 200 }));
    const slowTask = await createTask('/missing.png', { url: receiver.url(slow) });
    const otherTask = await createTask('/missing.png', { url: receiver.url(other) });
    const requests = await receiver.waitFor(slow, (all) => all.some((request) => request.json?.event === 'task.failed'));
    expect(requests.map((request) => [request.json?.event, request.answered])).toEqual([
      ['task.queued', 500],
      ['task.queued', 500],
      ['task.queued', 500],
      ['task.queued', 200],
      ['task.started', 200],
      ['task.failed', 200],
    ]);
    // The other task's three events all arrived while the slow task's first event was still being retried.
    const otherRequests = await receiver.waitFor(other, (all) => all.length >= 3);
    expect(events(otherRequests)).toEqual(['task.queued', 'task.started', 'task.failed']);
    expect(otherRequests[2].receivedAt).toBeLessThan(requests[3].receivedAt);
    await Promise.all([waitForDelivery(slowTask, 'task.failed', 'delivered'), waitForDelivery(otherTask, 'task.failed', 'delivered')]);
    expect((await deliveries(slowTask)).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect((await deliveries(otherTask)).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered', 'delivered']);
  }, 30_000);
});
