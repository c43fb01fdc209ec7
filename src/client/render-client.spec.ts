import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RenderApiError, RenderClient } from './render-client';
import { selfSignedCertificate, type CertificatePair } from './self-signed-cert';
import type { CreateTaskBody } from './api-models';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

interface Seen {
  method: string;
  url: string;
  body: string;
  at: number;
}

/** A scripted HTTPS service: each request is answered by the next handler. */
async function stub(tls: CertificatePair, handlers: Handler[]): Promise<{ server: Server; base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, at: Date.now() });
      const handler = handlers[seen.length - 1];
      if (!handler) throw new Error(`unexpected request ${seen.length}`);
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `https://127.0.0.1:${(server.address() as AddressInfo).port}/v3`, seen };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const body = {
  input: { timeline: { duration_ms: 1000, tracks: [] }, output: { resolution: { width: 2, height: 2 } } },
  webhook: { url: 'https://h.example/x' },
} as unknown as CreateTaskBody;

describe('RenderClient', () => {
  it('refuses a key with a control character (a line break read with it from a file) before any request', () => {
    expect(() => new RenderClient({ baseUrl: 'https://127.0.0.1:1/v3', apiKey: 'rsk_abc\n' })).toThrow('the API key holds a control character');
  });

  let tls: CertificatePair;
  const servers: Server[] = [];
  beforeAll(() => {
    tls = selfSignedCertificate();
  });
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  it('waits out a 429 RATE_LIMIT_EXCEEDED for Retry-After seconds, then succeeds', async () => {
    const service = await stub(tls, [
      (_req, _body, res) =>
        json(
          res,
          429,
          { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', retry_after: 1 } },
          { 'retry-after': '1', 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000', 'x-ratelimit-type': 'requests' },
        ),
      (_req, _body, res) =>
        json(
          res,
          200,
          { models: [] },
          { 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000060', 'x-ratelimit-type': 'requests' },
        ),
    ]);
    servers.push(service.server);
    const waits: number[] = [];
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, onRateLimited: (seconds) => waits.push(seconds) });
    await expect(client.listModels()).resolves.toEqual({ models: [] });
    expect(waits).toEqual([1]);
    expect(service.seen).toHaveLength(2);
    expect(service.seen[1].at - service.seen[0].at).toBeGreaterThanOrEqual(950);
    expect(client.lastRateLimit).toEqual({ limit: 1, remaining: 0, resetAt: 1700000060, type: 'requests' });
  });

  it('does not wait out QUOTA_EXCEEDED, and reports the envelope', async () => {
    const service = await stub(tls, [
      (_req, _body, res) => json(res, 429, { error: { code: 'QUOTA_EXCEEDED', message: 'monthly quota used', request_id: 'req_1' } }, { 'retry-after': '1' }),
    ]);
    servers.push(service.server);
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert });
    const error = await client.listModels().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderApiError);
    expect(error).toMatchObject({ status: 429, code: 'QUOTA_EXCEEDED', message: 'monthly quota used', requestId: 'req_1' });
    expect(service.seen).toHaveLength(1);
  });

  it('gives up after the configured number of rate-limit waits', async () => {
    const limited: Handler = (_req, _body, res) => json(res, 429, { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' } }, { 'retry-after': '0' });
    const service = await stub(tls, [limited, limited, limited]);
    servers.push(service.server);
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, rateLimitRetries: 2 });
    await expect(client.listModels()).rejects.toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect(service.seen).toHaveLength(3);
  });

  it('resends a create whose answer was lost with the same body, and returns the task a 409 DUPLICATE_REQUEST_ID names', async () => {
    const record = { task_id: 'tsk_first', status: 'queued' };
    const service = await stub(tls, [
      (req) => req.socket.destroy(),
      (_req, _body, res) => json(res, 409, { error: { code: 'DUPLICATE_REQUEST_ID', message: 'used', details: { task_id: 'tsk_first' } } }),
      (_req, _body, res) => json(res, 200, record),
    ]);
    servers.push(service.server);
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, sleep: async () => undefined });
    const outcome = await client.createTask(body);
    expect(outcome).toEqual({ kind: 'recovered', task: record, requestId: expect.stringMatching(/^cli-[0-9a-f-]{36}$/) });
    expect(service.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /v3/tasks', 'POST /v3/tasks', 'GET /v3/tasks/tsk_first']);
    expect(service.seen[1].body).toBe(service.seen[0].body);
    expect(JSON.parse(service.seen[0].body).request_id).toBe(outcome.requestId);
  });

  it("treats a 409 on the first attempt as the caller's error (the request_id was reused)", async () => {
    const service = await stub(tls, [
      (_req, _body, res) => json(res, 409, { error: { code: 'DUPLICATE_REQUEST_ID', message: 'used', details: { task_id: 'tsk_old' } } }),
    ]);
    servers.push(service.server);
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert });
    await expect(client.createTask({ ...body, request_id: 'mine' })).rejects.toMatchObject({ code: 'DUPLICATE_REQUEST_ID', status: 409 });
    expect(JSON.parse(service.seen[0].body).request_id).toBe('mine');
  });

  it('resends after a timeout too', async () => {
    const service = await stub(tls, [() => undefined, (_req, _body, res) => json(res, 201, { task_id: 'tsk_new', status: 'queued' })]);
    servers.push(service.server);
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, timeoutMs: 300, sleep: async () => undefined });
    const outcome = await client.createTask(body);
    expect(outcome).toMatchObject({ kind: 'created', task: { task_id: 'tsk_new' } });
    expect(service.seen).toHaveLength(2);
  });

  describe('streamEvents', () => {
    const frame = (id: string, event: string) =>
      `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify({ event, timestamp: '2025-01-17T10:00:00.000Z', task_id: 'tsk_1', data: {} })}\n\n`;
    const eventStream = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });
    const collect = async (events: AsyncIterable<{ id: string; event: string }>) => {
      const seen: string[] = [];
      for await (const event of events) seen.push(`${event.id} ${event.event}`);
      return seen;
    };

    it('reopens a dropped stream with Last-Event-ID and ends after the final event', async () => {
      const lastEventIds: Array<string | undefined> = [];
      const service = await stub(tls, [
        (req, _body, res) => {
          lastEventIds.push(req.headers['last-event-id'] as string | undefined);
          eventStream(res);
          res.write(frame('evt_1', 'task.queued') + ': keep-alive\n\n' + frame('evt_2', 'task.started'));
          // Half an event, then the connection is cut: that event was never received.
          res.write('id: evt_3\nevent: task.progress\n', () => res.socket?.destroy());
        },
        (req, _body, res) => {
          lastEventIds.push(req.headers['last-event-id'] as string | undefined);
          eventStream(res);
          res.write(frame('evt_3', 'task.progress') + frame('evt_4', 'task.completed'));
        },
      ]);
      servers.push(service.server);
      const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, sleep: async () => undefined });
      expect(await collect(client.streamEvents('tsk_1'))).toEqual(['evt_1 task.queued', 'evt_2 task.started', 'evt_3 task.progress', 'evt_4 task.completed']);
      expect(service.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /v3/tasks/tsk_1/events', 'GET /v3/tasks/tsk_1/events']);
      expect(lastEventIds).toEqual([undefined, 'evt_2']);
    });

    it('starts after the given lastEventId, and throws a refusal at once', async () => {
      const service = await stub(tls, [
        (req, _body, res) => {
          expect(req.headers['last-event-id']).toBe('evt_9');
          json(res, 404, { error: { code: 'TASK_NOT_FOUND', message: 'no such task', request_id: 'req_1' } });
        },
      ]);
      servers.push(service.server);
      const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, sleep: async () => undefined });
      await expect(collect(client.streamEvents('tsk_1', { lastEventId: 'evt_9' }))).rejects.toMatchObject({
        status: 404,
        code: 'TASK_NOT_FOUND',
        requestId: 'req_1',
      });
      expect(service.seen).toHaveLength(1);
    });

    it('gives up with a NetworkError when reopening brings no event streamReconnects times in a row', async () => {
      const endsEarly: Handler = (_req, _body, res) => {
        eventStream(res);
        res.end(': keep-alive\n\n');
      };
      const service = await stub(tls, [
        (_req, _body, res) => {
          eventStream(res);
          res.end(frame('evt_1', 'task.queued'));
        },
        endsEarly,
        endsEarly,
      ]);
      servers.push(service.server);
      const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, streamReconnects: 2, sleep: async () => undefined });
      const seen: string[] = [];
      await expect(
        (async () => {
          for await (const event of client.streamEvents('tsk_1')) seen.push(event.id);
        })(),
      ).rejects.toMatchObject({ name: 'NetworkError', message: 'the event stream of tsk_1 ended before the task did' });
      expect(seen).toEqual(['evt_1']);
      // The first stream, then streamReconnects reopenings, none of them bringing an event.
      expect(service.seen).toHaveLength(3);
    });

    it('reopens a stream the service ended on purpose (retry: last) as often as it takes, without counting it as fruitless', async () => {
      const lastEventIds: Array<string | undefined> = [];
      const endsOnPurpose: Handler = (req, _body, res) => {
        lastEventIds.push(req.headers['last-event-id'] as string | undefined);
        eventStream(res);
        res.end(': keep-alive\n\nretry: 1000\n\n');
      };
      const service = await stub(tls, [
        (req, _body, res) => {
          lastEventIds.push(req.headers['last-event-id'] as string | undefined);
          eventStream(res);
          res.end(frame('evt_1', 'task.queued') + 'retry: 1000\n\n');
        },
        endsOnPurpose,
        endsOnPurpose,
        endsOnPurpose,
        endsOnPurpose,
        (req, _body, res) => {
          lastEventIds.push(req.headers['last-event-id'] as string | undefined);
          eventStream(res);
          res.end(frame('evt_2', 'task.completed'));
        },
      ]);
      servers.push(service.server);
      const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, streamReconnects: 2, sleep: async () => undefined });
      expect(await collect(client.streamEvents('tsk_1'))).toEqual(['evt_1 task.queued', 'evt_2 task.completed']);
      expect(lastEventIds).toEqual([undefined, 'evt_1', 'evt_1', 'evt_1', 'evt_1', 'evt_1']);
    });

    it('stops quietly when its signal is aborted', async () => {
      const service = await stub(tls, [
        (_req, _body, res) => {
          eventStream(res);
          res.write(frame('evt_1', 'task.queued'));
        },
      ]);
      servers.push(service.server);
      const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert });
      const abort = new AbortController();
      const seen: string[] = [];
      for await (const event of client.streamEvents('tsk_1', { signal: abort.signal })) {
        seen.push(event.id);
        abort.abort();
      }
      expect(seen).toEqual(['evt_1']);
      service.server.closeAllConnections();
    });
  });

  it('refuses a plain-http base', () => {
    expect(() => new RenderClient({ baseUrl: 'http://127.0.0.1/v3', apiKey: 'k' })).toThrow('https');
  });
});
