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

  it('explains a missing redis-server binary', async () => {
    await expect(startEmbeddedRedis(dataDir, 'redis-server-that-does-not-exist')).rejects.toThrow(/install it .*or set REDIS_URL/);
  });
});
