import { LessThan, MoreThan } from 'typeorm';
import { newId } from '../common/ids';
import type { Database } from '../database/database';
import { serializeEvent } from './event-envelope';
import { TaskEventEntity } from './task-event.entity';
import type { TaskEntity } from './task.entity';
import type { WebhookEventType } from '../task-input/task-input.types';

/** What an event needs of its task: whom it belongs to, and which events its webhook wants. */
type EventTask = Pick<TaskEntity, 'id' | 'accountId' | 'webhook'>;

/** One outbox event as a stream sends it: the webhook's id, type and exact body. */
export interface StoredTaskEvent {
  id: string;
  seq: number;
  type: WebhookEventType;
  body: string;
}

/**
 * The outbox (task_events), part of the task aggregate: events are appended in
 * the unit of work of the state change they report. Webhooks deliver them (their
 * attempts are in `webhooks/delivery-attempts.repository.ts`); every query a
 * client can reach carries the account id.
 */
export class TaskEventsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Appends an event after the task's last one. Events the task's
   * `webhook.events` filter excludes are kept as `skipped` (the record stays complete).
   */
  async append(task: EventTask, type: WebhookEventType, at: number, data: Record<string, unknown>): Promise<TaskEventEntity> {
    return this.db.run(async (m) => {
      const last = await m.maximum(TaskEventEntity, 'seq', { taskId: task.id });
      const event = newEvent(task, (last ?? 0) + 1, type, at, data);
      await m.insert(TaskEventEntity, event);
      return event;
    });
  }

  /** The task's earliest event still waiting for delivery. */
  headPending(taskId: string): Promise<TaskEventEntity | null> {
    return this.db.run((m) => m.findOne(TaskEventEntity, { where: { taskId, deliveryStatus: 'pending' }, order: { seq: 'ASC' } }));
  }

  /** Tasks with a pending event due before `before` (nobody may have enqueued it). */
  async tasksWithPendingBefore(before: number, limit: number): Promise<string[]> {
    const stale = await this.db.run((m) =>
      m.find(TaskEventEntity, { where: { deliveryStatus: 'pending', nextAttemptAt: LessThan(before) }, select: { taskId: true }, take: limit }),
    );
    return [...new Set(stale.map((event) => event.taskId))];
  }

  listForTask(accountId: string, taskId: string): Promise<TaskEventEntity[]> {
    return this.db.run((m) => m.find(TaskEventEntity, { where: { taskId, accountId }, order: { seq: 'ASC' } }));
  }

  findForTask(accountId: string, taskId: string, eventId: string): Promise<TaskEventEntity | null> {
    return this.db.run((m) => m.findOneBy(TaskEventEntity, { id: eventId, taskId, accountId }));
  }

  /** A failed event made pending again from scratch (same id and body); false unless it was failed. */
  async reopenFailed(eventId: string, now: number): Promise<boolean> {
    const result = await this.db.run((m) =>
      m.update(
        TaskEventEntity,
        { id: eventId, deliveryStatus: 'failed' },
        { deliveryStatus: 'pending', attemptCount: 0, nextAttemptAt: now, finishedAt: null },
      ),
    );
    return (result.affected ?? 0) > 0;
  }

  /** The task's events after sequence number `afterSeq`, oldest first, at most `limit`. */
  async after(accountId: string, taskId: string, afterSeq: number, limit: number): Promise<StoredTaskEvent[]> {
    return this.db.run((m) =>
      m.find(TaskEventEntity, {
        select: ['id', 'seq', 'type', 'body'],
        where: { taskId, accountId, seq: MoreThan(afterSeq) },
        order: { seq: 'ASC' },
        take: limit,
      }),
    );
  }

  /** Where event `eventId` stands in the task's order; null when the task has no such event. */
  async sequenceOf(accountId: string, taskId: string, eventId: string): Promise<number | null> {
    const row = await this.db.run((m) => m.findOne(TaskEventEntity, { select: { seq: true }, where: { id: eventId, taskId, accountId } }));
    return row?.seq ?? null;
  }
}

function newEvent(task: EventTask, seq: number, type: WebhookEventType, at: number, data: Record<string, unknown>): TaskEventEntity {
  const wanted = !task.webhook.events || task.webhook.events.includes(type);
  return Object.assign(new TaskEventEntity(), {
    id: newId('evt'),
    taskId: task.id,
    accountId: task.accountId,
    seq,
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
}
