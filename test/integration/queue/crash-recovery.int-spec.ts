import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { loadConfig } from '../../../src/config/app-config';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/queue/embedded-redis';
import { JobQueues } from '../../../src/queue/job-queues';
import type { CompositorRenderer } from '../../../src/render/compositor/compositor-renderer';
import { LocalStorage } from '../../../src/storage/local-storage';
import { UrlSigner } from '../../../src/storage/url-signer';
import type { TaskTransitions } from '../../../src/tasks/task-transitions';
import { TaskEntity } from '../../../src/tasks/task.entity';
import type { TasksRepository } from '../../../src/tasks/tasks.repository';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { chunkKey, ChunkedRenders } from '../../../src/worker/chunked-render';
import { Reaper } from '../../../src/worker/reaper';
import { RenderProcessor, type RenderProcessorDeps } from '../../../src/worker/render.processor';
import { taskServicesOn } from '../../support/task-services';
import { taskRow } from '../usage/task-rows';

describe('crash recovery without a browser: reaper, attempt limit, hand-back', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-crash-'));
  let redis: EmbeddedRedis;
  let db: Database;
  let jobs: JobQueues;
  let tasks: TasksRepository;
  let transitions: TaskTransitions;
  let reaper: Reaper;
  let processor: RenderProcessor;
  let storage: LocalStorage;
  const now = Date.now();

  beforeAll(async () => {
    redis = await startEmbeddedRedis(dataDir, pino({ level: 'silent' }));
    db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    jobs = new JobQueues({ path: redis.socketPath }, 'crash', 2);
    const services = taskServicesOn(db, jobs, 2);
    ({ tasks, transitions } = services);
    reaper = new Reaper(tasks, services.outbox, jobs, services.dispatcher, pino({ level: 'silent' }), { queuedGraceMs: 30_000, processingSilenceMs: 120_000 });
    storage = new LocalStorage({
      rootDir: join(dataDir, 'storage'),
      publicUrl: 'http://127.0.0.1',
      signer: new UrlSigner('a-secret-of-at-least-32-characters!'),
    });
    const logger = pino({ level: 'silent' });
    // taskRow's timelines last 60 s: four chunks of 15 s each.
    const config = loadConfig({ CHUNK_MIN_SECONDS: '30', CHUNK_SECONDS: '15' });
    const chunks = new ChunkedRenders({ config, logger, jobs, storage, compositor: {} as CompositorRenderer });
    processor = new RenderProcessor({ transitions, workerId: 'test', logger, chunks } as RenderProcessorDeps);
  });
  afterAll(async () => {
    await jobs.close();
    await db.close();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const insert = (fields: Partial<TaskEntity> & Pick<TaskEntity, 'id' | 'createdAt'>) =>
    db.run((m) => m.insert(TaskEntity, taskRow('acc_crash', fields) as never));

  /** Chunk files of attempts 1 to `attempts`, as coordinators that died would have left them. */
  const leaveChunks = (taskId: string, attempts: number) => {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const path = storage.pathOf(chunkKey(taskId, attempt, 1, 'mp4'));
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, 'a chunk');
    }
  };
  const chunksLeft = (taskId: string) => {
    const dir = join(dataDir, 'storage', 'chunks', taskId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('re-enqueues a queued task whose job was lost, and a processing task whose job is gone', async () => {
    await insert({ id: 'tsk_lost_queued', createdAt: now - 60_000, updatedAt: now - 60_000 });
    await insert({ id: 'tsk_young_queued', createdAt: now - 1_000, updatedAt: now - 1_000 });
    await insert({ id: 'tsk_silent', status: 'processing', createdAt: now - 600_000, startedAt: now - 500_000, updatedAt: now - 300_000, renderAttempts: 1 });
    await reaper.run(now);
    const render = jobs.queue('render');
    expect(await render.getJob('tsk_lost_queued')).not.toBeNull();
    expect(await render.getJob('tsk_young_queued')).toBeNull();
    expect(await render.getJob('tsk_silent')).not.toBeNull();
  });

  it('enqueues a webhook event nobody enqueued (Redis was down) once it is overdue by the queued grace, not before', async () => {
    const event = (id: string, taskId: string, dueAt: number): Partial<TaskEventEntity> => ({
      id,
      taskId,
      accountId: 'acc_crash',
      seq: 1,
      type: 'task.queued',
      body: '{}',
      createdAt: dueAt,
      deliveryStatus: 'pending',
      attemptCount: 0,
      nextAttemptAt: dueAt,
      lastHttpStatus: null,
      lastError: null,
      finishedAt: null,
    });
    await db.run((m) =>
      m.insert(TaskEventEntity, [event('evt_overdue', 'tsk_event_overdue', now - 31_000), event('evt_recent', 'tsk_event_recent', now - 5_000)]),
    );
    await reaper.run(now);
    const webhook = jobs.queue('webhook');
    expect(await webhook.getJob('evt_overdue:1')).not.toBeNull();
    expect(await webhook.getJob('evt_recent:1')).toBeNull();
  });

  it('fails a task whose render crashed RENDER_MAX_ATTEMPTS times with WORKER_CRASHED, retry possible', async () => {
    await insert({ id: 'tsk_crashy', status: 'processing', createdAt: now - 10_000, startedAt: now - 9_000, updatedAt: now, renderAttempts: 2 });
    leaveChunks('tsk_crashy', 2);
    expect(chunksLeft('tsk_crashy')).toEqual(['1-1.mp4', '2-1.mp4']);
    await processor.handle('tsk_crashy');
    expect(chunksLeft('tsk_crashy')).toEqual([]);
    const task = await tasks.findById('tsk_crashy');
    expect(task?.status).toBe('failed');
    expect(task?.error).toMatchObject({ code: 'WORKER_CRASHED', retry_possible: true });
    const event = await db.run((m) => m.findOneByOrFail(TaskEventEntity, { taskId: 'tsk_crashy', type: 'task.failed' }));
    expect(JSON.parse(event.body).data.error.code).toBe('WORKER_CRASHED');
  });

  it('removes the chunks of a task that ended while its render job waited to be taken again, and leaves the task as it was', async () => {
    await insert({ id: 'tsk_canceled', status: 'canceled', createdAt: now - 10_000, startedAt: now - 9_000, updatedAt: now, renderAttempts: 1 });
    leaveChunks('tsk_canceled', 1);
    await processor.handle('tsk_canceled');
    expect(chunksLeft('tsk_canceled')).toEqual([]);
    expect((await tasks.findById('tsk_canceled'))?.status).toBe('canceled');
  });

  it('fails a task whose render job Bull gave up on, and removes its chunks', async () => {
    await insert({ id: 'tsk_given_up', status: 'processing', createdAt: now - 10_000, startedAt: now - 9_000, updatedAt: now, renderAttempts: 1 });
    leaveChunks('tsk_given_up', 1);
    await processor.givenUp((await tasks.findById('tsk_given_up')) as TaskEntity, new Error('job stalled more than allowable limit'));
    expect((await tasks.findById('tsk_given_up'))?.status).toBe('failed');
    expect(chunksLeft('tsk_given_up')).toEqual([]);
  });

  it('counts a re-run after a crash as an attempt, and gives it back when a stopping worker hands the render back', async () => {
    await insert({ id: 'tsk_rerun', status: 'processing', createdAt: now - 10_000, startedAt: now - 9_000, updatedAt: now, renderAttempts: 1 });
    const begun = await transitions.start('tsk_rerun', 'worker-b');
    expect(begun.kind).toBe('started');
    expect((await tasks.findById('tsk_rerun'))?.renderAttempts).toBe(2);
    await transitions.handBack(['tsk_rerun']);
    expect((await tasks.findById('tsk_rerun'))?.renderAttempts).toBe(1);
  });
});
