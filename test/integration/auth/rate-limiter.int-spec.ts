import Redis from 'ioredis';
import { RateLimiter } from '../../../src/auth/rate-limiter';

/** Against the shared Redis on 127.0.0.1:6379, under a prefix of this run only. */
describe('RateLimiter on Redis', () => {
  const prefix = `rs-ratelimit-test-${process.pid}-${Date.now()}`;
  let redis: Redis;
  let nowMs: number;
  let limiter: RateLimiter;

  beforeAll(() => {
    redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  });
  beforeEach(() => {
    nowMs = Date.UTC(2025, 0, 17, 12, 0, 10);
    limiter = new RateLimiter(redis, prefix, () => nowMs);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('allows exactly the limit among 150 concurrent calls, each seeing a distinct remaining count', async () => {
    const decisions = await Promise.all(Array.from({ length: 150 }, () => limiter.consume('key:burst', 100)));
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(100);
    expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0)).toBe(true);
  });

  it('knows a window is used up exactly when its next count is refused, until the window ends', async () => {
    expect(limiter.isUsedUp('ip:used-up', 3)).toBe(false);
    for (let i = 0; i < 3; i++) {
      expect(limiter.isUsedUp('ip:used-up', 3)).toBe(false);
      expect((await limiter.consume('ip:used-up', 3)).allowed).toBe(true);
    }
    expect(limiter.isUsedUp('ip:used-up', 3)).toBe(true);
    expect((await limiter.consume('ip:used-up', 3)).allowed).toBe(false);
    nowMs += 60_000;
    expect(limiter.isUsedUp('ip:used-up', 3)).toBe(false);
  });

  it('shares a window between limiters on different connections (API processes)', async () => {
    const other = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      const second = new RateLimiter(other, prefix, () => nowMs);
      const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? limiter : second).consume('key:shared', 20)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    } finally {
      other.disconnect();
    }
  });

  it('leases counts to a client polling hard: one Redis call per lease, every count handed out once', async () => {
    let calls = 0;
    const counted = new Proxy(redis, {
      get: (target, property, receiver) =>
        property === 'eval'
          ? (...args: Parameters<Redis['eval']>) => {
              calls += 1;
              return target.eval(...args);
            }
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const leasing = new RateLimiter(counted, prefix, () => nowMs);
    const decisions = await Promise.all(Array.from({ length: 2_000 }, () => leasing.consume('key:hard', 1_000_000)));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    const remaining = decisions.map((d) => d.remaining);
    expect(new Set(remaining).size).toBe(2_000);
    expect(Math.max(...remaining)).toBe(999_999);
    expect(calls).toBeLessThan(20);
    // What Redis holds is what was leased: every count handed out, and no more than one lease beyond.
    const [counter] = await redis.keys(`${prefix}:ratelimit:key:hard:*`);
    const leased = Number(await redis.get(counter));
    expect(leased).toBeGreaterThanOrEqual(2_000);
    expect(leased).toBeLessThan(4_000);
  });

  it('never lets leases on two processes exceed the limit, and holds back little of it', async () => {
    const other = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      const second = new RateLimiter(other, prefix, () => nowMs);
      const decisions = await Promise.all(Array.from({ length: 8_000 }, (_, i) => (i % 2 ? limiter : second).consume('key:leased', 6_400)));
      const allowed = decisions.filter((d) => d.allowed);
      expect(allowed.length).toBeLessThanOrEqual(6_400);
      expect(allowed.length).toBeGreaterThanOrEqual(6_400 - 2 * (6_400 / 64));
      expect(new Set(allowed.map((d) => d.remaining)).size).toBe(allowed.length);
    } finally {
      other.disconnect();
    }
  });

  it('counts a subject seen now and then one request at a time, so Remaining falls by one across processes', async () => {
    const other = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      const second = new RateLimiter(other, prefix, () => nowMs);
      const remaining: number[] = [];
      for (let i = 0; i < 6; i++) {
        nowMs += 2_000;
        remaining.push((await (i % 2 ? limiter : second).consume('key:slow', 100_000)).remaining);
      }
      expect(remaining).toEqual([99_999, 99_998, 99_997, 99_996, 99_995, 99_994]);
    } finally {
      other.disconnect();
    }
  });

  it('reports the window end and the seconds to wait, and starts afresh in the next window', async () => {
    const windowEnd = Date.UTC(2025, 0, 17, 12, 1, 0) / 1000;
    nowMs = windowEnd * 1000 - 20_500;
    expect(await limiter.consume('key:window', 1)).toEqual({ allowed: true, limit: 1, remaining: 0, resetAt: windowEnd, retryAfterSeconds: 21 });
    const denied = await limiter.consume('key:window', 1);
    expect(denied).toMatchObject({ allowed: false, remaining: 0, resetAt: windowEnd, retryAfterSeconds: 21 });
    nowMs = windowEnd * 1000 - 1;
    expect((await limiter.consume('key:window', 1)).retryAfterSeconds).toBe(1);
    nowMs = windowEnd * 1000;
    expect(await limiter.consume('key:window', 1)).toMatchObject({ allowed: true, remaining: 0, resetAt: windowEnd + 60 });
  });

  it('keeps subjects apart and lets counters expire', async () => {
    await limiter.consume('key:a', 1);
    expect((await limiter.consume('key:b', 1)).allowed).toBe(true);
    const [counter] = await redis.keys(`${prefix}:ratelimit:key:a:*`);
    const ttl = await redis.ttl(counter);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(65);
  });
});
