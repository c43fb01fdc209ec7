import { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import type { TaskEntity } from '../tasks/task.entity';
import type { WebhookEventType } from '../tasks/task-input.types';
import { serializeEvent } from './event-envelope';
import { TaskEventEntity } from './task-event.entity';

/**
 * Appends an event to the outbox inside the caller's transaction, so the event
 * exists exactly when the state change it reports does. Events the task's
 * `webhook.events` filter excludes are kept as `skipped` (the record stays complete).
 */
export async function appendEvent(
  manager: EntityManager,
  task: Pick<TaskEntity, 'id' | 'accountId' | 'webhook'>,
  type: WebhookEventType,
  at: number,
  data: Record<string, unknown>,
): Promise<TaskEventEntity> {
  const repository = manager.getRepository(TaskEventEntity);
  const last = await repository
    .createQueryBuilder('event')
    .select('MAX(event.seq)', 'max')
    .where('event.task_id = :taskId', { taskId: task.id })
    .getRawOne<{ max: number | string | null }>();
  const wanted = !task.webhook.events || task.webhook.events.includes(type);
  const event = repository.create({
    id: newId('evt'),
    taskId: task.id,
    accountId: task.accountId,
    seq: Number(last?.max ?? 0) + 1,
    type,
    body: serializeEvent(type, task.id, at, data),
    createdAt: at,
    deliveryStatus: wanted ? 'pending' : 'skipped',
    attemptCount: 0,
    nextAttemptAt: wanted ? at : null,
    lastHttpStatus: null,
    lastError: null,
    finishedAt: wanted ? null : at,
  });
  await repository.insert(event);
  return event;
}
