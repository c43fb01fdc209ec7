import type { TaskTransitions } from '../tasks/task-transitions';
import type { TaskEntity } from '../tasks/task.entity';
import { type ProgressSnapshot, ProgressTracker } from './progress-tracker';
import { ProgressWriter } from './progress-writer';

describe('ProgressWriter', () => {
  function writer(): { progress: ProgressWriter; written: ProgressSnapshot[] } {
    const written: ProgressSnapshot[] = [];
    const transitions = { progress: async (_task: TaskEntity, snapshot: ProgressSnapshot) => void written.push(snapshot) } as unknown as TaskTransitions;
    const task = { startedAt: Date.now() } as TaskEntity;
    return { progress: new ProgressWriter(new ProgressTracker(), task, transitions, 30_000), written };
  }

  it('writes at most once a second, but a phase that begins at once', async () => {
    const { progress, written } = writer();
    progress.update(0.5);
    progress.update(1); // within the second: not written
    progress.enter('render'); // the download's last update was just written: the render's start is written all the same
    progress.update(0.1); // within the second again
    progress.enter('render'); // no new phase: nothing to write
    await progress.settled();
    expect(written.map((s) => [s.phase, s.percentage])).toEqual([
      ['download', 5],
      ['render', 10],
    ]);
    expect(written[1].phases.download.completed).toBe(true);
  });
});
