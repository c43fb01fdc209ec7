import type { Database } from '../../../src/database/database';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { newId } from '../../../src/common/ids';
import { StoredObjectEntity } from '../../../src/retention/stored-object.entity';
import { PRIORITY_RANK } from '../../../src/tasks/task.types';
import { TaskEntity } from '../../../src/tasks/task.entity';
import { unstartedState } from '../../../src/tasks/task-transitions';

/**
 * Task and stored-object rows with chosen timestamps and statuses, written
 * straight to the database: usage is computed from history, and history with
 * exact timestamps cannot be made through the API.
 */
export function taskRow(accountId: string, fields: Partial<TaskEntity> & Pick<TaskEntity, 'createdAt'>): TaskEntity {
  const priority = fields.priority ?? 'standard';
  return Object.assign(new TaskEntity(), {
    id: newId('tsk'),
    accountId,
    requestId: null,
    ...unstartedState(),
    priority,
    priorityRank: PRIORITY_RANK[priority],
    model: 'standard',
    timeline: { duration_ms: 60_000, tracks: [] },
    outputSettings: { width: 320, height: 180, framerate: 30, format: 'mp4', quality: 'standard', codec: 'h264' },
    outputRequest: { resolution: { width: 320, height: 180 } },
    webhook: { url: 'https://127.0.0.1:9/hook' },
    // As the release before sealing wrote a row (WebhookCredentials); this webhook holds no credentials anyway.
    webhookCredentials: null,
    userReference: null,
    tags: [],
    retentionHours: 24,
    estimatedSeconds: 10,
    quality: 'standard',
    workUnits: 1,
    outputMinutes: 1,
    costUsd: 0,
    retryOf: null,
    retryCount: 0,
    concurrencyLimit: 20,
    updatedAt: fields.createdAt,
    ...fields,
  } satisfies Partial<TaskEntity>);
}

export function storedObjectRow(
  accountId: string,
  fields: Partial<StoredObjectEntity> & Pick<StoredObjectEntity, 'sizeBytes' | 'createdAt'>,
): StoredObjectEntity {
  const taskId = fields.taskId ?? newId('tsk');
  return Object.assign(new StoredObjectEntity(), {
    key: `outputs/${taskId}/${newId('key')}.mp4`,
    accountId,
    taskId,
    kind: 'video',
    expiresAt: fields.createdAt + 86_400_000,
    deletedAt: null,
    ...fields,
  } satisfies Partial<StoredObjectEntity>);
}

/** Inserts in chunks that stay under SQLite's bound-parameter limit. */
export async function insertRows<T extends TaskEntity | StoredObjectEntity>(db: Database, entity: new () => T, rows: T[], chunk = 400): Promise<void> {
  await db.transaction(async () => {
    for (let i = 0; i < rows.length; i += chunk) {
      await db.run((m) => m.insert(entity, rows.slice(i, i + chunk) as QueryDeepPartialEntity<T>[]));
    }
  });
}
