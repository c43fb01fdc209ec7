import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Principal } from '../../../src/auth/auth.types';
import { TIER_LIMITS } from '../../../src/auth/tier-limits';
import { ApiError } from '../../../src/common/api-error';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../../src/queue/embedded-redis';
import { JobQueues } from '../../../src/queue/job-queues';
import { emptyPhases, type TaskTransitions } from '../../../src/tasks/task-transitions';
import { TaskEntity } from '../../../src/tasks/task.entity';
import type { TasksService } from '../../../src/tasks/tasks.service';
import { taskServicesOn } from '../../support/task-services';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { taskRow } from '../usage/task-rows';

describe('a cancel racing a completion', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-race-'));
  let redis: EmbeddedRedis;
  let db: Database;
  let jobs: JobQueues;
  let service: TasksService;
  let transitions: TaskTransitions;
  const principal: Principal = { keyId: 'key_x', accountId: 'acc_race', tier: 'pro', permissions: ['tasks:write'], limits: TIER_LIMITS.pro };

  beforeAll(async () => {
    redis = await startEmbeddedRedis(dataDir, pino({ level: 'silent' }));
    db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    jobs = new JobQueues({ path: redis.socketPath }, 'race', 3);
    ({ service, transitions } = taskServicesOn(db, jobs));
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
      await db.run((m) =>
        m.insert(TaskEntity, taskRow(principal.accountId, { id, status: 'processing', createdAt: Date.now(), startedAt: Date.now() }) as never),
      );
      const task = await db.run((m) => m.findOneByOrFail(TaskEntity, { id }));
      const [canceled, completed] = await Promise.all([
        service.cancel(principal, id).then(
          () => true,
          (error: unknown) => {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).code).toBe('TASK_NOT_CANCELABLE');
            return false;
          },
        ),
        transitions.complete(task, output, emptyPhases()),
      ]);
      expect(canceled).toBe(!completed);
      const final = await db.run((m) => m.findOneByOrFail(TaskEntity, { id }));
      expect(final.status).toBe(canceled ? 'canceled' : 'completed');
      const events = await db.run((m) => m.findBy(TaskEventEntity, { taskId: id }));
      expect(events.map((event) => event.type).sort()).toEqual([canceled ? 'task.canceled' : 'task.completed']);
    }
  });
});
