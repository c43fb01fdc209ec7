import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { embeddedRedisSocket } from '../queue/embedded-redis';
import { createCommandClient, type RedisTarget, whenConnected } from '../queue/redis-target';

/**
 * Longest an API process keeps a key's principal before reading the key again.
 * It bounds how long a revoked or rotated key can keep working when the
 * announcement of the change did not reach Redis (see docs/auth.md).
 */
export const PRINCIPAL_CACHE_SECONDS = 5;

/** Tells every API process that a key changed, so that none keeps serving a principal it read before. */
export interface KeyChangeAnnouncer {
  announce(): Promise<void>;
}

/** For processes that serve no requests and hold no principals (tests of the key store alone). */
export const NO_ANNOUNCER: KeyChangeAnnouncer = { announce: async () => undefined };

/** A revoke or rotate committed in the database whose announcement failed. */
export class KeyChangeNotAnnounced extends Error {
  constructor(keyId: string, change: 'revoked' | 'rotated', cause: unknown) {
    super(
      `key ${keyId} is ${change} in the database, but the API processes could not be told (${reasonOf(cause)}): ` +
        `a process that authenticated the key in the last ${PRINCIPAL_CACHE_SECONDS} s accepts it for up to ${PRINCIPAL_CACHE_SECONDS} s more; ` +
        'run the command again once Redis answers',
    );
  }
}

function reasonOf(cause: unknown): string {
  return (cause instanceof Error ? cause.message : String(cause)).replace(/\s*\n\s*/g, ' ');
}

/**
 * The key generation: one Redis value, replaced by a fresh random one after every
 * revoke and rotate. A process labels each principal it reads from the database
 * with the generation it had seen before that read, and reads the generation
 * again in the same round trip as every request's rate-limit count: a principal
 * whose label differs is read again. So a change announced before a request is
 * seen by that request on every process, at no extra round trip. Random values
 * (not a counter) so a Redis that lost the value can never bring an old label back.
 */
export class KeyGeneration implements KeyChangeAnnouncer {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.key = `${prefix}:auth:key-generation`;
  }

  read(): Promise<string | null> {
    return this.redis.get(this.key);
  }

  async announce(): Promise<void> {
    await this.redis.set(this.key, randomBytes(12).toString('hex'));
  }
}

/** How long the key CLI waits for Redis before reporting that it could not announce. */
const CLI_CONNECT_WAIT_MS = 3_000;

/**
 * The key CLI's announcer: connects to the service's Redis only when a change is
 * announced (create, list and credits never need it). With the private Redis
 * (no REDIS_URL), a socket that is missing or does not answer means no API
 * process can be serving: each one needs that Redis for every request's rate
 * limit and answers 503 without it. So there is nobody to tell.
 */
export class CliKeyAnnouncer implements KeyChangeAnnouncer {
  constructor(private readonly config: Pick<AppConfig, 'redisUrl' | 'redisPrefix' | 'dataDir'>) {}

  async announce(): Promise<void> {
    const target: RedisTarget = this.config.redisUrl ? { url: this.config.redisUrl } : { path: embeddedRedisSocket(this.config.dataDir) };
    const privateRedis = 'path' in target;
    if (privateRedis && !existsSync(target.path)) return;
    const client = createCommandClient(target);
    try {
      if (!(await whenConnected(client, CLI_CONNECT_WAIT_MS))) {
        if (privateRedis) return;
        throw new Error(`Redis did not answer within ${CLI_CONNECT_WAIT_MS / 1000} s`);
      }
      await new KeyGeneration(client, this.config.redisPrefix).announce();
    } finally {
      client.disconnect();
    }
  }
}
