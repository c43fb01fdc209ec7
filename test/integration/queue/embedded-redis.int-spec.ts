import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobQueues } from '../../../src/queue/job-queues';
import { startEmbeddedRedis } from '../../../src/queue/embedded-redis';

describe('the private redis-server of the embedded default', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-redis-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers on a unix socket, keeps queued jobs across a restart (AOF), and stops', async () => {
    const first = await startEmbeddedRedis(dataDir);
    expect(existsSync(first.socketPath)).toBe(true);
    const jobs = new JobQueues({ path: first.socketPath }, 'test', 3);
    await jobs.enqueueRender({ id: 'tsk_persisted', accountId: 'acc', priority: 'high' });
    await jobs.close();
    await first.stop();
    expect(existsSync(join(dataDir, 'redis', 'appendonlydir'))).toBe(true);

    const second = await startEmbeddedRedis(dataDir);
    const reopened = new JobQueues({ path: second.socketPath }, 'test', 3);
    const job = await reopened.queue('render').getJob('tsk_persisted');
    expect(job?.data).toEqual({ taskId: 'tsk_persisted', accountId: 'acc' });
    expect(job?.opts.priority).toBe(2);
    await reopened.close();
    await second.stop();
  });

  it('shuts down an orphaned redis-server left on its socket by a killed run, then starts its own', async () => {
    const orphan = await startEmbeddedRedis(dataDir);
    const jobs = new JobQueues({ path: orphan.socketPath }, 'orphan', 3);
    await jobs.enqueueRender({ id: 'tsk_orphaned', accountId: 'acc', priority: 'low' });
    await jobs.close();
    // The parent "dies" without stopping its child: start again on the same data dir.
    const next = await startEmbeddedRedis(dataDir);
    expect(() => process.kill(orphan.pid, 0)).toThrow();
    const reopened = new JobQueues({ path: next.socketPath }, 'orphan', 3);
    expect((await reopened.queue('render').getJob('tsk_orphaned'))?.data.taskId).toBe('tsk_orphaned');
    await reopened.close();
    await next.stop();
    await orphan.stop();
  });

  it('explains a missing redis-server binary', async () => {
    await expect(startEmbeddedRedis(dataDir, 'redis-server-that-does-not-exist')).rejects.toThrow(/install it .*or set REDIS_URL/);
  });
});
