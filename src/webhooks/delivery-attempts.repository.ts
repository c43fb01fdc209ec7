import { In } from 'typeorm';
import { newId } from '../common/ids';
import type { Database } from '../database/database';
import { type DeliveryStatus, TaskEventEntity } from '../tasks/task-event.entity';
import { DeliveryAttemptEntity } from './delivery-attempt.entity';

/** The delivery state an attempt leaves its event in. */
export interface AttemptRecord {
  startedAt: number;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: number | null;
  finishedAt: number | null;
}

/**
 * The attempts at delivering outbox events (delivery_attempts). The outbox itself
 * belongs to the task (`tasks/task-events.repository.ts`); an attempt also moves
 * its event's delivery columns, in the same unit of work.
 */
export class DeliveryAttemptsRepository {
  constructor(private readonly db: Database) {}

  /** The attempts at delivering these events, oldest first. */
  attemptsOf(eventIds: string[]): Promise<DeliveryAttemptEntity[]> {
    if (eventIds.length === 0) return Promise.resolve([]);
    return this.db.run((m) => m.find(DeliveryAttemptEntity, { where: { eventId: In(eventIds) }, order: { startedAt: 'ASC' } }));
  }

  /** Records one delivery attempt and the state it leaves the (still pending) event in, in one unit of work. */
  recordAttempt(eventId: string, attempt: AttemptRecord): Promise<void> {
    return this.db.transaction(() =>
      this.db.run(async (m) => {
        const previous = await m.countBy(DeliveryAttemptEntity, { eventId });
        await m.insert(DeliveryAttemptEntity, {
          id: newId('att'),
          eventId,
          attemptNo: previous + 1,
          startedAt: attempt.startedAt,
          durationMs: attempt.durationMs,
          httpStatus: attempt.httpStatus,
          error: attempt.error,
        });
        await m.update(
          TaskEventEntity,
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
      }),
    );
  }
}
