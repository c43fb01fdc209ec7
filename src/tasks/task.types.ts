import type { RenderErrorCode } from '../common/error-codes';

export const TASK_STATUSES = ['queued', 'processing', 'completed', 'failed', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export type PhaseName = 'download' | 'render' | 'upload';
export const PHASES: readonly PhaseName[] = ['download', 'render', 'upload'];

export interface PhaseState {
  completed: boolean;
  duration_seconds: number;
  /** 0–1 within the phase. */
  progress: number;
}

export interface StoredFile {
  key: string;
  size_bytes: number;
  expires_at: number;
}

/** What a completed render left in storage; URLs are signed when read. */
export interface StoredOutput {
  video: StoredFile;
  thumbnail: StoredFile;
  preview: StoredFile;
  duration_ms: number;
  resolution: { width: number; height: number };
  format: string;
}

export interface TaskErrorRecord {
  code: RenderErrorCode;
  message: string;
  details: Record<string, unknown>;
  retry_possible: boolean;
  suggested_action: string | null;
}

export const PRIORITY_RANK = { low: 1, standard: 2, high: 3, urgent: 4 } as const;
