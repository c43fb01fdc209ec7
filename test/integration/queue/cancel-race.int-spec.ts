import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '../../../src/auth/auth.types';
import { TIER_LIMITS } from '../../../src/auth/tier-limits';
import { ApiError } from '../../../src/common/api-error';
import { openDatabase } from '../../../src/database/data-source';
import { Database } from '../../../src/database/database';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/queue/embedded-redis';
import { JobQueues } from '../../../src/queue/job-queues';
import { EstimateModel } from '../../../src/tasks/estimate-model';
import { TaskLifecycle } from '../../../src/tasks/task-lifecycle';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { createTaskRules, resolveOutput } from '../../../src/tasks/task-rules';
import { emptyPhases, TasksService } from '../../../src/tasks/tasks.service';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import { TaskEventEntity } from '../../../src/webhooks/task-event.entity';
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
    db = new Database(await openDatabase({ dataDir, databaseUrl: null }));
    jobs = new JobQueues({ path: redis.socketPath }, 'race', 3);
    const tasks = new TasksRepository(db);
    const dispatcher = new WebhookDispatcher(db, jobs);
    const rules = createTaskRules({ maxTracks: 50, maxClipsPerTrack: 200, maxClips: 500 });
    service = new TasksService(db, tasks, rules, (input) => resolveOutput(input.input.output), jobs, dispatcher, new EstimateModel(db.dataSource), signer);
    lifecycle = new TaskLifecycle(db, tasks, dispatcher, signer, 3);
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
      await db.dataSource.getRepository(TaskEntity).insert(
        taskRow(principal.accountId, { id, status: 'processing', createdAt: Date.now(), startedAt: Date.now() }) as never,
      );
      const task = (await db.dataSource.getRepository(TaskEntity).findOneBy({ id }))!;
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
      const final = (await db.dataSource.getRepository(TaskEntity).findOneBy({ id }))!;
      expect(final.status).toBe(canceled ? 'canceled' : 'completed');
      const events = await db.dataSource.getRepository(TaskEventEntity).findBy({ taskId: id });
      expect(events.map((event) => event.type).sort()).toEqual([canceled ? 'task.canceled' : 'task.completed']);
    }
  });
});
