import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import pino from 'pino';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { ServiceMetrics } from '../../../src/metrics/service-metrics';
import { SharedMetricStore } from '../../../src/metrics/shared-metric-store';
import { WorkerMetrics } from '../../../src/metrics/worker-metrics';
import { JobQueues } from '../../../src/queue/job-queues';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import type { TaskStatus } from '../../../src/tasks/task.types';
import { present } from '../../support/present';
import { PrometheusSamples } from '../../support/prometheus-text';
import { insertRows, taskRow } from '../usage/task-rows';

const P = 'render_service_';

/**
 * The /metrics registry against real parts: SQLite for tasks, Bull on the shared
 * Redis (127.0.0.1:6379, under a prefix of this run only) for the backlog, and
 * the Redis metric store that worker processes write to.
 */
describe('ServiceMetrics', () => {
  const prefix = `rs-metrics-test-${process.pid}-${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-metrics-'));
  let redis: Redis;
  let db: Database;
  let jobs: JobQueues;
  let store: SharedMetricStore;
  let now: number;

  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    jobs = new JobQueues({ url: 'redis://127.0.0.1:6379' }, prefix, 3);
    store = new SharedMetricStore(redis, prefix);
  });
  afterAll(async () => {
    await jobs.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function metricsOfOneApiProcess(): ServiceMetrics {
    return new ServiceMetrics({ tasks: new TasksRepository(db), jobs, store, now: () => now });
  }

  async function scrape(metrics: ServiceMetrics): Promise<PrometheusSamples> {
    return new PrometheusSamples(await metrics.scrape());
  }

  it('counts tasks of every account by state, 0 for a state no task has', async () => {
    const statuses: TaskStatus[] = ['queued', 'queued', 'processing', 'completed', 'completed', 'completed', 'failed'];
    await insertRows(
      db,
      TaskEntity,
      statuses.map((status, index) => taskRow(`acc_${index % 2}`, { createdAt: 1_000 + index, status })),
    );
    const samples = await scrape(metricsOfOneApiProcess());
    expect(samples.types.get(`${P}tasks`)).toBe('gauge');
    expect(samples.series(`${P}tasks`).sort((a, b) => a.labels.state.localeCompare(b.labels.state))).toEqual([
      { labels: { state: 'canceled' }, value: 0 },
      { labels: { state: 'completed' }, value: 3 },
      { labels: { state: 'failed' }, value: 1 },
      { labels: { state: 'processing' }, value: 1 },
      { labels: { state: 'queued' }, value: 2 },
    ]);
  });

  it('reports the render backlog by priority, delayed jobs included, with the age of the oldest', async () => {
    await jobs.enqueueRender({ id: 'tsk_high_1', accountId: 'acc', priority: 'high' });
    await jobs.enqueueRender({ id: 'tsk_std_1', accountId: 'acc', priority: 'standard' });
    await jobs.enqueueRender({ id: 'tsk_high_2', accountId: 'acc', priority: 'high' });
    // How a job waits while its account is at its allowance: delayed, with its priority.
    await jobs.queue('render').add({ taskId: 'tsk_low_1', accountId: 'acc' }, { jobId: 'tsk_low_1', priority: 4, delay: 60_000 });
    const enqueuedAt = async (id: string) => present(await jobs.queue('render').getJob(id), `the job ${id}`).timestamp;
    now = (await enqueuedAt('tsk_high_2')) + 90_000;

    const samples = await scrape(metricsOfOneApiProcess());
    const waiting = (priority: string) => samples.value(`${P}queue_waiting_jobs`, { priority });
    const oldest = (priority: string) => samples.value(`${P}queue_oldest_wait_seconds`, { priority });
    expect([waiting('urgent'), waiting('high'), waiting('standard'), waiting('low')]).toEqual([0, 2, 1, 1]);
    expect(oldest('urgent')).toBe(0);
    expect(oldest('high')).toBe((now - (await enqueuedAt('tsk_high_1'))) / 1000);
    expect(oldest('standard')).toBe((now - (await enqueuedAt('tsk_std_1'))) / 1000);
    expect(oldest('low')).toBe((now - (await enqueuedAt('tsk_low_1'))) / 1000);
    expect(oldest('high')).toBeGreaterThanOrEqual(90);
  });

  it('exposes what worker processes recorded in Redis to every API process, and HTTP requests only to their own', async () => {
    const worker = new WorkerMetrics(store, pino({ level: 'silent' }));
    await Promise.all([
      worker.renderFinished({ engine: 'compositor', width: 320, height: 180, frames: 20, seconds: 2 }),
      worker.renderFinished({ engine: 'compositor', width: 320, height: 180, frames: 300, seconds: 10 }),
      worker.renderFinished({ engine: 'remotion', width: 1920, height: 1080, frames: 600, seconds: 100 }),
      worker.mediaDownloaded(1_000),
      worker.mediaDownloaded(24),
      worker.mediaDownloaded(0),
      worker.webhookAttempted('delivered'),
      worker.webhookAttempted('delivered'),
      worker.webhookAttempted('retrying'),
      worker.webhookAttempted('failed'),
    ]);
    // A series of a label set the definition no longer has (an older version's) is left out, not an error.
    await redis.hset(`${prefix}:metrics:${P}webhook_attempts_total`, 'value|["delivered","extra"]', '7');

    const first = metricsOfOneApiProcess();
    const second = metricsOfOneApiProcess();
    first.observeHttp({ method: 'POST', route: '/v3/tasks', status: 201, seconds: 0.03 });
    first.observeHttp({ method: 'POST', route: '/v3/tasks', status: 201, seconds: 0.2 });
    first.observeHttp({ method: 'GET', route: '/v3/tasks/:task_id', status: 404, seconds: 0.004 });

    for (const metrics of [first, second]) {
      const samples = await scrape(metrics);
      const small = { engine: 'compositor', resolution: '480p' };
      const hd = { engine: 'remotion', resolution: '1080p' };
      expect(samples.types.get(`${P}render_duration_seconds`)).toBe('histogram');
      expect(samples.value(`${P}render_duration_seconds_count`, small)).toBe(2);
      expect(samples.value(`${P}render_duration_seconds_sum`, small)).toBe(12);
      expect(samples.value(`${P}render_duration_seconds_bucket`, { ...small, le: '1' })).toBe(0);
      expect(samples.value(`${P}render_duration_seconds_bucket`, { ...small, le: '2' })).toBe(1);
      expect(samples.value(`${P}render_duration_seconds_bucket`, { ...small, le: '10' })).toBe(2);
      expect(samples.value(`${P}render_duration_seconds_bucket`, { ...small, le: '+Inf' })).toBe(2);
      expect(samples.value(`${P}render_duration_seconds_bucket`, { ...hd, le: '60' })).toBe(0);
      expect(samples.value(`${P}render_duration_seconds_bucket`, { ...hd, le: '120' })).toBe(1);
      expect(samples.value(`${P}render_frames_per_second_count`, small)).toBe(2);
      expect(samples.value(`${P}render_frames_per_second_sum`, small)).toBe(40);
      expect(samples.value(`${P}render_frames_per_second_bucket`, { ...small, le: '5' })).toBe(0);
      expect(samples.value(`${P}render_frames_per_second_bucket`, { ...small, le: '10' })).toBe(1);
      expect(samples.value(`${P}render_frames_per_second_bucket`, { ...small, le: '30' })).toBe(2);
      expect(samples.value(`${P}render_frames_per_second_sum`, hd)).toBe(6);
      expect(samples.types.get(`${P}media_download_bytes_total`)).toBe('counter');
      expect(samples.value(`${P}media_download_bytes_total`)).toBe(1_024);
      expect(samples.series(`${P}webhook_attempts_total`).sort((a, b) => a.labels.outcome.localeCompare(b.labels.outcome))).toEqual([
        { labels: { outcome: 'delivered' }, value: 2 },
        { labels: { outcome: 'failed' }, value: 1 },
        { labels: { outcome: 'retrying' }, value: 1 },
      ]);
    }

    const own = await scrape(first);
    expect(own.value(`${P}http_requests_total`, { method: 'POST', route: '/v3/tasks', status: '201' })).toBe(2);
    expect(own.value(`${P}http_requests_total`, { method: 'GET', route: '/v3/tasks/:task_id', status: '404' })).toBe(1);
    expect(own.value(`${P}http_request_duration_seconds_bucket`, { method: 'POST', route: '/v3/tasks', status: '201', le: '0.05' })).toBe(1);
    expect(own.value(`${P}http_request_duration_seconds_bucket`, { method: 'POST', route: '/v3/tasks', status: '201', le: '0.25' })).toBe(2);
    expect((await scrape(second)).series(`${P}http_requests_total`)).toEqual([]);
  });
});
