import type { PhaseName, PhaseState } from '../tasks/task.types';

/** Share of the overall percentage each phase covers (docs/api.md, "Progress"). */
export const PHASE_SPAN: Record<PhaseName, [number, number]> = { download: [0, 10], render: [10, 90], upload: [90, 100] };

export interface ProgressSnapshot {
  percentage: number;
  phase: PhaseName;
  phaseProgress: number;
  phases: Record<PhaseName, PhaseState>;
}

/**
 * Tracks the phases of one render: download → render → upload, with their
 * durations, and an overall percentage that never decreases.
 */
export class ProgressTracker {
  private phase: PhaseName = 'download';
  private phaseStartedAt: number;
  private percentage = 0;
  private phaseProgress = 0;
  private readonly phases: Record<PhaseName, PhaseState>;

  /** `floor`: the percentage already reported by an earlier attempt, which this one must not go below. */
  constructor(
    private readonly now: () => number = Date.now,
    floor = 0,
  ) {
    this.percentage = Math.min(100, Math.max(0, floor));
    this.phaseStartedAt = now();
    this.phases = {
      download: { completed: false, duration_seconds: 0, progress: 0 },
      render: { completed: false, duration_seconds: 0, progress: 0 },
      upload: { completed: false, duration_seconds: 0, progress: 0 },
    };
  }

  enter(phase: PhaseName): void {
    if (phase === this.phase) return;
    this.finishCurrent();
    this.phase = phase;
    this.phaseStartedAt = this.now();
    this.update(0);
  }

  /** Progress within the current phase, 0–1. */
  update(fraction: number): void {
    const clamped = Math.min(1, Math.max(0, fraction));
    this.phaseProgress = Math.max(this.phaseProgress, clamped);
    this.phases[this.phase].progress = this.phaseProgress;
    this.phases[this.phase].duration_seconds = (this.now() - this.phaseStartedAt) / 1000;
    const [from, to] = PHASE_SPAN[this.phase];
    this.percentage = Math.max(this.percentage, Math.floor(from + (to - from) * this.phaseProgress));
  }

  finish(): void {
    this.finishCurrent();
    this.percentage = 100;
  }

  snapshot(): ProgressSnapshot {
    return {
      percentage: this.percentage,
      phase: this.phase,
      phaseProgress: this.phaseProgress,
      phases: structuredClone(this.phases),
    };
  }

  private finishCurrent(): void {
    this.phases[this.phase] = { completed: true, progress: 1, duration_seconds: (this.now() - this.phaseStartedAt) / 1000 };
    this.phaseProgress = 0;
  }
}
