import Redis from 'ioredis';
import { JobQueues } from '../../../src/queue/job-queues';

/**
 * Job queues on the shared Redis on 127.0.0.1:6379 under a prefix of this run
 * only, with a plain client beside them; the prefix's keys are removed after
 * the suite. Call inside a `describe`; read the fields in tests.
 */
export function queuesOnSharedRedis(name: string): { redis: Redis; jobs: JobQueues } {
  const prefix = `rs-${name}-test-${process.pid}-${Date.now()}`;
  const shared = {} as { redis: Redis; jobs: JobQueues };
  beforeAll(() => {
    shared.redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    shared.jobs = new JobQueues({ url: 'redis://127.0.0.1:6379' }, prefix, 3);
  });
  afterAll(async () => {
    await shared.jobs.close();
    const keys = await shared.redis.keys(`${prefix}:*`);
    if (keys.length) await shared.redis.del(...keys);
    shared.redis.disconnect();
  });
  return shared;
}
