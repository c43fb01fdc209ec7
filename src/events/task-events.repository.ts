import type { Database } from '../database/database';
import type { WebhookEventType } from '../tasks/task-input.types';
import { TaskEventEntity } from '../webhooks/task-event.entity';

/** One outbox event as a stream sends it: the webhook's id, type and exact body. */
export interface StoredTaskEvent {
  id: string;
  seq: number;
  type: WebhookEventType;
  body: string;
}

/** Reads a task's events from the outbox (task_events). Every query carries the account id. */
export class TaskEventsRepository {
  constructor(private readonly db: Database) {}

  /** The task's events after sequence number `afterSeq`, oldest first, at most `limit`. */
  async after(accountId: string, taskId: string, afterSeq: number, limit: number): Promise<StoredTaskEvent[]> {
    const rows = await this.db.dataSource
      .getRepository(TaskEventEntity)
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
    const row = await this.db.dataSource.getRepository(TaskEventEntity).findOne({ select: { seq: true }, where: { id: eventId, taskId, accountId } });
    return row?.seq ?? null;
  }
}
