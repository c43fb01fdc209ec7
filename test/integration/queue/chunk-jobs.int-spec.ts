import type { ChunkJob, ChunkOutcome, JobHandlers } from '../../../src/queue/job-registry';
import { queuesOnSharedRedis } from './shared-redis-queues';

jest.setTimeout(60_000);

const idle = { concurrency: 1, handle: async () => undefined };
const RENDERED: ChunkOutcome = { kind: 'rendered', key: 'chunks/tsk_chunk_jobs/1-0.mp4', engine: 'compositor', workerId: 'wrk_test' };

const chunk = (index: number): ChunkJob => ({ taskId: 'tsk_chunk_jobs', attempt: 1, index, fromFrame: index * 10, toFrame: index * 10 + 10 });

/**
 * A chunk job that throws could not begin (its task unreadable during a database restart, say): Bull
 * tries it again after 1, 2 and 4 s, and the coordinator sees it pending meanwhile, so a short outage
 * does not fail the task; four failures in a row end it as crashed, with the reason.
 */
describe('render-chunk jobs on Redis', () => {
  const shared = queuesOnSharedRedis('chunk-jobs');
  const calls = new Map<number, number>();

  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; seen: T[] }> => {
    const seen: T[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      seen.push(value);
      if (done(value)) return { value, seen };
      if (Date.now() > deadline) throw new Error(`no end after ${timeoutMs} ms; last ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(() => {
    const handlers: JobHandlers = {
      render: idle,
      'render-chunk': {
        concurrency: 1,
        handle: async (job) => {
          const call = (calls.get(job.index) ?? 0) + 1;
          calls.set(job.index, call);
          // Chunk 0 meets the outage once; chunk 1 for good.
          if (job.index === 1 || call === 1) throw new Error('database unavailable');
          return RENDERED;
        },
      },
      webhook: idle,
      'retention-sweep': idle,
      reaper: idle,
      'input-cache-sweep': idle,
    };
    shared.jobs.start(handlers);
  });

  it('tries a chunk that could not begin again, pending meanwhile, and reports the outcome of the try that worked', async () => {
    await shared.jobs.enqueueChunk(chunk(0), 'standard');
    const { value, seen } = await until(
      () => shared.jobs.chunkState('tsk_chunk_jobs', 1, 0),
      (state) => state.kind !== 'pending',
      10_000,
    );
    expect(value).toEqual({ kind: 'ended', outcome: RENDERED });
    expect(calls.get(0)).toBe(2);
    // Between the failed try and the next one (1 s later) the coordinator was told it is still pending.
    expect(seen.filter((state) => state.kind === 'pending').length).toBeGreaterThan(5);
  });

  it('ends a chunk that fails four times in a row as crashed, with the reason', async () => {
    await shared.jobs.enqueueChunk(chunk(1), 'standard');
    const { value } = await until(
      () => shared.jobs.chunkState('tsk_chunk_jobs', 1, 1),
      (state) => state.kind !== 'pending',
      20_000,
    );
    expect(value).toEqual({ kind: 'crashed', reason: 'database unavailable' });
    expect(calls.get(1)).toBe(4);
  });
});
