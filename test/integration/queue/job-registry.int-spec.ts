import type { JobHandlers, JobPayloads } from '../../../src/queue/job-registry';
import { queuesOnSharedRedis } from './shared-redis-queues';

const idle = { concurrency: 1, handle: async () => undefined };

/** A handler for every declared kind that does nothing; tests replace the ones they watch. */
function idleHandlers(): JobHandlers {
  return {
    render: idle,
    'render-chunk': { concurrency: 1, handle: async () => ({ kind: 'stopped' }) },
    webhook: idle,
    'retention-sweep': idle,
    reaper: idle,
    'input-cache-sweep': idle,
  };
}

describe('JobQueues.start on Redis', () => {
  const shared = queuesOnSharedRedis('registry');

  it('refuses a handler set that misses a kind, and one with a kind nobody declared, naming it', () => {
    const { jobs } = shared;
    const { reaper: _reaper, ...withoutReaper } = idleHandlers();
    expect(() => jobs.start(withoutReaper as unknown as JobHandlers)).toThrow('job kind "reaper" has no handler');
    const withExtra = { ...idleHandlers(), thumbnail: idle };
    expect(() => jobs.start(withExtra as JobHandlers)).toThrow('handler "thumbnail" names no declared job kind');
  });

  it('after the refusals, starts with one handler per kind: an enqueued render reaches the render handler with its payload', async () => {
    const { jobs } = shared;
    let deliver: (payload: JobPayloads['render']) => void = () => undefined;
    const received = new Promise<JobPayloads['render']>((resolve) => (deliver = resolve));
    jobs.start({ ...idleHandlers(), render: { concurrency: 1, handle: async (payload) => deliver(payload) } });
    await jobs.enqueueRender({ id: 'tsk_registry', accountId: 'acc_registry', priority: 'high' });
    expect(await received).toEqual({ taskId: 'tsk_registry', accountId: 'acc_registry' });
    expect(() => jobs.start(idleHandlers())).toThrow('the job handlers are already registered');
  });
});
