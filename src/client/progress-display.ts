import type { TaskRecord } from './api-models';

export interface ProgressSink {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

const BAR_WIDTH = 30;

/** `[#########.....]  42% render` for a task record. */
export function progressLine(task: TaskRecord): string {
  const percentage = Math.max(0, Math.min(100, Math.round(task.progress.percentage ?? 0)));
  const filled = Math.round((percentage / 100) * BAR_WIDTH);
  const phase = task.status === 'queued' ? 'queued' : (task.progress.current_phase ?? task.status);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(percentage).padStart(3)}% ${phase}`;
}

/**
 * Shows task progress: one line redrawn in place on a terminal; on a pipe or a
 * file, a plain line whenever the status, phase or percentage changes.
 */
export class ProgressDisplay {
  private last = '';

  constructor(private readonly sink: ProgressSink) {}

  update(task: TaskRecord): void {
    const line = progressLine(task);
    if (line === this.last) return;
    this.last = line;
    if (this.sink.isTTY) this.sink.write(`\r${line}\x1b[K`);
    else this.sink.write(`${task.task_id} ${line}\n`);
  }

  /** Ends the redrawn line so later output starts on a fresh one. */
  finish(): void {
    if (this.sink.isTTY && this.last) this.sink.write('\n');
  }
}
