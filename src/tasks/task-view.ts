import type { TaskEntity } from './task.entity';
import type { TaskRecordFields, TaskSummaryFields } from './tasks.repository';
import { accuracyOf } from './estimate-model';
import type { StoredFile, StoredOutput } from './task.types';
import { isoTime } from '../common/iso-time';

/** What the views need from storage: a pre-signed URL for a stored object. */
export interface OutputUrlSigner {
  signedUrl(key: string, expiresAt: Date): Promise<string>;
}

/** A stored output as clients read it: URLs signed while the files are kept. */
export async function outputView(output: StoredOutput, signer: OutputUrlSigner, now: number) {
  const url = async (file: StoredFile) => (file.expires_at > now ? signer.signedUrl(file.key, new Date(file.expires_at)) : null);
  return {
    video_url: await url(output.video),
    thumbnail_url: await url(output.thumbnail),
    preview_url: await url(output.preview),
    duration_ms: output.duration_ms,
    file_size_bytes: output.video.size_bytes,
    resolution: output.resolution,
    format: output.format,
    expires_at: new Date(output.video.expires_at).toISOString(),
    expired: output.video.expires_at <= now,
  };
}

/** How the estimate fared against a render that ran to its end (completed or failed); null before, and for a canceled task. */
export function estimatedVsActual(task: Pick<TaskEntity, 'status' | 'processingSeconds' | 'estimatedSeconds'>) {
  if (task.processingSeconds === null || task.status === 'canceled') return null;
  return {
    estimated: task.estimatedSeconds,
    actual: round2(task.processingSeconds),
    accuracy: round2(accuracyOf(task.estimatedSeconds, task.processingSeconds)),
  };
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** The task record of GET /v3/tasks/{id}: every field present at every state, null until set. */
export async function taskRecord(task: TaskRecordFields, signer: OutputUrlSigner, now: number) {
  return {
    task_id: task.id,
    status: task.status,
    created_at: isoTime(task.createdAt),
    started_at: isoTime(task.startedAt),
    completed_at: isoTime(task.completedAt),
    failed_at: isoTime(task.failedAt),
    canceled_at: isoTime(task.canceledAt),
    priority: task.priority,
    model: task.model,
    progress: {
      percentage: task.progressPercentage,
      current_phase: task.progressPhase,
      phases: {
        download: { completed: task.phases.download.completed, duration_seconds: round2(task.phases.download.duration_seconds) },
        render: { completed: task.phases.render.completed, duration_seconds: round2(task.phases.render.duration_seconds) },
        upload: { completed: task.phases.upload.completed, duration_seconds: round2(task.phases.upload.duration_seconds) },
      },
    },
    output: task.output && (await outputView(task.output, signer, now)),
    error: task.error,
    metadata: {
      user_reference: task.userReference,
      tags: task.tags,
      processing_time_seconds: task.processingSeconds === null ? null : round2(task.processingSeconds),
      estimated_vs_actual: estimatedVsActual(task),
    },
    estimated_duration_seconds: Math.round(task.estimatedSeconds),
    original_task_id: task.retryOf,
    retried_by: task.retriedBy,
    retry_count: task.retryCount,
    links: { self: `/v3/tasks/${task.id}`, cancel: `/v3/tasks/${task.id}` },
  };
}

export function taskSummary(task: TaskSummaryFields) {
  return {
    task_id: task.id,
    status: task.status,
    created_at: isoTime(task.createdAt),
    completed_at: isoTime(task.completedAt),
    metadata: { user_reference: task.userReference, tags: task.tags },
  };
}
