import Redis, { type RedisOptions } from 'ioredis';

/** Where Redis is: a shared server (REDIS_URL) or the private one's unix socket. */
export type RedisTarget = { url: string } | { path: string };

export function redisOptions(target: RedisTarget): RedisOptions {
  return 'path' in target ? { path: target.path } : {};
}

/**
 * A client for request-time commands (rate limits, readiness): no offline queue
 * and a command timeout, so that a Redis outage gives a fast 503 instead of a hang.
 */
export function createCommandClient(target: RedisTarget): Redis {
  const options: RedisOptions = {
    ...redisOptions(target),
    enableOfflineQueue: false,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  };
  const client = 'url' in target ? new Redis(target.url, options) : new Redis(options);
  client.on('error', () => undefined);
  return client;
}

/**
 * A client for pub/sub: it keeps reconnecting, and its owner subscribes again on
 * every 'ready' (no automatic resubscription, so the owner knows when the
 * subscription is back and what it may have missed).
 */
export function createSubscriberClient(target: RedisTarget): Redis {
  const options: RedisOptions = {
    ...redisOptions(target),
    autoResubscribe: false,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  };
  const client = 'url' in target ? new Redis(target.url, options) : new Redis(options);
  client.on('error', () => undefined);
  return client;
}

/**
 * Resolves once the client is connected (or after `timeoutMs`): with no offline
 * queue, a command sent before the connection is up fails at once, so the API
 * must not take requests before this.
 */
export function whenConnected(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', onReady);
  });
}
