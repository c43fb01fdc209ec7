import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountsRepository } from '../../../src/auth/accounts.repository';
import type { Principal } from '../../../src/auth/auth.types';
import { CreditsService } from '../../../src/auth/credits.service';
import { TIER_LIMITS } from '../../../src/auth/tier-limits';
import { ApiError } from '../../../src/common/api-error';
import { SecretBox } from '../../../src/common/secret-box';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/queue/embedded-redis';
import { JobQueues } from '../../../src/queue/job-queues';
import { SampleMedia } from '../../../src/media/sample-media';
import { SsrfGuard } from '../../../src/network/ssrf-guard';
import { StoredObjectsRepository } from '../../../src/retention/stored-objects.repository';
import { EstimateModel } from '../../../src/tasks/estimate-model';
import { TaskLifecycle } from '../../../src/tasks/task-lifecycle';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { createTaskRules, resolveOutput } from '../../../src/tasks/task-rules';
import { emptyPhases, TasksService } from '../../../src/tasks/tasks.service';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { TaskEventsRepository } from '../../../src/tasks/task-events.repository';
import { WebhookCredentials } from '../../../src/tasks/webhook-credentials';
import { WebhookDispatcher } from '../../../src/webhooks/webhook-dispatcher';
import { taskRow } from '../usage/task-rows';

describe('a cancel racing a completion', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-race-'));
  let redis: EmbeddedRedis;
  let db: Database;
  let jobs: JobQueues;
  let service: TasksService;
  let lifecycle: TaskLifecycle;
  const principal: Principal = { keyId: 'key_x', accountId: 'acc_race', tier: 'pro', permissions: ['tasks:write'], limits: TIER_LIMITS.pro };
  const signer = { signedUrl: async () => 'https://signed' };

  beforeAll(async () => {
    redis = await startEmbeddedRedis(dataDir);
    db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    jobs = new JobQueues({ path: redis.socketPath }, 'race', 3);
    const tasks = new TasksRepository(db);
    const accounts = new AccountsRepository(db);
    const outbox = new TaskEventsRepository(db);
    const dispatcher = new WebhookDispatcher(outbox, jobs);
    const unitOfWork = { db, tasks, accounts, outbox, credits: new CreditsService(accounts) };
    const rules = createTaskRules(
      { maxTracks: 50, maxClipsPerTrack: 200, maxClips: 500 },
      { guard: new SsrfGuard([]), samples: new SampleMedia('https://localhost:8443') },
    );
    service = new TasksService({
      ...unitOfWork,
      rules,
      resolveOutput: (input) => resolveOutput(input.input.output),
      jobs,
      events: dispatcher,
      estimates: new EstimateModel(tasks),
      signer,
      credentials: new WebhookCredentials(new SecretBox(randomBytes(32))),
    });
    lifecycle = new TaskLifecycle({ ...unitOfWork, storedObjects: new StoredObjectsRepository(db), events: dispatcher, signer, maxAttempts: 3 });
  });
  afterAll(async () => {
    await jobs.close();
    await db.close();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends in exactly one final state, with exactly one final event, every time', async () => {
    const file = { key: 'k', size_bytes: 1, expires_at: Date.now() + 60_000 };
    const output = { video: file, thumbnail: file, preview: file, duration_ms: 1000, resolution: { width: 2, height: 2 }, format: 'mp4' };
    for (let round = 0; round < 20; round++) {
      const id = `tsk_race${String(round).padStart(22, '0')}`;
      await db
        .manager()
        .getRepository(TaskEntity)
        .insert(taskRow(principal.accountId, { id, status: 'processing', createdAt: Date.now(), startedAt: Date.now() }) as never);
      const task = await db.manager().getRepository(TaskEntity).findOneByOrFail({ id });
      const [canceled, completed] = await Promise.all([
        service.cancel(principal, id).then(
          () => true,
          (error: unknown) => {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).code).toBe('TASK_NOT_CANCELABLE');
            return false;
          },
        ),
        lifecycle.complete(task, output, emptyPhases()),
      ]);
      expect(canceled).toBe(!completed);
      const final = await db.manager().getRepository(TaskEntity).findOneByOrFail({ id });
      expect(final.status).toBe(canceled ? 'canceled' : 'completed');
      const events = await db.manager().getRepository(TaskEventEntity).findBy({ taskId: id });
      expect(events.map((event) => event.type).sort()).toEqual([canceled ? 'task.canceled' : 'task.completed']);
    }
  });
});
