import type { JobOptions } from 'bull';

/**
 * Every job kind, declared once: the queue it runs on, its payload and its
 * retry policy. A worker registers exactly one handler per kind
 * (`JobQueues.start`), and refuses to start when a kind has no handler or a
 * handler names no kind. Retries are Bull's, configured here; handlers never
 * re-implement them.
 */
export interface JobPayloads {
  render: { taskId: string; accountId: string };
  webhook: { eventId: string; taskId: string };
  'retention-sweep': Record<string, never>;
  reaper: Record<string, never>;
  'input-cache-sweep': Record<string, never>;
}
export type JobKind = keyof JobPayloads;

export type QueueName = 'render' | 'webhook' | 'maintenance';

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
}

export interface JobHandler<K extends JobKind> {
  /** Jobs of this kind one worker runs at once. */
  concurrency: number;
  handle(payload: JobPayloads[K], job: RunningJob): Promise<void>;
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
