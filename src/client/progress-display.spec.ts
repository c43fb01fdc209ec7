import type { TaskRecord } from './api-models';
import type { StreamedTaskEvent } from './event-stream';
import { ProgressDisplay, progressAfterEvent, progressLine, progressOfTask } from './progress-display';

const task = (status: string, percentage: number, phase: string | null) =>
  ({ task_id: 'tsk_1', status, progress: { percentage, current_phase: phase, phases: {} } }) as unknown as TaskRecord;

const event = (type: string, data: Record<string, unknown> = {}): StreamedTaskEvent => ({
  id: `evt_${type}`,
  event: type,
  timestamp: '2025-01-17T10:00:00.000Z',
  task_id: 'tsk_1',
  data,
});

describe('progress display', () => {
  it('draws the bar with the phase and percentage', () => {
    expect(progressLine(progressOfTask(task('processing', 50, 'render')))).toBe(`[${'#'.repeat(15)}${'.'.repeat(15)}]  50% render`);
    expect(progressLine(progressOfTask(task('queued', 0, null)))).toBe(`[${'.'.repeat(30)}]   0% queued`);
  });

  it('follows the events: status from the type, percentage and phase from task.progress, kept when the task fails', () => {
    const lines: string[] = [];
    let state = null;
    for (const next of [
      event('task.queued', { queue_position: 1 }),
      event('task.started', { worker_id: 'w' }),
      event('task.progress', { progress: { percentage: 40, current_phase: 'render', phase_progress: 0.4 } }),
      event('task.failed', { error: { code: 'RENDER_FAILED' } }),
    ]) {
      state = progressAfterEvent(state, next);
      lines.push(progressLine(state));
    }
    expect(lines).toEqual([
      `[${'.'.repeat(30)}]   0% queued`,
      `[${'.'.repeat(30)}]   0% processing`,
      `[${'#'.repeat(12)}${'.'.repeat(18)}]  40% render`,
      `[${'#'.repeat(12)}${'.'.repeat(18)}]  40% failed`,
    ]);
    expect(progressLine(progressAfterEvent(state, event('task.completed', { output: {} })))).toBe(`[${'#'.repeat(30)}] 100% completed`);
  });

  it('redraws one line on a terminal and writes plain lines only on change elsewhere', () => {
    const tty: string[] = [];
    const onTty = new ProgressDisplay({ isTTY: true, write: (text) => tty.push(text) > 0 });
    onTty.update(task('processing', 10, 'download'));
    onTty.update(task('processing', 60, 'render'));
    onTty.note('polling instead');
    onTty.finish();
    expect(tty).toHaveLength(4);
    expect(tty[1]).toBe(`\r[${'#'.repeat(18)}${'.'.repeat(12)}]  60% render\x1b[K`);
    // The note takes the bar's line, and the bar is drawn again under it.
    expect(tty[2]).toBe(`\rpolling instead\x1b[K\n${progressLine(progressOfTask(task('processing', 60, 'render')))}`);
    expect(tty[3]).toBe('\n');

    const piped: string[] = [];
    const onPipe = new ProgressDisplay({ isTTY: false, write: (text) => piped.push(text) > 0 });
    onPipe.update(task('processing', 10, 'download'));
    onPipe.updateFromEvent(event('task.progress', { progress: { percentage: 10, current_phase: 'download' } }));
    onPipe.updateFromEvent(event('task.completed'));
    onPipe.finish();
    expect(piped).toEqual([
      `tsk_1 ${progressLine(progressOfTask(task('processing', 10, 'download')))}\n`,
      `tsk_1 ${progressLine(progressOfTask(task('completed', 100, 'completed')))}\n`,
    ]);
  });
});
