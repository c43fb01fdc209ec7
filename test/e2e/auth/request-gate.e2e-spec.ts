import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { ApiKeysRepository } from '../../../src/auth/api-keys.repository';
import { PRINCIPAL_CACHE_SECONDS } from '../../../src/auth/key-changes';
import { HttpClient } from '../../support/http-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { awayFromWindowEdge } from './rate-window';

const withKey = (app: TestApp, key: string) => new HttpClient(app.baseUrl, app.ca, key);

/** What the request gate costs and logs, seen from outside: key rows read, answers, log lines. */
describe('request gate over HTTPS', () => {
  // Counting tests may first wait up to 15 s for a fresh rate window.
  jest.setTimeout(60_000);

  describe('made-up keys past the per-IP limit', () => {
    const IP_LIMIT = 5;
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp({ env: { UNAUTHENTICATED_RATE_LIMIT: String(IP_LIMIT) } });
    }, 60_000);
    afterAll(() => app?.close());

    /** A key of this deployment's shape that no one issued. */
    const madeUpKey = () => `${app.config.apiKeyPrefix}_${randomBytes(16).toString('hex')}`;

    it('reads no key row once the IP is over its limit, yet serves a key that worked here and makes a new one wait for the next window', async () => {
      await awayFromWindowEdge();
      const known = await app.runtime.keys.create({ account: 'gate-known', tier: 'pro' });
      expect((await withKey(app, known.key).get('/v3/models')).status).toBe(200);
      const reads = jest.spyOn(ApiKeysRepository.prototype, 'findByHash');
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await withKey(app, madeUpKey()).get('/v3/models')).status);
      const keyRowsRead = reads.mock.calls.length;
      reads.mockRestore();
      const refused = statuses.filter((status) => status === 401).length;
      expect(refused).toBeLessThanOrEqual(IP_LIMIT);
      expect(statuses).toEqual([...Array<number>(refused).fill(401), ...Array<number>(20 - refused).fill(429)]);
      // Each key within the limit was looked up; none after it.
      expect(keyRowsRead).toBe(refused);

      // Past the principal cache time the known key is read again, whatever its IP's window says.
      await new Promise((resolve) => setTimeout(resolve, PRINCIPAL_CACHE_SECONDS * 1000 + 200));
      expect((await withKey(app, known.key).get('/v3/models')).status).toBe(200);
      const created = await app.runtime.keys.create({ account: 'gate-new', tier: 'pro' });
      const waiting = await withKey(app, created.key).get('/v3/models');
      expect(waiting.status).toBe(429);
      expect(waiting.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    });
  });

  it('logs a 5xx it answers with its cause and request id, never the key', async () => {
    const lines: string[] = [];
    const app = await startTestApp({ env: { LOG_LEVEL: 'error' }, log: { write: (line: string) => void lines.push(line) } });
    try {
      const issued = await app.runtime.keys.create({ account: 'gate-outage', tier: 'pro' });
      // Also has the client read the OpenAPI document it checks replies against, while the gate still can count.
      expect((await withKey(app, issued.key).get('/v3/models')).status).toBe(200);
      // Redis gone: the gate cannot count the request. Closed for good before it is asked (and reconnected after).
      const ended = once(app.runtime.commandRedis, 'end');
      app.runtime.commandRedis.disconnect();
      await ended;
      const response = await withKey(app, issued.key).get('/v3/models');
      await app.runtime.commandRedis.connect();
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      const logged = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.request_id === response.body.error.request_id && line.msg === 'request failed');
      expect(logged).toEqual([
        expect.objectContaining({
          level: 50,
          msg: 'request failed',
          method: 'GET',
          route: '/v3/models',
          // ioredis's words for a client that is not connected.
          err: expect.objectContaining({ message: expect.stringMatching(/Connection is closed|Stream isn't writeable/) }),
        }),
      ]);
      expect(lines.join('\n')).not.toContain(issued.key);
    } finally {
      await app.close();
    }
  });
});
