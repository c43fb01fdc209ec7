import type { TaskRecord } from './api-models';
import type { StreamedTaskEvent } from './event-stream';

export interface ProgressSink {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

/** What the bar shows, whether it was read from the task record or from its events. */
export interface ProgressState {
  taskId: string;
  status: string;
  percentage: number;
  phase: string | null;
}

const BAR_WIDTH = 30;

export function progressOfTask(task: TaskRecord): ProgressState {
  return { taskId: task.task_id, status: task.status, percentage: task.progress.percentage ?? 0, phase: task.progress.current_phase ?? null };
}

const STATUS_AFTER_EVENT: Record<string, string> = {
  'task.queued': 'queued',
  'task.started': 'processing',
  'task.progress': 'processing',
  'task.completed': 'completed',
  'task.failed': 'failed',
  'task.canceled': 'canceled',
};

/** The state after `event`; a failed or canceled task keeps the percentage it had reached. */
export function progressAfterEvent(previous: ProgressState | null, event: StreamedTaskEvent): ProgressState {
  const status = STATUS_AFTER_EVENT[event.event] ?? previous?.status ?? 'queued';
  const reported = (event.data as { progress?: { percentage?: number; current_phase?: string } }).progress;
  const percentage = status === 'completed' ? 100 : (reported?.percentage ?? previous?.percentage ?? 0);
  const phase = event.event === 'task.progress' ? (reported?.current_phase ?? null) : null;
  return { taskId: event.task_id, status, percentage, phase };
}

/** `[#########.....]  42% <what>`. */
export function barLine(percentage: number, what: string): string {
  const shown = Math.max(0, Math.min(100, Math.round(percentage)));
  const filled = Math.round((shown / 100) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(shown).padStart(3)}% ${what}`;
}

/** `[#########.....]  42% render` for a task's progress. */
export function progressLine(state: ProgressState): string {
  return barLine(state.percentage, state.status === 'queued' ? 'queued' : (state.phase ?? state.status));
}

/**
 * Shows task progress: one line redrawn in place on a terminal; on a pipe or a
 * file, a plain line whenever the status, phase or percentage changes.
 */
export class ProgressDisplay {
  private last = '';
  private state: ProgressState | null = null;

  constructor(private readonly sink: ProgressSink) {}

  update(task: TaskRecord): void {
    this.show(progressOfTask(task));
  }

  updateFromEvent(event: StreamedTaskEvent): void {
    this.show(progressAfterEvent(this.state, event));
  }

  /** A line of its own; on a terminal the bar is drawn again below it. */
  note(text: string): void {
    if (this.sink.isTTY) this.sink.write(`\r${text}\x1b[K\n${this.last}`);
    else this.sink.write(`${text}\n`);
  }

  /** Ends the redrawn line so later output starts on a fresh one. */
  finish(): void {
    if (this.sink.isTTY && this.last) this.sink.write('\n');
  }

  private show(state: ProgressState): void {
    this.state = state;
    const line = progressLine(state);
    if (line === this.last) return;
    this.last = line;
    if (this.sink.isTTY) this.sink.write(`\r${line}\x1b[K`);
    else this.sink.write(`${state.taskId} ${line}\n`);
  }
}
