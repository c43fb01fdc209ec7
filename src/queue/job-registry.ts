import type { JobOptions } from 'bull';

/**
 * Every job kind, declared once: the queue it runs on, its payload and its
 * retry policy. A worker registers exactly one handler per kind
 * (`JobQueues.start`), and refuses to start when a kind has no handler or a
 * handler names no kind. Retries are Bull's, configured here; handlers never
 * re-implement them.
 */
/** One frame range of a chunked render, for the render attempt that asked for it. */
export interface ChunkJob {
  taskId: string;
  /** The task's render attempt: a chunk of an earlier attempt (its coordinator crashed) is not rendered. */
  attempt: number;
  index: number;
  fromFrame: number;
  toFrame: number;
}

/** What a chunk job ends with (its Bull return value): the coordinator reads it. */
export type ChunkOutcome =
  | { kind: 'rendered'; key: string; engine: 'compositor' | 'remotion'; workerId: string }
  | { kind: 'failed'; code: string; message: string; retryPossible: boolean; details: Record<string, unknown>; suggestedAction: string | null }
  /** The task left `processing`, or another attempt took over: nothing was kept. */
  | { kind: 'stopped' };

export interface JobPayloads {
  render: { taskId: string; accountId: string };
  'render-chunk': ChunkJob;
  webhook: { eventId: string; taskId: string };
  'retention-sweep': Record<string, never>;
  reaper: Record<string, never>;
  'input-cache-sweep': Record<string, never>;
}
export type JobKind = keyof JobPayloads;

/** What a job of each kind returns (kept by Bull as the job's return value). */
export type JobResults = { [K in JobKind]: K extends 'render-chunk' ? ChunkOutcome : void };

export type QueueName = 'render' | 'render-chunk' | 'webhook' | 'maintenance';

export interface JobKindSpec {
  queue: QueueName;
  /** Bull options every job of the kind gets: the retry policy and what is kept afterwards. */
  options: JobOptions;
  /** Periodic kinds are scheduled by the workers (one repeatable job in all, whatever the number of workers). */
  periodic: boolean;
}

export const JOB_KINDS: Readonly<Record<JobKind, JobKindSpec>> = {
  render: {
    queue: 'render',
    // A render job only fails on purpose while its account is at its concurrency allowance:
    // it then waits a second and tries again, for as long as that lasts. A crashed worker's
    // job is taken again by Bull's stall check (RENDER_MAX_ATTEMPTS stalls at most).
    options: { attempts: 1_000_000, backoff: { type: 'fixed', delay: 1_000 }, removeOnComplete: true, removeOnFail: 1000 },
    periodic: false,
  },
  'render-chunk': {
    // A queue of its own: a render job waiting for its chunks holds a render slot, and Bull adds up
    // the concurrency of the kinds sharing a queue, so chunks on the render queue could be left no slot.
    queue: 'render-chunk',
    // A chunk reports a render's failure in its outcome. It throws only when it could not begin (its task
    // unreadable, no work dir): tried again after 1, 2 and 4 s, so a database restart does not fail the task.
    // A stall (a crashed worker) takes it again RENDER_MAX_ATTEMPTS times. The coordinator reads the outcome,
    // then removes the job.
    options: { attempts: 4, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: 1000, removeOnFail: 1000 },
    periodic: false,
  },
  webhook: {
    queue: 'webhook',
    // One job per attempt: the spec's back-off is the delay of the next attempt's job, so Bull never
    // retries one. A failed job kept under its id would make Bull ignore a later enqueue of the same attempt.
    options: { attempts: 1, removeOnComplete: true, removeOnFail: true },
    periodic: false,
  },
  'retention-sweep': { queue: 'maintenance', options: { attempts: 1, removeOnComplete: true, removeOnFail: 100 }, periodic: true },
  reaper: { queue: 'maintenance', options: { attempts: 1, removeOnComplete: true, removeOnFail: 100 }, periodic: true },
  'input-cache-sweep': { queue: 'maintenance', options: { attempts: 1, removeOnComplete: true, removeOnFail: 100 }, periodic: true },
};

/** The job being run, as far as a handler may touch it. */
export interface RunningJob {
  /** Lets the job go while its handler is still running, so another worker takes it (a render handed back at shutdown). */
  releaseLock(): Promise<void>;
  /** Publishes the job's progress (0-100) for whoever waits on it. */
  progress(percent: number): Promise<void>;
}

export interface JobHandler<K extends JobKind> {
  /** Jobs of this kind one worker runs at once. */
  concurrency: number;
  handle(payload: JobPayloads[K], job: RunningJob): Promise<JobResults[K]>;
}

/** A handler for every kind, and nothing else: the type checker enforces it, `checkHandlers` repeats it at run time. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

/** Problems that must stop a worker from starting: kinds without a handler, handlers without a kind. */
export function handlerProblems(handlers: Record<string, unknown>): string[] {
  const declared = Object.keys(JOB_KINDS);
  const given = Object.keys(handlers);
  return [
    ...declared.filter((kind) => !given.includes(kind)).map((kind) => `job kind "${kind}" has no handler`),
    ...given.filter((kind) => !declared.includes(kind)).map((kind) => `handler "${kind}" names no declared job kind`),
  ];
}
