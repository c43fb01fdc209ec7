import Redis from 'ioredis';
import type { JobHandlers, JobPayloads } from '../../../src/queue/job-registry';
import { JobQueues } from '../../../src/queue/job-queues';

const idle = { concurrency: 1, handle: async () => undefined };

/** A handler for every declared kind that does nothing; tests replace the ones they watch. */
function idleHandlers(): JobHandlers {
  return { render: idle, webhook: idle, 'retention-sweep': idle, reaper: idle, 'input-cache-sweep': idle };
}

/** Against the shared Redis on 127.0.0.1:6379, under a prefix of this run only. */
describe('JobQueues.start on Redis', () => {
  const prefix = `rs-registry-test-${process.pid}-${Date.now()}`;
  let redis: Redis;
  let jobs: JobQueues;

  beforeAll(() => {
    redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    jobs = new JobQueues({ url: 'redis://127.0.0.1:6379' }, prefix, 3);
  });
  afterAll(async () => {
    await jobs.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('refuses a handler set that misses a kind, and one with a kind nobody declared, naming it', () => {
    const { reaper: _reaper, ...withoutReaper } = idleHandlers();
    expect(() => jobs.start(withoutReaper as unknown as JobHandlers)).toThrow('job kind "reaper" has no handler');
    const withExtra = { ...idleHandlers(), thumbnail: idle };
    expect(() => jobs.start(withExtra as JobHandlers)).toThrow('handler "thumbnail" names no declared job kind');
  });

  it('after the refusals, starts with one handler per kind: an enqueued render reaches the render handler with its payload', async () => {
    let deliver: (payload: JobPayloads['render']) => void = () => undefined;
    const received = new Promise<JobPayloads['render']>((resolve) => (deliver = resolve));
    jobs.start({ ...idleHandlers(), render: { concurrency: 1, handle: async (payload) => deliver(payload) } });
    await jobs.enqueueRender({ id: 'tsk_registry', accountId: 'acc_registry', priority: 'high' });
    expect(await received).toEqual({ taskId: 'tsk_registry', accountId: 'acc_registry' });
    expect(() => jobs.start(idleHandlers())).toThrow('the job handlers are already registered');
  });
});
