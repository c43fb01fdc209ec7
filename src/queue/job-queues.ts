import Bull, { type Job, type JobOptions, type Queue } from 'bull';
import { BulkAdder } from './bulk-adder';
import { type ChunkJob, type ChunkOutcome, handlerProblems, JOB_KINDS, type JobHandlers, type JobKind, type JobPayloads, type QueueName } from './job-registry';
import { type RedisTarget, redisOptions } from './redis-target';

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

export type ChunkState =
  /** `started`: a worker has taken it (Bull's processedOn), rather than it waiting in the queue. */
  | { kind: 'pending'; progress: number; started: boolean }
  | { kind: 'ended'; outcome: ChunkOutcome }
  /** Bull gave up on the job: its workers died RENDER_MAX_ATTEMPTS times, or it could not begin in four tries. */
  | { kind: 'crashed'; reason: string }
  | { kind: 'missing' };

function chunkJobId(taskId: string, attempt: number, index: number): string {
  return `${taskId}:${attempt}:${index}`;
}

/** Jobs of a kind that shares its queue carry the kind as their Bull job name; a queue of one kind uses Bull's default name. */
function jobNameOf(kind: JobKind): string | undefined {
  const sharing = (Object.keys(JOB_KINDS) as JobKind[]).filter((other) => JOB_KINDS[other].queue === JOB_KINDS[kind].queue);
  return sharing.length > 1 ? kind : undefined;
}

/** The queues of the job registry: the one place that knows Bull, and the one way to enqueue. */
export class JobQueues {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly adders = new Map<QueueName, BulkAdder>();
  private started = false;

