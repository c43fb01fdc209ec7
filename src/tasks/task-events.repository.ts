import { LessThan } from 'typeorm';
import { newId } from '../common/ids';
import type { Database } from '../database/database';
import type { TaskEntity } from '../tasks/task.entity';
import type { WebhookEventType } from '../tasks/task-input.types';
import { DeliveryAttemptEntity } from './delivery-attempt.entity';
import { serializeEvent } from './event-envelope';
import { TaskEventEntity } from './task-event.entity';

/** One outbox event as a stream sends it: the webhook's id, type and exact body. */
export interface StoredTaskEvent {
  id: string;
  seq: number;
  type: WebhookEventType;
  body: string;
}

/** The delivery state an attempt leaves its event in. */
export interface AttemptRecord {
  startedAt: number;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  status: TaskEventEntity['deliveryStatus'];
  attemptCount: number;
  nextAttemptAt: number | null;
  finishedAt: number | null;
}

/**
 * The outbox (task_events) and the delivery attempts of its events. Events are
 * appended in the unit of work of the state change they report; every query a
 * client can reach carries the account id.
 */
export class TaskEventsRepository {
  constructor(private readonly db: Database) {}

  private events() {
    return this.db.repository(TaskEventEntity);
  }

  private attempts() {
    return this.db.repository(DeliveryAttemptEntity);
  }

  /**
   * Appends an event after the task's last one. Events the task's
   * `webhook.events` filter excludes are kept as `skipped` (the record stays complete).
   */
  async append(
    task: Pick<TaskEntity, 'id' | 'accountId' | 'webhook'>,
    type: WebhookEventType,
    at: number,
    data: Record<string, unknown>,
  ): Promise<TaskEventEntity> {
    const last = await this.events()
      .createQueryBuilder('event')
      .select('MAX(event.seq)', 'max')
      .where('event.task_id = :taskId', { taskId: task.id })
      .getRawOne<{ max: number | string | null }>();
    const wanted = !task.webhook.events || task.webhook.events.includes(type);
    const event = this.events().create({
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
    await this.events().insert(event);
    return event;
  }

  /** The task's earliest event still waiting for delivery. */
  headPending(taskId: string): Promise<TaskEventEntity | null> {
    return this.events().findOne({ where: { taskId, deliveryStatus: 'pending' }, order: { seq: 'ASC' } });
  }

  /** Tasks with a pending event due before `before` (nobody may have enqueued it). */
  async tasksWithPendingBefore(before: number, limit: number): Promise<string[]> {
    const stale = await this.events().find({
      where: { deliveryStatus: 'pending', nextAttemptAt: LessThan(before) },
      select: { taskId: true },
      take: limit,
    });
    return [...new Set(stale.map((event) => event.taskId))];
  }

  listForTask(accountId: string, taskId: string): Promise<TaskEventEntity[]> {
    return this.events().find({ where: { taskId, accountId }, order: { seq: 'ASC' } });
  }

  findForTask(accountId: string, taskId: string, eventId: string): Promise<TaskEventEntity | null> {
    return this.events().findOneBy({ id: eventId, taskId, accountId });
  }

  /** The attempts at delivering these events, oldest first. */
  attemptsOf(eventIds: string[]): Promise<DeliveryAttemptEntity[]> {
    if (eventIds.length === 0) return Promise.resolve([]);
    return this.attempts()
      .createQueryBuilder('attempt')
      .where('attempt.event_id IN (:...ids)', { ids: eventIds })
      .orderBy('attempt.started_at', 'ASC')
      .getMany();
  }

  /** A failed event made pending again from scratch (same id and body); false unless it was failed. */
  async reopenFailed(eventId: string, now: number): Promise<boolean> {
    const result = await this.events().update(
      { id: eventId, deliveryStatus: 'failed' },
      { deliveryStatus: 'pending', attemptCount: 0, nextAttemptAt: now, finishedAt: null },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Records one delivery attempt and the state it leaves the (still pending) event in, in one unit of work. */
  recordAttempt(eventId: string, attempt: AttemptRecord): Promise<void> {
    return this.db.transaction(async () => {
      const previous = await this.attempts().countBy({ eventId });
      await this.attempts().insert({
        id: newId('att'),
        eventId,
        attemptNo: previous + 1,
        startedAt: attempt.startedAt,
        durationMs: attempt.durationMs,
        httpStatus: attempt.httpStatus,
        error: attempt.error,
      });
      await this.events().update(
        { id: eventId, deliveryStatus: 'pending' },
        {
          deliveryStatus: attempt.status,
          attemptCount: attempt.attemptCount,
          nextAttemptAt: attempt.nextAttemptAt,
          lastHttpStatus: attempt.httpStatus,
          lastError: attempt.error,
          finishedAt: attempt.finishedAt,
        },
      );
    });
  }

  /** The task's events after sequence number `afterSeq`, oldest first, at most `limit`. */
  async after(accountId: string, taskId: string, afterSeq: number, limit: number): Promise<StoredTaskEvent[]> {
    const rows = await this.events()
      .createQueryBuilder('event')
      .select(['event.id', 'event.seq', 'event.type', 'event.body'])
      .where('event.task_id = :taskId AND event.account_id = :accountId AND event.seq > :afterSeq', { taskId, accountId, afterSeq })
      .orderBy('event.seq', 'ASC')
      .take(limit)
      .getMany();
    return rows.map(({ id, seq, type, body }) => ({ id, seq, type, body }));
  }

  /** Where event `eventId` stands in the task's order; null when the task has no such event. */
  async sequenceOf(accountId: string, taskId: string, eventId: string): Promise<number | null> {
    const row = await this.events().findOne({ select: { seq: true }, where: { id: eventId, taskId, accountId } });
    return row?.seq ?? null;
  }
}
