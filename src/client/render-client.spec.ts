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

const body = { input: { timeline: { duration_ms: 1000, tracks: [] }, output: { resolution: { width: 2, height: 2 } } }, webhook: { url: 'https://h.example/x' } } as unknown as CreateTaskBody;

describe('RenderClient', () => {
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
        json(res, 429, { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', retry_after: 1 } }, { 'retry-after': '1', 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000', 'x-ratelimit-type': 'requests' }),
      (_req, _body, res) => json(res, 200, { models: [] }, { 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000060', 'x-ratelimit-type': 'requests' }),
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

  it('treats a 409 on the first attempt as the caller\'s error (the request_id was reused)', async () => {
    const service = await stub(tls, [
      (_req, _body, res) => json(res, 409, { error: { code: 'DUPLICATE_REQUEST_ID', message: 'used', details: { task_id: 'tsk_old' } } }),
    ]);
    servers.push(service.server);
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert });
    await expect(client.createTask({ ...body, request_id: 'mine' })).rejects.toMatchObject({ code: 'DUPLICATE_REQUEST_ID', status: 409 });
    expect(JSON.parse(service.seen[0].body).request_id).toBe('mine');
  });

  it('resends after a timeout too', async () => {
    const service = await stub(tls, [
      () => undefined,
      (_req, _body, res) => json(res, 201, { task_id: 'tsk_new', status: 'queued' }),
    ]);
    servers.push(service.server);
    const client = new RenderClient({ baseUrl: service.base, apiKey: 'k_1', ca: tls.cert, timeoutMs: 300, sleep: async () => undefined });
    const outcome = await client.createTask(body);
    expect(outcome).toMatchObject({ kind: 'created', task: { task_id: 'tsk_new' } });
    expect(service.seen).toHaveLength(2);
  });

  it('refuses a plain-http base', () => {
    expect(() => new RenderClient({ baseUrl: 'http://127.0.0.1/v3', apiKey: 'k' })).toThrow('https');
  });
});
