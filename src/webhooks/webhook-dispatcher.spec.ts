import type { JobQueues } from '../queue/job-queues';
import type { TaskEventsRepository } from '../tasks/task-events.repository';
import { WebhookDispatcher } from './webhook-dispatcher';

describe('WebhookDispatcher.kickFirst', () => {
  const enqueued: unknown[][] = [];
  const jobs = { enqueueWebhook: async (...args: unknown[]) => void enqueued.push(args) } as unknown as JobQueues;
  const unread = {
    headPending: () => {
      throw new Error('a new task has no event to read back');
    },
  } as unknown as TaskEventsRepository;
  const dispatcher = new WebhookDispatcher(unread, jobs);

  beforeEach(() => {
    enqueued.length = 0;
  });

  it("enqueues a new task's first event as its first delivery attempt, at once", async () => {
    await dispatcher.kickFirst({ id: 'evt_1', taskId: 'tsk_1', deliveryStatus: 'pending' });
    expect(enqueued).toEqual([['evt_1', 'tsk_1', 1]]);
  });

  it('enqueues nothing for an event the webhook filter skipped', async () => {
    await dispatcher.kickFirst({ id: 'evt_1', taskId: 'tsk_1', deliveryStatus: 'skipped' });
    expect(enqueued).toEqual([]);
  });
});
