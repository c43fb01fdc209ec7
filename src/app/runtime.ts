import { mkdirSync } from 'node:fs';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { ApiKeysService } from '../auth/api-keys.service';
import type { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { openDatabase } from '../database/data-source';
import { EmbeddedRedis, startEmbeddedRedis } from '../queue/embedded-redis';
import { JobQueues } from '../queue/job-queues';
import { RedisTarget, createCommandClient, whenConnected } from '../queue/redis-target';
import { createOutputStorage } from '../storage/create-output-storage';
import type { OutputStorage } from '../storage/output-storage';
import { loadSigningSecret } from './signing-secret';
import { createLogger } from './logger';

/**
 * Everything both roles share, built once per process before Nest or the
 * workers start: configuration, logger, database (migrated), Redis (the
 * private child in the embedded default), queues and storage.
 */
export interface Runtime {
  config: AppConfig;
  logger: Logger;
  db: Database;
  redisTarget: RedisTarget;
  commandRedis: Redis;
  jobs: JobQueues;
  storage: OutputStorage;
  signingSecret: string;
  keys: ApiKeysService;
  close(): Promise<void>;
}

export async function createRuntime(config: AppConfig, logger: Logger = createLogger(config)): Promise<Runtime> {
  mkdirSync(config.dataDir, { recursive: true });
  let embedded: EmbeddedRedis | null = null;
  const closers: Array<() => Promise<unknown>> = [];
  try {
    if (!config.redisUrl) {
      embedded = await startEmbeddedRedis(config.dataDir);
      logger.info({ socket: embedded.socketPath }, 'private redis-server started');
    }
    const redisTarget: RedisTarget = config.redisUrl ? { url: config.redisUrl } : { path: embedded!.socketPath };
    const db = new Database(await openDatabase(config));
    closers.push(() => db.close());
    const commandRedis = createCommandClient(redisTarget);
    closers.push(async () => commandRedis.disconnect());
    if (!(await whenConnected(commandRedis, REDIS_CONNECT_WAIT_MS))) {
      // Requests get 503 until Redis answers; the client keeps reconnecting.
      logger.warn('Redis is not reachable yet; starting anyway');
    }
    const jobs = new JobQueues(redisTarget, config.redisPrefix, config.renderMaxAttempts, {
      lockDurationMs: config.bullLockDurationMs,
      stalledIntervalMs: config.bullStalledIntervalMs,
    });
    closers.push(() => jobs.close());
    const signingSecret = loadSigningSecret(config);
    const storage = createOutputStorage(config, signingSecret);
    const keys = new ApiKeysService(db.dataSource, config.apiKeyPrefix);
    return {
      config,
      logger,
      db,
      redisTarget,
      commandRedis,
      jobs,
      storage,
      signingSecret,
      keys,
      close: () => closeAll(closers, embedded),
    };
  } catch (error) {
    await closeAll(closers, embedded);
    throw error;
  }
}

/** How long start-up waits for Redis before serving anyway (requests then get 503 until it answers). */
const REDIS_CONNECT_WAIT_MS = 10_000;

/** Longest one connection may take to close: a queue still waiting on a handed-back job must not keep the private Redis alive. */
const CLOSE_STEP_MS = 5_000;

async function closeAll(closers: Array<() => Promise<unknown>>, embedded: EmbeddedRedis | null): Promise<void> {
  for (const close of [...closers].reverse()) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([close().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_STEP_MS)))]);
    clearTimeout(timer);
  }
  await embedded?.stop();
}
