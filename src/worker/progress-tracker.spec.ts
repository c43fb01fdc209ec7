import { ProgressTracker } from './progress-tracker';

describe('ProgressTracker', () => {
  it('maps phases onto 0–10, 10–90 and 90–100 and never goes back', () => {
    let now = 0;
    const tracker = new ProgressTracker(() => now);
    tracker.update(0.5);
    expect(tracker.snapshot().percentage).toBe(5);
    now = 2_000;
    tracker.enter('render');
    expect(tracker.snapshot().phases.download).toEqual({ completed: true, progress: 1, duration_seconds: 2 });
    tracker.update(0.5);
    expect(tracker.snapshot().percentage).toBe(50);
    tracker.update(0.25);
    expect(tracker.snapshot().percentage).toBe(50);
    now = 5_000;
    tracker.enter('upload');
    expect(tracker.snapshot()).toMatchObject({ percentage: 90, phase: 'upload' });
    expect(tracker.snapshot().phases.render.duration_seconds).toBe(3);
    tracker.finish();
    expect(tracker.snapshot().percentage).toBe(100);
  });

  it('holds a re-run at the percentage an earlier attempt reported until it passes it', () => {
    const tracker = new ProgressTracker(() => 0, 42);
    expect(tracker.snapshot().percentage).toBe(42);
    tracker.update(1);
    tracker.enter('render');
    tracker.update(0.3);
    expect(tracker.snapshot().percentage).toBe(42);
    tracker.update(0.5);
    expect(tracker.snapshot().percentage).toBe(50);
  });
});
