import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpClient, TestResponse } from '../../support/http-client';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { PrometheusSamples } from '../../support/prometheus-text';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(180_000);

const TOKEN = 'metrics-e2e-token-0123456789';
const P = 'render_service_';
const METRIC_NAMES = [
  'tasks',
  'queue_waiting_jobs',
  'queue_oldest_wait_seconds',
  'render_duration_seconds',
  'render_frames_per_second',
  'media_download_bytes_total',
  'webhook_attempts_total',
  'http_requests_total',
  'http_request_duration_seconds',
].map((name) => `${P}${name}`);
// npm test runs the e2e tests a second time with RENDER_ENGINE=remotion; auto draws this timeline with the compositor.
const ENGINE = process.env.RENDER_ENGINE === 'remotion' ? 'remotion' : 'compositor';
const OTHER_ENGINE = ENGINE === 'remotion' ? 'compositor' : 'remotion';

describe('/metrics', () => {
  let app: TestApp;
  let media: MediaFixtures;
  let receiver: WebhookReceiver;
  let client: HttpClient;

  beforeAll(async () => {
    media = await startMediaFixtures();
    app = await startTestApp({ role: 'all', env: { METRICS_TOKEN: TOKEN, WORKER_CONCURRENCY: '1' } });
    receiver = await WebhookReceiver.start(app.certPath, app.keyPath);
    client = await app.client();
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await app?.close();
    await media?.close();
  });

  const scrapeWith = (authorization?: string): Promise<TestResponse> => app.anonymous().get('/metrics', authorization === undefined ? {} : { authorization });

  async function scrape(): Promise<PrometheusSamples> {
    const response = await scrapeWith(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    return new PrometheusSamples(response.raw.toString('utf8'));
  }

  function expectRefusal(response: TestResponse, code: string): void {
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code, request_id: expect.stringMatching(/^req_/) });
    expect(response.headers['x-request-id']).toBe(response.body.error.request_id);
    // Outside /v3: no API rate-limit window is counted or announced.
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    expect(response.raw.toString('utf8')).not.toContain(`${P}tasks`);
  }

  it('answers 401 in the error envelope without the token, with a wrong one, and with an API key', async () => {
    expectRefusal(await scrapeWith(), 'MISSING_AUTHENTICATION');
    expectRefusal(await scrapeWith(`Bearer ${TOKEN.slice(0, -1)}X`), 'INVALID_API_KEY');
    expectRefusal(await scrapeWith(`Bearer ${client.key}`), 'INVALID_API_KEY');
  });

  it('serves every metric as Prometheus text to the bearer of METRICS_TOKEN, without an API key', async () => {
    const response = await scrapeWith(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    const samples = new PrometheusSamples(response.raw.toString('utf8'));
    for (const name of METRIC_NAMES) expect(samples.types.get(name)).toBeDefined();
    for (const priority of ['urgent', 'high', 'standard', 'low']) expect(samples.value(`${P}queue_waiting_jobs`, { priority })).toBe(0);
  });

  it('moves by exactly one render: its task, its render time and speed, its downloaded bytes, its requests and webhook attempts', async () => {
    const image = 'red-320x180.png';
    const hookPath = '/metrics-hook';
    const before = await scrape();

    const created = await client.post('/v3/tasks', {
      input: {
        timeline: {
          duration_ms: 500,
          tracks: [{ id: 'v', type: 'video', clips: [{ id: 'i', media_url: `${media.baseUrl}/${image}`, start_time_ms: 0, end_time_ms: 500 }] }],
        },
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: { url: receiver.url(hookPath), events: ['task.queued', 'task.started', 'task.completed'] },
    });
    expect(created.status).toBe(201);
    const taskId: string = created.body.task_id;
    let polls = 0;
    let record: { status: string };
    do {
      await new Promise((resolve) => setTimeout(resolve, 150));
      record = (await client.get(`/v3/tasks/${taskId}`)).body;
      polls += 1;
    } while (['queued', 'processing'].includes(record.status) && polls < 600);
    expect(record.status).toBe('completed');
    await receiver
      .waitFor(hookPath, (requests) => requests.length === 3, 60_000)
      .catch(async (error: Error) => {
        // The service's own record of each attempt (status, error) says why an event was sent again.
        const deliveries = await client.get(`/v3/tasks/${taskId}/deliveries`);
        throw new Error(`${error.message}\ndeliveries: ${JSON.stringify(deliveries.body)}`);
      });

    // Webhook attempts are counted just after each answer is recorded: wait for the third.
    const delivered = (samples: PrometheusSamples) => samples.valueOrZero(`${P}webhook_attempts_total`, { outcome: 'delivered' });
    let after = await scrape();
    for (let waited = 0; delivered(after) - delivered(before) < 3 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await scrape();
    }

    const delta = (name: string, labels: Record<string, string> = {}) => after.valueOrZero(name, labels) - before.valueOrZero(name, labels);
    expect(delta(`${P}tasks`, { state: 'completed' })).toBe(1);
    expect(after.value(`${P}tasks`, { state: 'processing' })).toBe(0);
    const render = { engine: ENGINE, resolution: '480p' };
    expect(delta(`${P}render_duration_seconds_count`, render)).toBe(1);
    expect(delta(`${P}render_duration_seconds_sum`, render)).toBeGreaterThan(0);
    expect(delta(`${P}render_frames_per_second_count`, render)).toBe(1);
    expect(delta(`${P}render_duration_seconds_count`, { engine: OTHER_ENGINE, resolution: '480p' })).toBe(0);
    // The task's one media file, fetched once (a fresh data dir: no input-cache hit).
    expect(media.hits.get(image)).toBe(1);
    expect(delta(`${P}media_download_bytes_total`)).toBe(statSync(join(media.dir, image)).size);
    expect(delta(`${P}webhook_attempts_total`, { outcome: 'delivered' })).toBe(3);
    expect(delta(`${P}webhook_attempts_total`, { outcome: 'failed' })).toBe(0);
    // Requests are labelled by route pattern, never by the URL with the task id.
    expect(delta(`${P}http_requests_total`, { method: 'POST', route: '/v3/tasks', status: '201' })).toBe(1);
    expect(delta(`${P}http_request_duration_seconds_count`, { method: 'POST', route: '/v3/tasks', status: '201' })).toBe(1);
    expect(delta(`${P}http_requests_total`, { method: 'GET', route: '/v3/tasks/:task_id', status: '200' })).toBe(polls);
    expect(after.series(`${P}http_requests_total`).some(({ labels }) => labels.route.includes(taskId))).toBe(false);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ role: 'api' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('refuses every request with 403 FORBIDDEN naming METRICS_TOKEN, whatever credential it carries', async () => {
    const apiKey = (await app.client()).key;
    const credentials: Array<Record<string, string>> = [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: `Bearer ${apiKey}` }];
    for (const headers of credentials) {
      const response = await app.anonymous().get('/metrics', headers);
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('set METRICS_TOKEN') });
      expect(response.raw.toString('utf8')).not.toContain(`${P}tasks`);
    }
  });
});
