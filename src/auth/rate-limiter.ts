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
 * INCRBY and the first-use expiry in one script, so that concurrent leases on any
 * number of API processes are counted exactly once each.
 */
const LEASE_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return count`;

/** A lease used up faster than this doubles; one that lasts longer than LEASE_SLOW_MS halves. */
const LEASE_FAST_MS = 100;
const LEASE_SLOW_MS = 1_000;
const MAX_LEASE = 1_000;
/** A lease never takes more than this share of what is left of the window, so a process holds back little of it. */
const LEASE_SHARE_OF_REST = 1 / 64;
/** Past this many subjects, those of ended windows are forgotten. */
const MAX_SUBJECTS = 10_000;

/** One subject's window as this process knows it: the counts it leased and has not handed out yet. */
interface WindowLease {
  start: number;
  /** The next count to hand out, and the last one leased: the window's total in Redis as of the last lease. */
  next: number;
  end: number;
  size: number;
  leasedAt: number;
  pending: Promise<void> | null;
}

/**
 * Fixed 60-second windows per subject (an API key, or the client IP for
 * unauthenticated calls), counted in Redis. A process takes counts from Redis in
 * leases and hands them out locally: one at a time for a subject it sees now and
 * then (so counting is exact, and X-RateLimit-Remaining falls by one per request
 * across processes), growing while the leases are used up within LEASE_FAST_MS,
 * so a client polling hard costs Redis a round trip per lease, not per request.
 * A limit is never exceeded: a count is handed out once, on one process. With
 * several processes, counts a process leased but did not use by the end of the
 * window are lost to the others, at most 1/64 of what was left when it leased.
 */
export class RateLimiter {
  private readonly windows = new Map<string, WindowLease>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async consume(subject: string, limit: number): Promise<RateDecision> {
    const nowSeconds = Math.floor(this.nowMs() / 1000);
    const window = this.window(subject, windowStart(nowSeconds));
    for (;;) {
      if (window.next <= window.end) return decision(window.next++, limit, window.start, nowSeconds);
      // Counts never fall within a window: once Redis says it is full, it stays full.
      if (window.end >= limit) return decision(window.end + 1, limit, window.start, nowSeconds);
      window.pending ??= this.lease(subject, window, limit).finally(() => {
        window.pending = null;
      });
      await window.pending;
    }
  }

  /**
   * Whether this process already knows that the subject's next request in this window is refused: then
   * `consume` answers without Redis, and a caller can refuse before costly work. False when only another
   * process knows it yet.
   */
  isUsedUp(subject: string, limit: number): boolean {
    const window = this.windows.get(subject);
    // Counts are handed out in order, so once the next one is over the limit, so is every later one.
    return window?.start === windowStart(Math.floor(this.nowMs() / 1000)) && window.next > limit;
  }

  private window(subject: string, start: number): WindowLease {
    const known = this.windows.get(subject);
    if (known?.start === start) return known;
    if (this.windows.size >= MAX_SUBJECTS) for (const [other, window] of this.windows) if (window.start !== start) this.windows.delete(other);
    const window: WindowLease = { start, next: 1, end: 0, size: 1, leasedAt: 0, pending: null };
    this.windows.set(subject, window);
    return window;
  }

  private async lease(subject: string, window: WindowLease, limit: number): Promise<void> {
    const now = this.nowMs();
    const lasted = now - window.leasedAt;
    if (window.leasedAt > 0 && lasted < LEASE_FAST_MS) window.size *= 2;
    else if (lasted > LEASE_SLOW_MS) window.size = Math.ceil(window.size / 2);
    window.size = Math.max(1, Math.min(window.size, MAX_LEASE, Math.floor((limit - window.end) * LEASE_SHARE_OF_REST)));
    const key = `${this.prefix}:ratelimit:${subject}:${window.start}`;
    const total = Number(await this.redis.eval(LEASE_SCRIPT, 1, key, String(window.size), String(WINDOW_SECONDS + 5)));
    window.next = total - window.size + 1;
    window.end = total;
    window.leasedAt = now;
  }
}

function windowStart(nowSeconds: number): number {
  return nowSeconds - (nowSeconds % WINDOW_SECONDS);
}

function decision(count: number, limit: number, start: number, nowSeconds: number): RateDecision {
  const resetAt = start + WINDOW_SECONDS;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetAt,
    retryAfterSeconds: Math.max(1, resetAt - nowSeconds),
  };
}
