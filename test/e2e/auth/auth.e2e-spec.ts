import { PERMISSIONS, type Permission, type Tier } from '../../../src/auth/auth.types';
import { listingTemplate, minimalTaskBody } from '../../fixtures/task-bodies';
import { HttpClient, type TestResponse } from '../../support/http-client';
import { present } from '../../support/present';
import { startTestApp, type TestApp } from '../../support/test-app';
import { awayFromWindowEdge, currentWindowReset, rateHeaders } from './rate-window';

const PREFIX = 'acme';

describe('authentication, permissions and per-key rate limits over HTTPS', () => {
  // Counting tests may first wait up to 15 s for a fresh rate window.
  jest.setTimeout(30_000);
  let app: TestApp;
  let accountSeq = 0;

  beforeAll(async () => {
    app = await startTestApp({ env: { API_KEY_PREFIX: PREFIX } });
  }, 60_000);
  afterAll(() => app?.close());

  /** A client for a new key; no rate-limit override unless given, so the tier's figure applies. */
  async function clientFor(options: { tier?: Tier; permissions?: Permission[]; rateLimitPerMinute?: number; account?: string; expiresAt?: number } = {}) {
    const issued = await app.runtime.keys.create({
      account: options.account ?? `auth-e2e-${++accountSeq}`,
      tier: options.tier ?? 'pro',
      permissions: options.permissions,
      rateLimitPerMinute: options.rateLimitPerMinute ?? null,
      expiresAt: options.expiresAt ?? null,
    });
    return { client: new HttpClient(app.baseUrl, app.ca, issued.key), issued };
  }

  const withKey = (key: string) => new HttpClient(app.baseUrl, app.ca, key);
  const withoutRequestId = (response: TestResponse) => ({ ...response.body.error, request_id: undefined });

  function expectRateHeaders(response: TestResponse, limit: number): void {
    const headers = rateHeaders(response.headers);
    expect(headers.limit).toBe(limit);
    expect(headers.type).toBe('requests');
    expect(headers.remaining).toBeGreaterThanOrEqual(0);
    expect(headers.remaining).toBeLessThan(limit);
    expect(Math.abs(headers.reset - currentWindowReset())).toBeLessThanOrEqual(60);
    // The window in force when the server answered ends after the request was sent.
    expect(headers.reset).toBeGreaterThan(response.sentAt / 1000);
  }

  describe('authentication', () => {
    it('answers a request without Authorization with 401 MISSING_AUTHENTICATION, rate headers of the IP window and the version', async () => {
      const response = await app.anonymous().get('/v3/tasks');
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('MISSING_AUTHENTICATION');
      expect(response.body.error.message).toContain('Authorization');
      expectRateHeaders(response, app.config.unauthenticatedRateLimit);
      expect(response.headers['x-service-version']).toBe('2025-01-17');
    });

    it('answers malformed, unknown, foreign-prefix, revoked and expired keys with one identical 401 INVALID_API_KEY', async () => {
      const { issued: revoked } = await clientFor();
      await app.runtime.keys.revoke(revoked.record.id);
      const { issued: expired } = await clientFor({ expiresAt: Date.now() - 1 });
      const valid = (await clientFor()).issued.key;
      const variants: Array<Record<string, string>> = [
        { authorization: 'Bearer' },
        { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` },
        { authorization: `Bearer ${PREFIX}_short` },
        { authorization: `Bearer ${valid.slice(0, -1)}!` },
        { authorization: `Bearer ${valid} extra` },
        { authorization: `Bearer ${PREFIX}_${'A'.repeat(32)}` },
        { authorization: `Bearer rsk_${valid.slice(PREFIX.length + 1)}` },
        { authorization: `Bearer ${revoked.key}` },
        { authorization: `Bearer ${expired.key}` },
      ];
      const responses = await Promise.all(variants.map((headers) => app.anonymous().get('/v3/tasks', headers)));
      for (const response of responses) {
        expect(response.status).toBe(401);
        expect(response.body.error.code).toBe('INVALID_API_KEY');
        expect(withoutRequestId(response)).toEqual(withoutRequestId(responses[0]));
        expect(rateHeaders(response.headers).type).toBe('requests');
      }
      expect(JSON.stringify(responses.map((r) => r.body))).not.toContain(valid.slice(-12));
      expect((await withKey(valid).get('/v3/tasks')).status).toBe(200);
    });

    it('accepts the scheme in any case and records when the key was last used', async () => {
      const { issued } = await clientFor();
      const response = await app.anonymous().get('/v3/models', { authorization: `bearer ${issued.key}` });
      expect(response.status).toBe(200);
      let lastUsed: number | null = null;
      for (let i = 0; i < 50 && lastUsed === null; i++) {
        lastUsed = (await app.runtime.keys.find(issued.record.id))?.lastUsedAt ?? null;
        if (lastUsed === null) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(lastUsed).toBeGreaterThanOrEqual(issued.record.createdAt);
    });

    it('stops a revoked key on its very next request', async () => {
      const { client, issued } = await clientFor();
      expect((await client.get('/v3/models')).status).toBe(200);
      expect(await app.runtime.keys.revoke(issued.record.id)).toBe(true);
      const after = await client.get('/v3/models');
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('INVALID_API_KEY');
    });

    it('rotates with a grace of 0 hours: the old key stops at once, the new one works with the same account and permissions', async () => {
      const { client: old, issued } = await clientFor({ permissions: ['tasks:read', 'tasks:write'] });
      const created = await old.post('/v3/tasks', minimalTaskBody());
      expect(created.status).toBe(201);
      const rotated = await app.runtime.keys.rotate(issued.record.id, 0);
      expect((await old.get('/v3/tasks')).body.error.code).toBe('INVALID_API_KEY');
      const fresh = withKey(rotated.key);
      const task = await fresh.get(`/v3/tasks/${created.body.task_id}`);
      expect(task.status).toBe(200);
      expect((await fresh.get('/v3/models')).body.error.details).toEqual({ required_permission: 'models:read' });
    });

    it('rotates with a grace period: both keys work until it ends', async () => {
      const { client: old, issued } = await clientFor();
      const rotated = await app.runtime.keys.rotate(issued.record.id, 1);
      expect((await old.get('/v3/models')).status).toBe(200);
      expect((await withKey(rotated.key).get('/v3/models')).status).toBe(200);
      const record = present(await app.runtime.keys.find(issued.record.id), 'the rotated key');
      expect(record.replacedBy).toBe(rotated.record.id);
      const expiresAt = present(record.expiresAt, 'an expiry on the rotated key');
      expect(expiresAt - Date.now()).toBeGreaterThan(3_500_000);
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(3_600_000);
    });
  });

  describe('permissions', () => {
    const SOME_TEMPLATE = 'tpl_00000000000000000000000000';
    const routes: Array<{ method: string; path: (taskId: string) => string; permission: Permission; body?: unknown }> = [
      { method: 'POST', path: () => '/v3/tasks', permission: 'tasks:write', body: minimalTaskBody() },
      { method: 'GET', path: () => '/v3/tasks', permission: 'tasks:read' },
      { method: 'GET', path: (id) => `/v3/tasks/${id}`, permission: 'tasks:read' },
      { method: 'DELETE', path: (id) => `/v3/tasks/${id}`, permission: 'tasks:write' },
      { method: 'POST', path: (id) => `/v3/tasks/${id}/retry`, permission: 'tasks:write' },
      { method: 'GET', path: (id) => `/v3/tasks/${id}/deliveries`, permission: 'tasks:read' },
      { method: 'POST', path: (id) => `/v3/tasks/${id}/deliveries/evt_x/redeliver`, permission: 'tasks:write' },
      { method: 'GET', path: () => '/v3/models', permission: 'models:read' },
      { method: 'GET', path: () => '/v3/usage', permission: 'usage:read' },
      { method: 'POST', path: () => '/v3/tasks/batch', permission: 'tasks:write', body: { tasks: [minimalTaskBody()] } },
      { method: 'POST', path: () => '/v3/templates', permission: 'templates:write', body: listingTemplate() },
      { method: 'GET', path: () => '/v3/templates', permission: 'templates:read' },
      { method: 'GET', path: () => `/v3/templates/${SOME_TEMPLATE}`, permission: 'templates:read' },
      { method: 'DELETE', path: () => `/v3/templates/${SOME_TEMPLATE}`, permission: 'templates:write' },
      { method: 'POST', path: () => `/v3/templates/${SOME_TEMPLATE}/tasks`, permission: 'tasks:write', body: {} },
      { method: 'POST', path: () => `/v3/templates/${SOME_TEMPLATE}/tasks`, permission: 'templates:read', body: {} },
    ];

    it('answers 403 INSUFFICIENT_PERMISSIONS naming the missing permission on every route, with rate headers', async () => {
      const owner = (await clientFor({ account: 'perm-owner' })).client;
      const taskId = (await owner.post('/v3/tasks', minimalTaskBody())).body.task_id as string;
      for (const route of routes) {
        const others = PERMISSIONS.filter((p) => p !== route.permission);
        const { client } = await clientFor({ account: 'perm-owner', permissions: others });
        const response = await client.send(route.method, route.path(taskId), route.body);
        expect({ route: `${route.method} ${route.path(taskId)}`, status: response.status, code: response.body.error?.code }).toEqual({
          route: `${route.method} ${route.path(taskId)}`,
          status: 403,
          code: 'INSUFFICIENT_PERMISSIONS',
        });
        expect(response.body.error.message).toContain(route.permission);
        expect(response.body.error.details).toEqual({ required_permission: route.permission });
        expectRateHeaders(response, 500);
      }
    });

    it('lets a key with only the needed permission through', async () => {
      const { client } = await clientFor({ permissions: ['models:read'] });
      expect((await client.get('/v3/models')).status).toBe(200);
      const { client: reader } = await clientFor({ permissions: ['usage:read'] });
      expect((await reader.get('/v3/usage')).status).toBe(200);
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 TASK_NOT_FOUND for another account's task on every endpoint, while a second key of the owner sees it", async () => {
      const owner = (await clientFor({ account: 'iso-owner' })).client;
      const ownersOtherKey = (await clientFor({ account: 'iso-owner', permissions: ['tasks:read'] })).client;
      const stranger = (await clientFor({ account: 'iso-stranger' })).client;
      const created = await owner.post('/v3/tasks', minimalTaskBody());
      expect(created.status).toBe(201);
      const taskId = created.body.task_id as string;
      const deliveries = await owner.get(`/v3/tasks/${taskId}/deliveries`);
      expect(deliveries.status).toBe(200);
      const eventId = deliveries.body.deliveries[0].event_id as string;
      expect((await ownersOtherKey.get(`/v3/tasks/${taskId}`)).body.task_id).toBe(taskId);

      const attempts: Array<[string, string]> = [
        ['GET', `/v3/tasks/${taskId}`],
        ['DELETE', `/v3/tasks/${taskId}`],
        ['POST', `/v3/tasks/${taskId}/retry`],
        ['GET', `/v3/tasks/${taskId}/deliveries`],
        ['POST', `/v3/tasks/${taskId}/deliveries/${eventId}/redeliver`],
      ];
      for (const [method, path] of attempts) {
        const response = await stranger.send(method, path);
        expect({ path: `${method} ${path}`, status: response.status, code: response.body.error?.code }).toEqual({
          path: `${method} ${path}`,
          status: 404,
          code: 'TASK_NOT_FOUND',
        });
        expectRateHeaders(response, 500);
      }
      const listed = await stranger.get('/v3/tasks');
      expect(listed.body.tasks.map((t: { task_id: string }) => t.task_id)).not.toContain(taskId);
      const still = await owner.get(`/v3/tasks/${taskId}`);
      expect(still.body.status).toBe('queued');
      expect((await owner.get('/v3/tasks')).body.tasks.map((t: { task_id: string }) => t.task_id)).toContain(taskId);
    });
  });

  describe('rate limits', () => {
    it('uses the tier figures: standard 100, pro 500, enterprise as configured', async () => {
      const standard = (await clientFor({ tier: 'standard' })).client;
      const pro = (await clientFor({ tier: 'pro' })).client;
      const enterprise = (await clientFor({ tier: 'enterprise', rateLimitPerMinute: 2_345 })).client;
      expect(rateHeaders((await standard.get('/v3/models')).headers).limit).toBe(100);
      expect(rateHeaders((await pro.get('/v3/models')).headers).limit).toBe(500);
      expect(rateHeaders((await enterprise.get('/v3/models')).headers).limit).toBe(2_345);
    });

    it('carries the four headers on success and on every kind of error, counting each request', async () => {
      await awayFromWindowEdge();
      const { client } = await clientFor({ tier: 'enterprise', rateLimitPerMinute: 50, permissions: ['tasks:read', 'tasks:write', 'models:read'] });
      const responses = [
        await client.get('/v3/models'),
        await client.get('/v3/usage'),
        await client.get('/v3/no-such-route'),
        await client.post('/v3/tasks', {}),
        await client.get('/v3/tasks/tsk_00000000000000000000000000'),
        await client.get('/v3/models', { 'x-service-version': '1999-01-01' }),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 403, 404, 400, 404, 400]);
      const reset = currentWindowReset();
      responses.forEach((response, index) => {
        expect(rateHeaders(response.headers)).toEqual({ limit: 50, remaining: 49 - index, reset, type: 'requests' });
      });
    });

    it('counts exactly under concurrency: 150 parallel requests on a standard key give exactly 100 successes', async () => {
      await awayFromWindowEdge();
      const { client } = await clientFor({ tier: 'standard' });
      const sentAt = Date.now();
      const responses = await Promise.all(Array.from({ length: 150 }, () => client.get('/v3/models')));
      const ok = responses.filter((r) => r.status === 200);
      const limited = responses.filter((r) => r.status === 429);
      expect(ok).toHaveLength(100);
      expect(limited).toHaveLength(50);
      const remaining = ok.map((r) => rateHeaders(r.headers).remaining).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));
      const reset = currentWindowReset();
      for (const response of limited) {
        expect(response.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
        expect(rateHeaders(response.headers)).toEqual({ limit: 100, remaining: 0, reset, type: 'requests' });
        const retryAfter = Number(response.headers['retry-after']);
        expect(response.body.error.retry_after).toBe(retryAfter);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        // The server answered at or after sentAt, so no later than the window's end seen from then.
        expect(retryAfter).toBeLessThanOrEqual(reset - Math.floor(sentAt / 1000));
      }
      const otherKey = (await clientFor({ tier: 'standard' })).client;
      expect((await otherKey.get('/v3/models')).status).toBe(200);
    });

    it('checks the rate limit before the permission and the route', async () => {
      await awayFromWindowEdge();
      const { client } = await clientFor({ tier: 'enterprise', rateLimitPerMinute: 1, permissions: ['models:read'] });
      expect((await client.get('/v3/models')).status).toBe(200);
      const denied = await client.get('/v3/usage');
      expect(denied.status).toBe(429);
      expect(denied.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    });
  });

  describe('X-Service-Version', () => {
    it('defaults to 2025-01-17, echoes it, and refuses other values with 400 UNSUPPORTED_API_VERSION and rate headers', async () => {
      const { client } = await clientFor();
      const absent = await client.get('/v3/models');
      expect(absent.headers['x-service-version']).toBe('2025-01-17');
      const explicit = await client.get('/v3/models', { 'x-service-version': '2025-01-17' });
      expect(explicit.status).toBe(200);
      expect(explicit.headers['x-service-version']).toBe('2025-01-17');
      const unknown = await client.get('/v3/models', { 'x-service-version': 'v3' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('UNSUPPORTED_API_VERSION');
      expect(unknown.body.error.message).toBe('X-Service-Version v3 is not supported; supported: 2025-01-17');
      expectRateHeaders(unknown, 500);
      // Not echoed when it does not read as a version (kilobytes of it, or bytes of another encoding).
      const long = await client.get('/v3/models', { 'x-service-version': 'x'.repeat(4000) });
      expect(long.body.error).toMatchObject({ code: 'UNSUPPORTED_API_VERSION', message: 'X-Service-Version is not supported; supported: 2025-01-17' });
    });
  });

  // Last: it cuts this app's Redis connection.
  describe('when Redis is unreachable', () => {
    it('answers 503 SERVICE_UNAVAILABLE with Retry-After when Redis cannot count the request', async () => {
      const { client } = await clientFor();
      app.runtime.commandRedis.disconnect();
      const response = await client.get('/v3/models');
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('5');
    });
  });
});
