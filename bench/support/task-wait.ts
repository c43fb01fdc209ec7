import type { HttpsJson } from './https-json';

/** What the benches read of a task. */
export interface TaskRecord {
  task_id: string;
  status: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  error: unknown;
  progress: { phases: Record<string, { duration_seconds: number }> };
  output: { duration_ms: number; resolution: { width: number; height: number }; file_size_bytes: number } | null;
}

/** Polls a task every `pollMs` until it ends; throws unless it completed. */
export async function waitForCompletion(client: HttpsJson, taskId: string, pollMs: number): Promise<TaskRecord> {
  for (;;) {
    const task = await client.expect<TaskRecord>(200, 'GET', `/v3/tasks/${taskId}`);
    if (task.status === 'completed') return task;
    if (task.status === 'failed' || task.status === 'canceled') throw new Error(`render ${task.status}: ${JSON.stringify(task.error)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
