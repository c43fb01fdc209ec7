import Bull, { Job, JobOptions, Queue } from 'bull';
import { RedisTarget, redisOptions } from './redis-target';

/** Every queue and the payload of its jobs: the one place that knows Bull. */
export interface JobPayloads {
  render: { taskId: string; accountId: string };
  webhook: { eventId: string; taskId: string };
  maintenance: { kind: 'retention-sweep' | 'outbox-sweep' | 'reaper' | 'input-cache-sweep' };
}
export type QueueName = keyof JobPayloads;
export const QUEUE_NAMES: readonly QueueName[] = ['render', 'webhook', 'maintenance'];

export type JobHandler<Q extends QueueName> = (job: Job<JobPayloads[Q]>) => Promise<void>;

/** How Bull detects a job whose worker died: see BULL_LOCK_DURATION_MS and BULL_STALLED_INTERVAL_MS. */
export interface StallTiming {
  lockDurationMs: number;
  stalledIntervalMs: number;
}

const DEFAULT_STALL_TIMING: StallTiming = { lockDurationMs: 30_000, stalledIntervalMs: 15_000 };

/**
 * Longest an enqueue waits for Redis. During an outage Bull's client queues the
 * command until it reconnects; the caller stops waiting (the request is not held
 * open) while the command may still land later (job ids make that harmless) or
 * be lost, which the reaper repairs.
 */
const ENQUEUE_TIMEOUT_MS = 3_000;

/** Bull's priority: 1 is served first. */
const BULL_PRIORITY = { urgent: 1, high: 2, standard: 3, low: 4 } as const;
export type RenderPriority = keyof typeof BULL_PRIORITY;
export const RENDER_PRIORITIES = Object.keys(BULL_PRIORITY) as RenderPriority[];

/** Render jobs of one priority that no worker has started yet. */
export interface RenderBacklog {
  jobs: number;
  /** Enqueue time (ms) of the longest-waiting one; null when there is none. */
  oldestEnqueuedAt: number | null;
}

export class JobQueues {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly handled = new Set<string>();

  constructor(
    private readonly target: RedisTarget,
    private readonly prefix: string,
    /** Stalls a render survives before Bull fails it (RENDER_MAX_ATTEMPTS). */
    private readonly renderStallLimit: number,
    private readonly stall: StallTiming = DEFAULT_STALL_TIMING,
  ) {}

  queue<Q extends QueueName>(name: Q): Queue<JobPayloads[Q]> {
    let queue = this.queues.get(name);
    if (!queue) {
      const settings = {
        // Crash detection: a render whose worker died is taken again after lockDuration;
        // after maxStalledCount stalls the job fails and the processor's failed handler ends the task.
        lockDuration: this.stall.lockDurationMs,
        stalledInterval: this.stall.stalledIntervalMs,
        maxStalledCount: name === 'render' ? this.renderStallLimit : 5,
      };
      const options = { prefix: this.prefix, settings };
      queue = 'url' in this.target
        ? new Bull(name, this.target.url, options)
        : new Bull(name, { ...options, redis: redisOptions(this.target) });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue as Queue<JobPayloads[Q]>;
  }

  /** The one way a render is enqueued: job id = task id, so it is enqueued at most once. */
  async enqueueRender(task: { id: string; accountId: string; priority: keyof typeof BULL_PRIORITY }): Promise<void> {
    const adding = this.queue('render').add(
      { taskId: task.id, accountId: task.accountId },
      {
        jobId: task.id,
        priority: BULL_PRIORITY[task.priority],
        // A job only fails on purpose while its account is at its concurrency allowance: it then waits and tries again.
        attempts: 1_000_000,
        backoff: { type: 'fixed', delay: 1_000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
    await withinEnqueueTimeout(adding, `render job ${task.id}`);
  }

  async enqueueWebhook(eventId: string, taskId: string, attemptNo: number, delayMs = 0): Promise<void> {
    const adding = this.queue('webhook').add(
      { eventId, taskId },
      // A failed job kept under its id would make Bull ignore a later enqueue of the same attempt: keep none.
      { jobId: `${eventId}:${attemptNo}`, delay: delayMs, removeOnComplete: true, removeOnFail: true },
    );
    await withinEnqueueTimeout(adding, `webhook job ${eventId}:${attemptNo}`);
  }

  async scheduleMaintenance(kind: JobPayloads['maintenance']['kind'], everyMs: number): Promise<void> {
    const options: JobOptions = { jobId: kind, repeat: { every: everyMs }, removeOnComplete: true, removeOnFail: 100 };
    await this.queue('maintenance').add(kind, { kind }, options);
  }

  async removeRender(taskId: string): Promise<void> {
    const job = await this.queue('render').getJob(taskId);
    if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
  }

  /**
   * Render jobs not started yet, by priority: waiting, paused, and delayed (an
   * account at its allowance waits that way). Reads every such job: the cost
   * grows with the backlog.
   */
  async renderBacklog(): Promise<Record<RenderPriority, RenderBacklog>> {
    const backlog = Object.fromEntries(RENDER_PRIORITIES.map((priority) => [priority, { jobs: 0, oldestEnqueuedAt: null }])) as Record<RenderPriority, RenderBacklog>;
    const jobs = await this.queue('render').getJobs(['waiting', 'paused', 'delayed']);
    for (const job of jobs) {
      // A job taken or removed between the listing and its read is gone.
      if (!job) continue;
      const priority = RENDER_PRIORITIES.find((name) => BULL_PRIORITY[name] === job.opts.priority) ?? 'standard';
      const entry = backlog[priority];
      entry.jobs += 1;
      entry.oldestEnqueuedAt = Math.min(entry.oldestEnqueuedAt ?? job.timestamp, job.timestamp);
    }
    return backlog;
  }

  /** Registers the processor of a queue; a second registration is a start-up error. */
  process<Q extends QueueName>(name: Q, concurrency: number, handler: JobHandler<Q>, jobName?: string): void {
    const key = `${name}:${jobName ?? '*'}`;
    if (this.handled.has(key)) throw new Error(`queue ${name} already has a handler`);
    this.handled.add(key);
    const queue = this.queue(name);
    if (jobName) void queue.process(jobName, concurrency, handler);
    else void queue.process(concurrency, handler);
  }

  async ping(): Promise<void> {
    await this.queue('render').client.ping();
  }

  async pauseLocal(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.pause(true, true)));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    this.queues.clear();
  }
}

async function withinEnqueueTimeout(adding: Promise<unknown>, what: string): Promise<void> {
  adding.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not take the ${what} within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
  });
  try {
    await Promise.race([adding, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
