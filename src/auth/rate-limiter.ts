import type Redis from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window ends. */
  resetAt: number;
  retryAfterSeconds: number;
}

const WINDOW_SECONDS = 60;

/**
 * INCR and the first-use expiry in one script, so that concurrent requests on any
 * number of API processes are counted exactly once each.
 */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Fixed 60-second windows per subject (an API key, or the client IP for unauthenticated calls), kept in Redis. */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async consume(subject: string, limit: number): Promise<RateDecision> {
    const nowSeconds = Math.floor(this.nowMs() / 1000);
    const windowStart = nowSeconds - (nowSeconds % WINDOW_SECONDS);
    const resetAt = windowStart + WINDOW_SECONDS;
    const key = `${this.prefix}:ratelimit:${subject}:${windowStart}`;
    const count = Number(await this.redis.eval(COUNT_SCRIPT, 1, key, String(WINDOW_SECONDS + 5)));
    const allowed = count <= limit;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      resetAt,
      retryAfterSeconds: Math.max(1, resetAt - nowSeconds),
    };
  }
}
