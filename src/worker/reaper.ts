import type { Logger } from 'pino';
import type { JobQueues } from '../queue/job-queues';
import type { TasksRepository } from '../tasks/tasks.repository';
import type { TaskEventsRepository } from '../tasks/task-events.repository';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';

export interface ReaperTimings {
  /** A queued task, or a pending webhook event, without a job this old is enqueued again (REAPER_QUEUED_GRACE_MS). */
  queuedGraceMs: number;
  /** A processing task not updated for this long is checked for a live job (REAPER_PROCESSING_SILENCE_MS). */
  processingSilenceMs: number;
}

/**
 * Repairs what a crash between a commit and its Redis write can leave behind:
 * queued tasks without a job, processing tasks whose job is gone, and pending
 * events that nobody enqueued. Safe to run on every worker at once: job ids
 * make every re-enqueue idempotent.
 */
export class Reaper {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly outbox: TaskEventsRepository,
    private readonly jobs: JobQueues,
    private readonly dispatcher: WebhookDispatcher,
    private readonly logger: Logger,
    private readonly timings: ReaperTimings,
  ) {}

  async run(now = Date.now()): Promise<void> {
    const render = this.jobs.queue('render');
    for (const task of await this.tasks.findQueuedBefore(now - this.timings.queuedGraceMs, 500)) {
      if (!(await render.getJob(task.id))) {
        this.logger.warn({ task_id: task.id }, 'queued task had no job; re-enqueued');
        await this.jobs.enqueueRender(task);
      }
    }
    for (const task of await this.tasks.findProcessingNotUpdatedSince(now - this.timings.processingSilenceMs, 200)) {
      const job = await render.getJob(task.id);
      const state = job ? await job.getState() : null;
      if (state === 'active' || state === 'waiting' || state === 'delayed') continue;
      if (job) await job.remove().catch(() => undefined);
      this.logger.warn({ task_id: task.id, job_state: state }, 'processing task had no live job; re-enqueued');
      await this.jobs.enqueueRender(task);
    }
    for (const taskId of await this.outbox.tasksWithPendingBefore(now - this.timings.queuedGraceMs, 500)) await this.dispatcher.kick(taskId);
  }
}
