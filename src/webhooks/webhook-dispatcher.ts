import type { JobQueues } from '../queue/job-queues';
import type { TaskEventEntity } from '../tasks/task-event.entity';
import type { TaskEventsRepository } from '../tasks/task-events.repository';

/**
 * Hands a task's events to the delivery queue one at a time, oldest first: only
 * the earliest pending event of a task is ever enqueued, so a later event waits
 * until the earlier one is delivered or given up, while tasks never wait on each other.
 */
export class WebhookDispatcher {
  constructor(
    private readonly events: TaskEventsRepository,
    private readonly jobs: JobQueues,
  ) {}

  /** A new task's first event, its earliest pending one by construction: enqueued without reading it back. */
  async kickFirst(event: Pick<TaskEventEntity, 'id' | 'taskId' | 'deliveryStatus'>): Promise<void> {
    if (event.deliveryStatus === 'pending') await this.jobs.enqueueWebhook(event.id, event.taskId, 1);
  }

  async kick(taskId: string): Promise<void> {
    const head = await this.events.headPending(taskId);
    if (!head) return;
    const delay = Math.max(0, (head.nextAttemptAt ?? 0) - Date.now());
    await this.jobs.enqueueWebhook(head.id, taskId, head.attemptCount + 1, delay);
  }
}
