import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import { EstimateModel, workUnitsOf } from '../../../src/tasks/estimate-model';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { TasksRepository } from '../../../src/tasks/tasks.repository';
import type { ResolvedOutput } from '../../../src/task-input/task-input.types';
import { taskRow } from '../usage/task-rows';

describe('the estimate model learns from completed renders', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-estimate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the prior until three renders of the quality exist, then their seconds per megapixel-frame', async () => {
    const db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    const model = new EstimateModel(new TasksRepository(db));
    const output: ResolvedOutput = { width: 1000, height: 1000, framerate: 10, format: 'mp4', quality: 'high', codec: 'h264' };
    const units = workUnitsOf(output, 10_000);
    expect(units).toBe(100);
    const prior = await model.estimateSeconds(output, 10_000);
    expect(prior).toBe(Math.round(4 + 100 * 0.09));

    // Three completed "high" renders at 0.5 s per unit (plus the 4 s overhead), one "draft" that must not count.
    const rows = [
      { id: 'tsk_a', quality: 'high', seconds: 4 + 10 * 0.5, units: 10 },
      { id: 'tsk_b', quality: 'high', seconds: 4 + 20 * 0.5, units: 20 },
      { id: 'tsk_c', quality: 'high', seconds: 4 + 30 * 0.5, units: 30 },
      { id: 'tsk_d', quality: 'draft', seconds: 1000, units: 1 },
    ];
    for (const [index, row] of rows.entries()) {
      await db.run((m) =>
        m.insert(
          TaskEntity,
          taskRow('acc_estimates', {
            id: row.id,
            createdAt: index,
            status: 'completed',
            quality: row.quality as ResolvedOutput['quality'],
            processingSeconds: row.seconds,
            workUnits: row.units,
            completedAt: 1_000 + index,
          }) as never,
        ),
      );
    }
    expect(await model.estimateSeconds(output, 10_000)).toBe(4 + 100 * 0.5);
    await db.close();
  });

  it('keeps the prior while every render of the history finished within the overhead: a rate of 0 would say size costs nothing', async () => {
    const db = await openDatabase({ dataDir: mkdtempSync(join(dataDir, 'tiny-')), databaseUrl: null }, SERVICE_ENTITIES);
    const model = new EstimateModel(new TasksRepository(db));
    const output: ResolvedOutput = { width: 1000, height: 1000, framerate: 10, format: 'mp4', quality: 'draft', codec: 'h264' };
    for (const index of [0, 1, 2]) {
      const row = {
        id: `tsk_tiny${index}`,
        createdAt: index,
        status: 'completed',
        quality: 'draft',
        processingSeconds: 0.4,
        workUnits: 0.3,
        completedAt: 1_000 + index,
      };
      await db.run((m) => m.insert(TaskEntity, taskRow('acc_tiny', row as never) as never));
    }
    expect(await model.estimateSeconds(output, 10_000)).toBe(Math.round(4 + 100 * 0.05));
    await db.close();
  });
});