  constructor(
    private readonly target: RedisTarget,
    private readonly prefix: string,
    /** Stalls a render survives before Bull fails it (RENDER_MAX_ATTEMPTS). */
    private readonly renderStallLimit: number,
    private readonly stall: StallTiming = DEFAULT_STALL_TIMING,
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const settings = {
        // Crash detection: a render whose worker died is taken again after lockDuration;
        // after maxStalledCount stalls the job fails and the processor's failed handler ends the task.
        lockDuration: this.stall.lockDurationMs,
        stalledInterval: this.stall.stalledIntervalMs,
        maxStalledCount: name === 'render' || name === 'render-chunk' ? this.renderStallLimit : 5,
      };
      const options = { prefix: this.prefix, settings };
      queue = 'url' in this.target ? new Bull(name, this.target.url, options) : new Bull(name, { ...options, redis: redisOptions(this.target) });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** The one way a job is enqueued: the registry's policy for its kind, plus this job's own id and timing. */
  private async enqueue<K extends JobKind>(kind: K, payload: JobPayloads[K], options: JobOptions & { jobId: string }): Promise<void> {
    const spec = JOB_KINDS[kind];
    const merged = { ...spec.options, ...options };
    const name = jobNameOf(kind);
    const { repeat, ...once } = merged;
    let adding: Promise<unknown>;
    if (repeat === undefined) adding = this.adder(spec.queue).add({ name, data: payload, opts: once });
    // Bull's addBulk cannot make a repeatable job; the periodic kinds are added once per process start anyway.
    else adding = name === undefined ? this.queue(spec.queue).add(payload, merged) : this.queue(spec.queue).add(name, payload, merged);
    await withinEnqueueTimeout(adding, `${kind} job ${options.jobId}`);
  }

  private adder(name: QueueName): BulkAdder {
    let adder = this.adders.get(name);
    if (!adder) {
      const queue = this.queue(name);
      adder = new BulkAdder((jobs) => queue.addBulk(jobs));
      this.adders.set(name, adder);
    }
    return adder;
  }

  /** Job id = task id, so a task's render is enqueued at most once. */
  enqueueRender(task: { id: string; accountId: string; priority: RenderPriority }): Promise<void> {
    return this.enqueue('render', { taskId: task.id, accountId: task.accountId }, { jobId: task.id, priority: BULL_PRIORITY[task.priority] });
  }

  /** Chunk jobs carry their task's priority, so a chunked render waits its turn as its task did. */
  enqueueChunk(chunk: ChunkJob, priority: RenderPriority): Promise<void> {
    return this.enqueue('render-chunk', chunk, { jobId: chunkJobId(chunk.taskId, chunk.attempt, chunk.index), priority: BULL_PRIORITY[priority] });
  }

  /** Where a chunk job is: waiting or running (with its progress 0-1), ended (with its outcome), or gone from Redis. */
  async chunkState(taskId: string, attempt: number, index: number): Promise<ChunkState> {
    const job = await this.queue('render-chunk').getJob(chunkJobId(taskId, attempt, index));
    if (job === null) return { kind: 'missing' };
    // The job's hash, read once, says whether it ended and how: Bull writes finishedOn with the return value or
    // the last failure in one step (an attempt that failed with attempts left, or a stall, does not finish it).
    // A job that completed after a failed attempt still carries that attempt's failedReason: the outcome decides.
    if (job.finishedOn) {
      const outcome = job.returnvalue as ChunkOutcome | null;
      return outcome ? { kind: 'ended', outcome } : { kind: 'crashed', reason: job.failedReason ?? 'the chunk job failed' };
    }
    const progress = Number(job.progress()) / 100;
    return { kind: 'pending', progress: Number.isFinite(progress) ? progress : 0, started: Boolean(job.processedOn) };
  }

  /**
   * Worker processes serving chunk jobs now (Bull's worker list: the named Redis connections that wait
   * on the queue); null when Redis does not tell (CLIENT LIST refused).
   */
  async chunkWorkers(): Promise<number | null> {
    const workers = (await this.queue('render-chunk')
      .getWorkers()
      .catch(() => undefined)) as unknown[] | undefined;
    return Array.isArray(workers) ? workers.length : null;
  }

  /** Removes a chunk job that is not running (a running one stops itself once its task moves on). */
  async removeChunk(taskId: string, attempt: number, index: number): Promise<void> {
    const job = await this.queue('render-chunk').getJob(chunkJobId(taskId, attempt, index));
    if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
  }

  /** One job per delivery attempt of an event. */
  enqueueWebhook(eventId: string, taskId: string, attemptNo: number, delayMs = 0): Promise<void> {
    return this.enqueue('webhook', { eventId, taskId }, { jobId: `${eventId}:${attemptNo}`, delay: delayMs });
  }

  /** A periodic kind every `everyMs`; one repeatable job whatever the number of workers scheduling it. */
  schedule(kind: JobKind, everyMs: number): Promise<void> {
    if (!JOB_KINDS[kind].periodic) throw new Error(`job kind ${kind} is not periodic`);
    return this.enqueue(kind, {}, { jobId: kind, repeat: { every: everyMs } });
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
    const backlog = Object.fromEntries(RENDER_PRIORITIES.map((priority) => [priority, { jobs: 0, oldestEnqueuedAt: null }])) as Record<
      RenderPriority,
      RenderBacklog
    >;
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

  /**
   * Starts processing: one handler for every declared kind. Refuses (throws, before
   * any job is taken) when a kind has no handler or a handler names no kind, or
   * when called twice.
   */
  start(handlers: JobHandlers): void {
    const problems = handlerProblems(handlers);
    if (this.started) problems.push('the job handlers are already registered');
    if (problems.length > 0) throw new Error(`cannot start the worker: ${problems.join('; ')}`);
    this.started = true;
    for (const kind of Object.keys(JOB_KINDS) as JobKind[]) {
      const handler = handlers[kind];
      const queue = this.queue(JOB_KINDS[kind].queue);
      const run = (job: Job) => handler.handle(job.data as never, job);
      const name = jobNameOf(kind);
      if (name === undefined) void queue.process(handler.concurrency, run);
      else void queue.process(name, handler.concurrency, run);
    }
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
    this.adders.clear();
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
