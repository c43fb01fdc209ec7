import type { Principal } from '../auth/auth.types';
import { ApiError } from '../common/api-error';
import { ownedTask } from '../tasks/task-ownership';
import type { TaskEventsRepository } from '../tasks/task-events.repository';
import type { TasksRepository } from '../tasks/tasks.repository';
import type { DeliveryAttemptsRepository } from './delivery-attempts.repository';
import type { WebhookDispatcher } from './webhook-dispatcher';
import { isoTime } from '../common/iso-time';

export interface DeliveriesDeps {
  events: TaskEventsRepository;
  attempts: DeliveryAttemptsRepository;
  dispatcher: WebhookDispatcher;
  tasks: TasksRepository;
}

/** A client's view of its task's webhook deliveries, and redelivery of a failed one. */
export class DeliveriesService {
  constructor(private readonly deps: DeliveriesDeps) {}

  async list(principal: Principal, taskId: string) {
    await this.mustOwnTask(principal, taskId);
    const events = await this.deps.events.listForTask(principal.accountId, taskId);
    const attempts = await this.deps.attempts.attemptsOf(events.map((event) => event.id));
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
    const event = await this.deps.events.findForTask(principal.accountId, taskId, eventId);
    if (!event) throw new ApiError('DELIVERY_NOT_FOUND', `No delivery ${eventId.slice(0, 64)} exists for this task`);
    if (!(await this.deps.events.reopenFailed(event.id, Date.now()))) {
      throw new ApiError('DELIVERY_NOT_REDELIVERABLE', `Only failed deliveries can be redelivered; this one is ${event.deliveryStatus}`, {
        details: { event_id: event.id, status: event.deliveryStatus },
      });
    }
    await this.deps.dispatcher.kick(taskId);
    return { event_id: event.id, status: 'pending' as const, message: 'The event will be delivered again, with the same id and body' };
  }

  private async mustOwnTask(principal: Principal, taskId: string): Promise<void> {
    await ownedTask(this.deps.tasks, principal, taskId);
  }
}
