import Redis from 'ioredis';
import { HttpClient } from '../../support/http-client';
import { createTestDatabase, TEST_SECRETS_KEY, type TestDatabase } from '../../support/postgres';
import { startTestApp, type TestApp } from '../../support/test-app';
import { awayFromWindowEdge, rateHeaders } from './rate-window';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** Two API processes' worth of service on one PostgreSQL database and one Redis, as in a scaled-out deployment. */
describe('two API instances sharing PostgreSQL and Redis', () => {
  // Counting tests may first wait up to 15 s for a fresh rate window.
  jest.setTimeout(30_000);
  const suffix = `${process.pid}_${Date.now()}`;
  let database: TestDatabase;
  const redisPrefix = `rs-auth-${suffix}`;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('auth');
    const env = {
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      DATABASE_URL: database.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
      UNAUTHENTICATED_RATE_LIMIT: '10',
    };
    // One after the other: the first runs the migrations, the second finds them applied.
    first = await startTestApp({ env });
    second = await startTestApp({ env });
  }, 90_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  const on = (app: TestApp, key: string | null) => new HttpClient(app.baseUrl, app.ca, key);

  it('accepts a key issued through one instance on the other, and sees a revocation there at once', async () => {
    const issued = await first.runtime.keys.create({ account: 'shared-revoke', tier: 'pro' });
    expect((await on(second, issued.key).get('/v3/models')).status).toBe(200);
    await first.runtime.keys.revoke(issued.record.id);
    const after = await on(second, issued.key).get('/v3/models');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('INVALID_API_KEY');
  });

  it('counts one key in one window across both instances: 30 parallel requests against 20 give exactly 20 successes', async () => {
    await awayFromWindowEdge();
    const issued = await first.runtime.keys.create({ account: 'shared-window', tier: 'enterprise', rateLimitPerMinute: 20 });
    const clients = [on(first, issued.key), on(second, issued.key)];
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => clients[i % 2].get('/v3/models')));
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    expect(ok.map((r) => rateHeaders(r.headers).remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    // Each instance alone has seen only 15 requests, yet both now refuse: they count in one window.
    expect((await on(first, issued.key).get('/v3/models')).status).toBe(429);
    expect((await on(second, issued.key).get('/v3/models')).status).toBe(429);
  });

  // Requests with bad keys (as in the revocation test) count against the IP's window too, so this starts from what is left.
  it('limits unauthenticated requests per client IP across both instances', async () => {
    await awayFromWindowEdge();
    const known = await second.runtime.keys.create({ account: 'shared-ip', tier: 'pro' });
    expect((await on(first, known.key).get('/v3/models')).status).toBe(200);
    const opening = await on(first, null).get('/v3/tasks');
    expect(opening.status).toBe(401);
    const left = rateHeaders(opening.headers).remaining;
    expect(left).toBeGreaterThan(2);
    const remaining: number[] = [];
    for (let i = 0; i < left; i++) {
      const response = await on(i % 2 ? first : second, null).get('/v3/tasks');
      expect(response.status).toBe(401);
      remaining.push(rateHeaders(response.headers).remaining);
    }
    expect(remaining).toEqual(Array.from({ length: left }, (_, i) => left - 1 - i));
    const limited = await on(first, null).get('/v3/tasks', { authorization: 'Bearer not-a-key' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(rateHeaders(limited.headers)).toMatchObject({ limit: 10, remaining: 0, type: 'requests' });
    expect(Number(limited.headers['retry-after'])).toBe(limited.body.error.retry_after);
    // A key that worked on the instance is not limited by its IP; one it has not seen waits for the next window.
    expect((await on(first, known.key).get('/v3/models')).status).toBe(200);
    const created = await second.runtime.keys.create({ account: 'shared-ip-new', tier: 'pro' });
    expect((await on(first, created.key).get('/v3/models')).status).toBe(429);
  });
});
