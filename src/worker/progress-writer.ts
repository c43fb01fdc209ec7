import type { TaskTransitions } from '../tasks/task-transitions';
import type { TaskEntity } from '../tasks/task.entity';
import type { PhaseName } from '../tasks/task.types';
import type { ProgressTracker } from './progress-tracker';

const PROGRESS_WRITE_MS = 1_000;

/**
 * Writes a render's progress to its task: at most once a PROGRESS_WRITE_MS,
 * and whenever a phase begins, with a progress event when the event interval
 * (config.progressIntervalMs) has passed since the last.
 */
export class ProgressWriter {
  private lastWrite = 0;
  private lastEvent: number;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly tracker: ProgressTracker,
    private readonly task: TaskEntity,
    private readonly transitions: TaskTransitions,
    private readonly eventIntervalMs: number,
  ) {
    this.lastEvent = task.startedAt ?? Date.now();
  }

  update(fraction: number): void {
    this.tracker.update(fraction);
    this.report();
  }

  /** A phase that begins is written at once, however recent the last write: the record's `current_phase` changes. */
  enter(phase: PhaseName): void {
    const begins = this.tracker.snapshot().phase !== phase;
    this.tracker.enter(phase);
    this.report(begins);
  }

  /** Resolves once the writes asked for so far are done (a failed write is dropped). */
  settled(): Promise<void> {
    return this.writing;
  }

  private report(force = false): void {
    const now = Date.now();
    if (!force && now - this.lastWrite < PROGRESS_WRITE_MS) return;
    this.lastWrite = now;
    const emit = now - this.lastEvent >= this.eventIntervalMs;
    if (emit) this.lastEvent = now;
    const snapshot = this.tracker.snapshot();
    this.writing = this.writing.then(() => this.transitions.progress(this.task, snapshot, emit)).catch(() => undefined);
  }
}
