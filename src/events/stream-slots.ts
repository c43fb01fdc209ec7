import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/** Redis's own clock, so that API processes with skewed clocks agree on when a lease ends. */
const NOW_MS = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops expired leases, then takes one if fewer than ARGV[1] are held. */
const ACQUIRE_SCRIPT = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** Extends a lease still held (XX: a released one is never brought back). */
const RENEW_SCRIPT = `${NOW_MS}
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

export interface StreamSlot {
  release(): Promise<void>;
}

/**
 * Counts the open streams of each API key across every API process: a sorted set
 * per key of leases that end unless renewed, so a process that dies holding
 * streams frees them within one lease instead of never.
 */
export class StreamSlots {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly leaseMs = 60_000,
  ) {}

  /** A slot of `subject`'s `limit`, renewed until released; null when all are taken. */
  async acquire(subject: string, limit: number): Promise<StreamSlot | null> {
    const key = `${this.prefix}:event-streams:${subject}`;
    const lease = randomUUID();
    const taken = Number(await this.redis.eval(ACQUIRE_SCRIPT, 1, key, String(limit), lease, String(this.leaseMs)));
    if (taken !== 1) return null;
    const renewal = setInterval(
      () => {
        this.redis.eval(RENEW_SCRIPT, 1, key, lease, String(this.leaseMs)).catch(() => undefined);
      },
      Math.floor(this.leaseMs / 3),
    );
    renewal.unref();
    return {
      release: async () => {
        clearInterval(renewal);
        await this.redis.zrem(key, lease);
      },
    };
  }
}
