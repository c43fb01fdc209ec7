import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StreamedTaskEvent } from '../../../src/client/event-stream';
import { RenderClient } from '../../../src/client/render-client';
import { RenderFailure } from '../../../src/common/render-failure';
import { TaskEventStreams } from '../../../src/events/task-event-streams';
import { emptyPhases } from '../../../src/tasks/task-transitions';
import { EventStreamReader } from '../../support/event-stream-reader';
import { HttpClient } from '../../support/http-client';
import { present } from '../../support/present';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { runCli } from '../client/cli-process';
import { MediaHost, tinyTaskBody } from '../webhooks/webhook-fixtures';

jest.setTimeout(120_000);

const HEARTBEAT_MS = 300;
const MAX_STREAMS = 2;
const FINAL = ['task.completed', 'task.failed', 'task.canceled'];
const hasFinal = (events: { event: string }[]) => events.some((event) => FINAL.includes(event.event));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Delivery {
  event_id: string;
  event: string;
  sequence: number;
}

describe('GET /v3/tasks/{id}/events: task events as Server-Sent Events', () => {
  let app: TestApp;
  let media: MediaHost;
  let receiver: WebhookReceiver;
  let client: HttpClient;
  const opened: EventStreamReader[] = [];
  const work = mkdtempSync(join(tmpdir(), 'rs-events-'));

  beforeAll(async () => {
    [app, media] = await Promise.all([
      startTestApp({ role: 'all', env: { SSE_HEARTBEAT_MS: String(HEARTBEAT_MS), SSE_MAX_STREAMS_PER_KEY: String(MAX_STREAMS), WORKER_CONCURRENCY: '3' } }),
      MediaHost.start(),
    ]);
    receiver = await WebhookReceiver.start(app.certPath, app.keyPath);
    client = await app.client();
  }, 90_000);
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await receiver?.close();
    await media?.close();
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function stream(taskId: string, headers: Record<string, string> = {}, on: HttpClient = client): Promise<EventStreamReader> {
    const reader = await EventStreamReader.open(on, app.ca, taskId, headers);
    opened.push(reader);
    return reader;
  }

  async function createTask(mediaPath: string, webhookPath: string, on: HttpClient = client): Promise<string> {
    const response = await on.post('/v3/tasks', tinyTaskBody(media.base, mediaPath, { url: receiver.url(webhookPath) }));
    expect(response.status).toBe(201);
    return response.body.task_id as string;
  }

  async function deliveries(taskId: string, on: HttpClient = client): Promise<Delivery[]> {
    const response = await on.get(`/v3/tasks/${taskId}/deliveries`);
    expect(response.status).toBe(200);
    return response.body.deliveries as Delivery[];
  }

  it('streams a render from task.queued to task.completed with the outbox ids and the exact webhook bodies, keep-alives between, then closes', async () => {
    const taskId = await createTask('/dripping.png', '/render');
    const opensAt = Date.now();
    const events = await stream(taskId);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream');
    expect(events.headers['cache-control']).toBe('no-cache');
    expect(events.headers['x-accel-buffering']).toBe('no');
    expect(events.headers['x-request-id']).toMatch(/^req_/);
    expect(events.headers['x-service-version']).toBe('2025-01-17');
    await events.ended;
    const openFor = Date.now() - opensAt;

    const types = events.events.map((event) => event.event);
    expect(types[0]).toBe('task.queued');
    expect(types[1]).toBe('task.started');
    expect(types.at(-1)).toBe('task.completed');
    expect(types.slice(2, -1).length).toBeGreaterThanOrEqual(1);
    expect(types.slice(2, -1).every((type) => type === 'task.progress')).toBe(true);

    // The outbox's order and ids…
    const recorded = await deliveries(taskId);
    expect(events.events.map((event) => [event.id, event.event])).toEqual(recorded.map((delivery) => [delivery.event_id, delivery.event]));
    // …and, byte for byte, the bodies the webhooks carried under the same ids.
    const webhooks = await receiver.waitFor('/render', (requests) => requests.length === recorded.length, 30_000);
    expect(webhooks.map((request) => request.headers['webhook-id'])).toEqual(events.events.map((event) => event.id));
    expect(webhooks.map((request) => request.raw.toString('utf8'))).toEqual(events.events.map((event) => event.data));

    // The dripping media keeps the task running for 2 s and more: keep-alives came every SSE_HEARTBEAT_MS meanwhile.
    expect(openFor).toBeGreaterThan(2_000);
    // (Half the nominal count leaves room for a loaded machine; the 15 s default would give none at all.)
    expect(events.parser.comments).toBeGreaterThanOrEqual(Math.max(3, Math.floor(openFor / HEARTBEAT_MS / 2)));
  });

  it('resumes after Last-Event-ID with exactly the rest, replays everything for an unknown id, and gives a late client the whole history', async () => {
    // Its own URL (the host ignores the query): the first test's download is in the input cache, and a
    // cached input would let the render finish before anything is written after the drop.
    const taskId = await createTask('/dripping.png?resume', '/resume');
    const first = await stream(taskId);
    await first.waitFor((events) => events.some((event) => event.event === 'task.started'));
    const seenBeforeDrop = [...first.events];
    first.close();
    // Events keep being written while nobody listens (progress every 500 ms here).
    await new Promise((resolve) => setTimeout(resolve, 800));
    const resumed = await stream(taskId, { 'last-event-id': present(seenBeforeDrop.at(-1), 'an event before the drop').id });
    await resumed.ended;

    const all = (await deliveries(taskId)).map((delivery) => delivery.event_id);
    const joined = [...seenBeforeDrop, ...resumed.events].map((event) => event.id);
    expect(joined).toEqual(all);
    expect(resumed.events.length).toBeGreaterThanOrEqual(2);
    expect(resumed.events.at(-1)?.event).toBe('task.completed');

    const unknown = await stream(taskId, { 'last-event-id': 'evt_not_one_of_these' });
    await unknown.ended;
    expect(unknown.events.map((event) => event.id)).toEqual(all);

    // The task is over: a new client gets its whole history at once, and the stream ends with it.
    const startedAt = Date.now();
    const late = await stream(taskId);
    await late.ended;
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(late.events.map((event) => event.id)).toEqual(all);
    expect(late.events.map((event) => event.data)).toEqual([...seenBeforeDrop, ...resumed.events].map((event) => event.data));
  });

  it(`lets one key hold ${MAX_STREAMS} streams, refuses one more with 429 in the error envelope, frees a slot on disconnect, and counts each stream as one request`, async () => {
    const owner = await app.client({ account: 'streams-owner' });
    const sameAccountOtherKey = await app.client({ account: 'streams-owner' });
    // /slow holds the download for 10 s: the task and its streams stay open.
    const taskId = await createTask('/slow', '/limits', owner);
    const held = [await stream(taskId, {}, owner)];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    held.push(await stream(taskId, {}, owner));
    expect(held.map((reader) => reader.status)).toEqual([200, 200]);
    // The second stream's request is the key's next one: a second of polling in between counted nothing.
    const [firstRate, secondRate] = held.map((reader) => reader.headers);
    if (firstRate['x-ratelimit-reset'] === secondRate['x-ratelimit-reset']) {
      expect(Number(secondRate['x-ratelimit-remaining'])).toBe(Number(firstRate['x-ratelimit-remaining']) - 1);
    }

    const refused = await stream(taskId, {}, owner);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.error).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      message: expect.stringContaining(`${MAX_STREAMS} event streams open`),
      request_id: refused.headers['x-request-id'],
      details: { max_streams_per_key: MAX_STREAMS },
    });
    // The limit is per key: another key of the same account still gets its stream.
    expect((await stream(taskId, {}, sameAccountOtherKey)).status).toBe(200);

    held[0].close();
    let reopened: EventStreamReader | null = null;
    for (let attempt = 0; attempt < 20 && reopened?.status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reopened = await stream(taskId, {}, owner);
    }
    // The loop runs at least once, so a stream was opened; the assertion says whether it was let in.
    const again = present(reopened, 'a stream opened after one was closed');
    expect(again.status).toBe(200);

    // Canceling ends the task: every open stream gets task.canceled and is closed.
    expect((await owner.delete(`/v3/tasks/${taskId}`)).status).toBe(200);
    await Promise.all([held[1].ended, again.ended]);
    expect(held[1].events.at(-1)?.event).toBe('task.canceled');
    expect(again.events.map((event) => event.id)).toEqual((await deliveries(taskId, owner)).map((delivery) => delivery.event_id));
  });

  it('ends a stream within about a second of its key being revoked, or rotated without grace, and refuses to reopen it', async () => {
    const account = `streams-revoked-${process.pid}`;
    const owner = await app.client({ account });
    const taskId = await createTask('/slow', '/revoked', owner);
    const watchers = await Promise.all([0, 1].map(() => app.runtime.keys.create({ account, tier: 'pro', rateLimitPerMinute: 10_000 })));
    const clients = watchers.map((issued) => new HttpClient(app.baseUrl, app.ca, issued.key));
    const readers = await Promise.all(clients.map((on) => stream(taskId, {}, on)));
    await Promise.all(readers.map((reader) => reader.waitFor((events) => events.length >= 1)));

    const changedAt = Date.now();
    await app.runtime.keys.revoke(watchers[0].record.id);
    await app.runtime.keys.rotate(watchers[1].record.id, 0);
    await Promise.all(readers.map((reader) => reader.ended));
    // Checked before each read of the outbox (every 300 ms); the rest is a loaded machine's slack.
    expect(Date.now() - changedAt).toBeLessThan(3_000);
    expect(readers.map((reader) => hasFinal(reader.events))).toEqual([false, false]);
    for (const on of clients) {
      const again = await stream(taskId, {}, on);
      expect([again.status, again.error?.code]).toEqual([401, 'INVALID_API_KEY']);
    }
    expect((await owner.delete(`/v3/tasks/${taskId}`)).status).toBe(200);
  });

  it("answers another account's task, an unknown id, a key without tasks:read and a missing key in the error envelope, before any stream", async () => {
    const taskId = await createTask('/image.png', '/tenancy');
    const stranger = await app.client();
    const cases: Array<[HttpClient, string, number, string]> = [
      [stranger, taskId, 404, 'TASK_NOT_FOUND'],
      [client, 'tsk_00000000000000000000000000', 404, 'TASK_NOT_FOUND'],
      [await app.client({ permissions: ['tasks:write'] }), taskId, 403, 'INSUFFICIENT_PERMISSIONS'],
      [app.anonymous(), taskId, 401, 'MISSING_AUTHENTICATION'],
    ];
    for (const [who, id, status, code] of cases) {
      const answer = await stream(id, {}, who);
      expect([answer.status, answer.headers['content-type'], answer.error?.code]).toEqual([status, expect.stringMatching(/^application\/json/), code]);
      expect(present(answer.error, `the error envelope of ${code}`).request_id).toBe(answer.headers['x-request-id']);
    }
    const notFound = await stream(taskId, {}, stranger);
    expect(present(notFound.error, 'the error envelope of TASK_NOT_FOUND').message).toContain(taskId);
  });

  it('is described in the OpenAPI document as a text/event-stream answer with Last-Event-ID', async () => {
    const operation = (await app.anonymous().get('/v3/openapi.json')).body.paths['/v3/tasks/{task_id}/events'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toEqual(
      expect.arrayContaining(['path:task_id', 'header:Last-Event-ID']),
    );
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['404', '429']));
  });

  describe('render-cli render --wait', () => {
    const timeline = (path: string) => {
      const file = join(work, `${path.slice(1)}.json`);
      writeFileSync(file, JSON.stringify(tinyTaskBody(media.base, path, { url: receiver.url('/cli') })));
      return file;
    };
    const progressLines = (stderr: string) => [...stderr.matchAll(/^tsk_\w+ \[[#.]{30}\]\s+(\d+)% (\w+)$/gm)].map((m) => `${m[1]} ${m[2]}`);

    it('follows the progress through the event stream', async () => {
      const prepare = jest.spyOn(TaskEventStreams.prototype, 'prepare');
      const key = (await app.client()).key;
      const run = await runCli(['render', timeline('/dripping.png'), '--wait', '--out', join(work, 'streamed')], {
        RENDER_API_URL: `${app.baseUrl}/v3`,
        RENDER_API_KEY: key,
        RENDER_API_CA: app.certPath,
      });
      expect(run.stderr).not.toContain('error:');
      expect(run.code).toBe(0);
      const taskId = present(/^task (tsk_\w+) queued$/m.exec(run.stdout), 'a "task … queued" line on stdout')[1];
      // The service opened the stream for this task, from the start…
      expect(prepare).toHaveBeenCalledWith(expect.objectContaining({ accountId: expect.any(String) }), taskId, undefined);
      await expect(prepare.mock.results[0].value).resolves.toEqual(expect.any(Function));
      // …and the CLI never had to fall back: its lines are the events', from queued through task.started to completed.
      expect(run.stderr).not.toContain('event stream unavailable');
      const lines = progressLines(run.stderr);
      expect(lines.slice(0, 2)).toEqual(['0 queued', '0 processing']);
      expect(lines.at(-1)).toBe('100 completed');
    });

    it('falls back to polling the task when the stream is refused', async () => {
      const owner = await app.client();
      const slowTask = await createTask('/slow', '/cli-slow', owner);
      for (let i = 0; i < MAX_STREAMS; i += 1) expect((await stream(slowTask, {}, owner)).status).toBe(200);
      const run = await runCli(['render', timeline('/image.png'), '--wait', '--out', join(work, 'polled')], {
        RENDER_API_URL: `${app.baseUrl}/v3`,
        RENDER_API_KEY: owner.key,
        RENDER_API_CA: app.certPath,
      });
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/^event stream unavailable \(RATE_LIMIT_EXCEEDED: .+\); polling the task instead$/m);
      expect(progressLines(run.stderr).at(-1)).toBe('100 completed');
      await owner.delete(`/v3/tasks/${slowTask}`);
    });
  });
});

describe('task event streams past their lifetime (SSE_MAX_STREAM_SECONDS)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No worker: the test writes the task's events itself, as a worker's lifecycle does.
    app = await startTestApp({ role: 'api', env: { SSE_MAX_STREAM_SECONDS: '1', SSE_HEARTBEAT_MS: '300' } });
  }, 60_000);
  afterAll(() => app?.close());

  it('ends each stream after its lifetime with retry:, and the typed client resumes each time without losing or repeating an event', async () => {
    const client = await app.client();
    const created = await client.post('/v3/tasks', tinyTaskBody('http://127.0.0.1:9', '/never.png', { url: 'https://127.0.0.1:9/unused' }));
    expect(created.status).toBe(201);
    const taskId = created.body.task_id as string;

    const raw = await EventStreamReader.open(client, app.ca, taskId);
    const openedAt = Date.now();
    await raw.ended;
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(900);
    expect(raw.parser.retryMs).toBe(1_000);
    expect(raw.events.map((event) => event.event)).toEqual(['task.queued']);

    const prepare = jest.spyOn(TaskEventStreams.prototype, 'prepare');
    // One reopening without an event allowed: only the planned ends keep this client going while the task is quiet.
    const typed = new RenderClient({ baseUrl: `${app.baseUrl}/v3`, apiKey: client.key, ca: app.ca, streamReconnects: 1 });
    const seen: StreamedTaskEvent[] = [];
    const following = (async () => {
      for await (const event of typed.streamEvents(taskId)) seen.push(event);
    })();
    await sleep(5_000);
    const { transitions } = app.services;
    const begun = await transitions.start(taskId, 'test-worker');
    if (begun.kind !== 'started') throw new Error(`the task did not start: ${begun.kind}`);
    for (let step = 1; step <= 15; step += 1) {
      await transitions.progress(begun.task, { percentage: step * 5, phase: 'render', phaseProgress: step / 15, phases: emptyPhases() }, true);
      await sleep(200);
    }
    await transitions.fail(begun.task, new RenderFailure('RENDER_FAILED', 'stopped by the test', true));
    await following;

    const recorded = (await client.get(`/v3/tasks/${taskId}/deliveries`)).body.deliveries as Delivery[];
    expect(recorded).toHaveLength(18);
    expect(seen.map((event) => [event.id, event.event])).toEqual(recorded.map((delivery) => [delivery.event_id, delivery.event]));
    // The quiet seconds and the three of events each spanned several streams.
    expect(prepare.mock.calls.length).toBeGreaterThanOrEqual(4);
  }, 60_000);
});

describe('task event streams when the API stops', () => {
  it('ends every open stream, so the server can close', async () => {
    const app = await startTestApp({ role: 'api' });
    let closed = false;
    try {
      const client = await app.client();
      const created = await client.post('/v3/tasks', tinyTaskBody('http://127.0.0.1:9', '/never.png', { url: 'https://127.0.0.1:9/unused' }));
      expect(created.status).toBe(201);
      // No worker in this process: the task stays queued and its stream open.
      const reader = await EventStreamReader.open(client, app.ca, created.body.task_id);
      await reader.waitFor((events) => events.length === 1);
      expect(hasFinal(reader.events)).toBe(false);
      const stoppingAt = Date.now();
      await app.close();
      closed = true;
      await reader.ended;
      expect(Date.now() - stoppingAt).toBeLessThan(5_000);
      expect(reader.events.map((event) => event.event)).toEqual(['task.queued']);
    } finally {
      if (!closed) await app.close();
    }
  });
});
