import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { AccountsRepository } from '../../../src/auth/accounts.repository';
import { CreditsService } from '../../../src/auth/credits.service';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/queue/embedded-redis';
import { JobQueues } from '../../../src/queue/job-queues';
import { StoredObjectsRepository } from '../../../src/retention/stored-objects.repository';
import { TaskLifecycle } from '../../../src/tasks/task-lifecycle';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { TaskEventsRepository } from '../../../src/tasks/task-events.repository';
import { WebhookDispatcher } from '../../../src/webhooks/webhook-dispatcher';
import { Reaper } from '../../../src/worker/reaper';
import { RenderProcessor, type RenderProcessorDeps } from '../../../src/worker/render.processor';
import { taskRow } from '../usage/task-rows';

describe('crash recovery without a browser: reaper, attempt limit, hand-back', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-crash-'));
  let redis: EmbeddedRedis;
  let db: Database;
  let jobs: JobQueues;
  let tasks: TasksRepository;
  let lifecycle: TaskLifecycle;
  let reaper: Reaper;
  const now = Date.now();

  beforeAll(async () => {
    redis = await startEmbeddedRedis(dataDir);
    db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    jobs = new JobQueues({ path: redis.socketPath }, 'crash', 2);
    tasks = new TasksRepository(db);
    const accounts = new AccountsRepository(db);
    const outbox = new TaskEventsRepository(db);
    const dispatcher = new WebhookDispatcher(outbox, jobs);
    lifecycle = new TaskLifecycle({
      db,
      tasks,
      accounts,
      outbox,
      storedObjects: new StoredObjectsRepository(db),
      credits: new CreditsService(accounts),
      events: dispatcher,
      signer: { signedUrl: async () => 'https://signed' },
      maxAttempts: 2,
    });
    reaper = new Reaper(tasks, outbox, jobs, dispatcher, pino({ level: 'silent' }), { queuedGraceMs: 30_000, processingSilenceMs: 120_000 });
  });
  afterAll(async () => {
    await jobs.close();
    await db.close();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const insert = (fields: Partial<TaskEntity> & Pick<TaskEntity, 'id' | 'createdAt'>) =>
    db
      .manager()
      .getRepository(TaskEntity)
      .insert(taskRow('acc_crash', fields) as never);

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
    const events = db.manager().getRepository(TaskEventEntity);
    await events.insert(event('evt_overdue', 'tsk_event_overdue', now - 31_000));
    await events.insert(event('evt_recent', 'tsk_event_recent', now - 5_000));
    await reaper.run(now);
    const webhook = jobs.queue('webhook');
    expect(await webhook.getJob('evt_overdue:1')).not.toBeNull();
    expect(await webhook.getJob('evt_recent:1')).toBeNull();
  });

  it('fails a task whose render crashed RENDER_MAX_ATTEMPTS times with WORKER_CRASHED, retry possible', async () => {
    await insert({ id: 'tsk_crashy', status: 'processing', createdAt: now - 10_000, startedAt: now - 9_000, updatedAt: now, renderAttempts: 2 });
    const processor = new RenderProcessor({ lifecycle, workerId: 'test', logger: pino({ level: 'silent' }) } as RenderProcessorDeps);
    await processor.handle('tsk_crashy');
    const task = await tasks.findById('tsk_crashy');
    expect(task?.status).toBe('failed');
    expect(task?.error).toMatchObject({ code: 'WORKER_CRASHED', retry_possible: true });
    const event = await db.manager().getRepository(TaskEventEntity).findOneByOrFail({ taskId: 'tsk_crashy', type: 'task.failed' });
    expect(JSON.parse(event.body).data.error.code).toBe('WORKER_CRASHED');
  });

  it('counts a re-run after a crash as an attempt, and gives it back when a stopping worker hands the render back', async () => {
    await insert({ id: 'tsk_rerun', status: 'processing', createdAt: now - 10_000, startedAt: now - 9_000, updatedAt: now, renderAttempts: 1 });
    const begun = await lifecycle.begin('tsk_rerun', 'worker-b');
    expect(begun.kind).toBe('started');
    expect((await tasks.findById('tsk_rerun'))?.renderAttempts).toBe(2);
    await lifecycle.handBack(['tsk_rerun']);
    expect((await tasks.findById('tsk_rerun'))?.renderAttempts).toBe(1);
  });
});
