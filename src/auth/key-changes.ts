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

/** How long an announcement waits for every listening API process to confirm it. */
const ACK_WAIT_MS = 2_000;
const ACK_POLL_MS = 2;

/**
 * The key generation: one Redis value, replaced by a fresh random one after every
 * revoke and rotate and published to every API process (KeyChangeListener). A
 * process labels each principal it reads from the database with the generation it
 * had seen before that read; a principal whose label differs from the current
 * generation is read again. An announcement returns once every listening process
 * has confirmed that it holds the new generation, so a change is seen by every
 * request that starts after it returns, on every process. A process that is not
 * listening (its subscription is down) reads the generation in Redis on every
 * request instead. Random values (not a counter) so a Redis that lost the value
 * can never bring an old label back.
 */
export class KeyGeneration implements KeyChangeAnnouncer {
  private readonly key: string;
  /** The pub/sub channel the generations are published on. */
  readonly channel: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.key = `${prefix}:auth:key-generation`;
    this.channel = `${prefix}:auth:key-changes`;
  }

  read(): Promise<string | null> {
    return this.redis.get(this.key);
  }

  async announce(): Promise<void> {
    const generation = randomBytes(12).toString('hex');
    await this.redis.set(this.key, generation);
    const listeners = Number(await this.redis.publish(this.channel, generation));
    await this.confirmedBy(generation, listeners);
  }

  /** A listener's confirmation that it holds `generation`. */
  async acknowledge(generation: string): Promise<void> {
    await this.redis.multi().rpush(this.acks(generation), '1').expire(this.acks(generation), 60).exec();
  }

  private async confirmedBy(generation: string, listeners: number): Promise<void> {
    const deadline = Date.now() + ACK_WAIT_MS;
    try {
      for (;;) {
        const confirmed = await this.redis.llen(this.acks(generation));
        if (confirmed >= listeners) return;
        if (Date.now() >= deadline) throw new Error(`${listeners - confirmed} of ${listeners} API processes did not confirm within ${ACK_WAIT_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, ACK_POLL_MS));
      }
    } finally {
      await this.redis.del(this.acks(generation)).catch(() => undefined);
    }
  }

  private acks(generation: string): string {
    return `${this.prefix}:auth:key-change-acks:${generation}`;
  }
}

/** How long a listener waits before subscribing again after a failed attempt. */
const RELISTEN_MS = 1_000;

/**
 * An API process's view of the key generation, kept current by the announcements
 * published on Redis, so that its requests need not read it. While the
 * subscription is down (Redis restarting, the connection lost) every request
 * reads the generation in Redis, as the announcement cannot reach this process.
 */
export class KeyChangeListener {
  private known: string | null = null;
  private live = false;
  private announcements = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly subscriber: Redis,
    private readonly generations: KeyGeneration,
  ) {}

  start(): void {
    this.subscriber.on('message', (channel: string, generation: string) => {
      if (channel === this.generations.channel) this.changed(generation);
    });
    this.subscriber.on('ready', () => void this.listen());
    this.subscriber.on('close', () => {
      this.live = false;
    });
    if (this.subscriber.status === 'ready') void this.listen();
  }

  read(): Promise<string | null> {
    return this.live ? Promise.resolve(this.known) : this.generations.read();
  }

  /** Whether announcements reach this process (else every request reads the generation in Redis). */
  get listening(): boolean {
    return this.live;
  }

  stop(): void {
    if (this.retry) clearTimeout(this.retry);
    this.subscriber.disconnect();
  }

  /** Announcements before the subscription took effect are in the generation read after it. */
  private async listen(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.generations.channel);
      const before = this.announcements;
      const current = await this.generations.read();
      if (this.announcements === before) this.known = current;
      this.live = true;
    } catch {
      if (this.subscriber.status === 'ready') this.retry = setTimeout(() => void this.listen(), RELISTEN_MS);
    }
  }

  private changed(generation: string): void {
    this.known = generation;
    this.announcements += 1;
    // Unconfirmed, the announcement reports after its wait that this process may keep the key for a few seconds more.
    this.generations.acknowledge(generation).catch(() => undefined);
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
