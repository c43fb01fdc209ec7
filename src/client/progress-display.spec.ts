import type { TaskRecord } from './api-models';
import { ProgressDisplay, progressLine } from './progress-display';

const task = (status: string, percentage: number, phase: string | null) =>
  ({ task_id: 'tsk_1', status, progress: { percentage, current_phase: phase, phases: {} } }) as unknown as TaskRecord;

describe('progress display', () => {
  it('draws the bar with the phase and percentage', () => {
    expect(progressLine(task('processing', 50, 'render'))).toBe(`[${'#'.repeat(15)}${'.'.repeat(15)}]  50% render`);
    expect(progressLine(task('queued', 0, null))).toBe(`[${'.'.repeat(30)}]   0% queued`);
  });

  it('redraws one line on a terminal and writes plain lines only on change elsewhere', () => {
    const tty: string[] = [];
    const onTty = new ProgressDisplay({ isTTY: true, write: (text) => tty.push(text) > 0 });
    onTty.update(task('processing', 10, 'download'));
    onTty.update(task('processing', 60, 'render'));
    onTty.finish();
    expect(tty).toHaveLength(3);
    expect(tty[1]).toMatch(/^\r\[#{18}\.{12}\]  60% render\x1b\[K$/);
    expect(tty[2]).toBe('\n');

    const piped: string[] = [];
    const onPipe = new ProgressDisplay({ isTTY: false, write: (text) => piped.push(text) > 0 });
    onPipe.update(task('processing', 10, 'download'));
    onPipe.update(task('processing', 10, 'download'));
    onPipe.update(task('completed', 100, 'completed'));
    onPipe.finish();
    expect(piped).toEqual([`tsk_1 ${progressLine(task('processing', 10, 'download'))}\n`, `tsk_1 ${progressLine(task('completed', 100, 'completed'))}\n`]);
  });
});
