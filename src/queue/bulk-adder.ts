import type { Job, JobOptions } from 'bull';

/** One job as Bull's `addBulk` takes it (`repeat` is not supported there). */
export interface BulkJob {
  name?: string;
  data: unknown;
  opts: Omit<JobOptions, 'repeat'>;
}

/** The one call a batch goes out through: Bull's `Queue.addBulk`, a single MULTI round trip to Redis. */
export type AddBulk = (jobs: BulkJob[]) => Promise<Job[]>;

/**
 * Adds that arrive within one turn of the event loop leave together as one
 * `addBulk`. A burst of creates (each ends with its render's add) then costs
 * Redis one round trip instead of one per task; a lone add waits only for the
 * end of the current turn (`setImmediate`). Each caller's promise settles with
 * its batch: a batch that Redis refuses fails every add in it, which the
 * callers' own recovery (the reaper re-enqueues queued tasks) already covers.
 */
export class BulkAdder {
  private pending: Array<{ job: BulkJob; resolve: () => void; reject: (error: unknown) => void }> = [];

  constructor(private readonly addBulk: AddBulk) {}

  add(job: BulkJob): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ job, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    // Through a promise so that a synchronous throw (a closed queue) fails the batch the same way.
    Promise.resolve()
      .then(() => this.addBulk(batch.map((entry) => entry.job)))
      .then(
        () => batch.forEach((entry) => entry.resolve()),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      );
  }
}
