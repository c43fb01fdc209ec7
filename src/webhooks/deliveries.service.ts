import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import type { Database } from '../database/database';
import { ownedTask } from '../tasks/task-ownership';
import type { TasksRepository } from '../tasks/tasks.repository';
import { DeliveryAttemptEntity } from './delivery-attempt.entity';
import { TaskEventEntity } from './task-event.entity';
import type { WebhookDispatcher } from './webhook-dispatcher';
import { isoTime } from '../common/iso-time';


/** A client's view of its task's webhook deliveries, and redelivery of a failed one. */
export class DeliveriesService {
  constructor(
    private readonly db: Database,
    private readonly dispatcher: WebhookDispatcher,
    private readonly tasks: TasksRepository,
  ) {}

  async list(principal: Principal, taskId: string) {
    await this.mustOwnTask(principal, taskId);
    const events = await this.db.dataSource
      .getRepository(TaskEventEntity)
      .find({ where: { taskId, accountId: principal.accountId }, order: { seq: 'ASC' } });
    const attempts = events.length
      ? await this.db.dataSource
          .getRepository(DeliveryAttemptEntity)
          .createQueryBuilder('attempt')
          .where('attempt.event_id IN (:...ids)', { ids: events.map((event) => event.id) })
          .orderBy('attempt.started_at', 'ASC')
          .getMany()
      : [];
    return {
      task_id: taskId,
      deliveries: events.map((event) => ({
        event_id: event.id,
        event: event.type,
        sequence: event.seq,
        status: event.deliveryStatus,
        created_at: isoTime(event.createdAt),
        finished_at: isoTime(event.finishedAt),
        next_attempt_at: event.deliveryStatus === 'pending' ? isoTime(event.nextAttemptAt) : null,
        attempts: attempts
          .filter((attempt) => attempt.eventId === event.id)
          .map((attempt) => ({
            attempt: attempt.attemptNo,
            started_at: isoTime(attempt.startedAt),
            duration_ms: attempt.durationMs,
            http_status: attempt.httpStatus,
            error: attempt.error,
          })),
      })),
    };
  }

  async redeliver(principal: Principal, taskId: string, eventId: string) {
    await this.mustOwnTask(principal, taskId);
    const repository = this.db.dataSource.getRepository(TaskEventEntity);
    const event = await repository.findOneBy({ id: eventId, taskId, accountId: principal.accountId });
    if (!event) throw new ApiError('DELIVERY_NOT_FOUND', `No delivery ${eventId.slice(0, 64)} exists for this task`);
    const result = await repository.update(
      { id: event.id, deliveryStatus: 'failed' },
      { deliveryStatus: 'pending', attemptCount: 0, nextAttemptAt: Date.now(), finishedAt: null },
    );
    if (!result.affected) {
      throw new ApiError('DELIVERY_NOT_REDELIVERABLE', `Only failed deliveries can be redelivered; this one is ${event.deliveryStatus}`, {
        details: { event_id: event.id, status: event.deliveryStatus },
      });
    }
    await this.dispatcher.kick(taskId);
    return { event_id: event.id, status: 'pending' as const, message: 'The event will be delivered again, with the same id and body' };
  }

  private async mustOwnTask(principal: Principal, taskId: string): Promise<void> {
    await ownedTask(this.tasks, principal, taskId);
  }
}
