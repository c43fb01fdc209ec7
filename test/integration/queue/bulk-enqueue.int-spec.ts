import type Redis from 'ioredis';
import { queuesOnSharedRedis } from './shared-redis-queues';

/** Redis's own count of a command's calls (INFO commandstats), so the test sees the round trips, not our code's idea of them. */
async function calls(redis: Redis, command: string): Promise<number> {
  const info = await redis.info('commandstats');
  return Number(new RegExp(`^cmdstat_${command}:calls=(\\d+)`, 'm').exec(info)?.[1] ?? 0);
}

/** No worker, so the jobs stay queued. */
describe('enqueueing in bulk on Redis', () => {
  const shared = queuesOnSharedRedis('bulk');

  it('sends renders enqueued together as one MULTI, each job with its own id, payload and priority', async () => {
    const { redis, jobs } = shared;
    await jobs.enqueueRender({ id: 'tsk_warm', accountId: 'acc_bulk', priority: 'standard' });
    const before = await calls(redis, 'exec');
    const priorities = ['urgent', 'high', 'standard', 'low'] as const;
    const tasks = Array.from({ length: 20 }, (_, i) => ({ id: `tsk_bulk_${i}`, accountId: 'acc_bulk', priority: priorities[i % 4] }));
    await Promise.all(tasks.map((task) => jobs.enqueueRender(task)));
    // A single add is a script call outside any MULTI (no EXEC at all); a batch is one MULTI. Other clients
    // of the shared Redis may run a MULTI meanwhile: a few at most, never one per job.
    const execs = (await calls(redis, 'exec')) - before;
    expect(execs).toBeGreaterThanOrEqual(1);
    expect(execs).toBeLessThan(5);
    const queue = jobs.queue('render');
    const stored = await Promise.all(tasks.map((task) => queue.getJob(task.id)));
    expect(stored.map((job) => [job?.id, job?.data, job?.opts.priority])).toEqual(
      // Bull's priorities: urgent 1, high 2, standard 3, low 4, in the order of `priorities`.
      tasks.map((task, i) => [task.id, { taskId: task.id, accountId: 'acc_bulk' }, (i % 4) + 1]),
    );
  });

  it('keeps one job per task id when the same render is enqueued twice in one batch', async () => {
    const { jobs } = shared;
    await Promise.all([1, 2].map(() => jobs.enqueueRender({ id: 'tsk_twice', accountId: 'acc_bulk', priority: 'low' })));
    const waiting = await jobs.queue('render').getJobs(['waiting']);
    expect(waiting.filter((job) => job?.id === 'tsk_twice')).toHaveLength(1);
  });
});
