import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { HttpClient } from './http-client';
import type { TestApp } from './test-app';

/**
 * Posts a create body as a new client of `app`, waits for the task to end,
 * expects it completed and writes its video to `path`; the task's id, the client that owns it and its record.
 */
export async function renderThroughApi(app: TestApp, body: Record<string, unknown>, path: string): Promise<RenderedTask> {
  const client = await app.client();
  const created = await client.post('/v3/tasks', body);
  expect(created.status).toBe(201);
  const taskId = created.body.task_id as string;
  return { taskId, client, record: await downloadWhenCompleted(app, client, taskId, path) };
}

/** Waits for the task to end, expects it completed, writes its video to `path` and gives its record. */
export async function downloadWhenCompleted(app: TestApp, client: HttpClient, taskId: string, path: string): Promise<TaskRecord> {
  let record;
  for (let i = 0; i < 1500; i++) {
    record = (await client.get(`/v3/tasks/${taskId}`)).body;
    if (record.status === 'completed' || record.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(record.error).toBeNull();
  await downloadOutput(app, record.output.video_url, path);
  return record;
}

/** The task record's output URLs this helper's callers read. */
export interface TaskRecord {
  output: { video_url: string; thumbnail_url: string; preview_url: string };
}

export interface RenderedTask {
  taskId: string;
  client: HttpClient;
  record: TaskRecord;
}

/** Downloads one of a task's output URLs (signed, no key needed) to `path`. */
export async function downloadOutput(app: TestApp, signedUrl: string, path: string): Promise<void> {
  const url = new URL(signedUrl);
  writeFileSync(path, (await app.anonymous().get(url.pathname + url.search)).raw);
}

/** Frame number `frame` (exact frame, not a seek time) of a video, raw in `pixelFormat` (rgb24, gray, …), cropped when asked. */
export function decodedFrame(video: string, frame: number, pixelFormat: string, crop?: { x: number; y: number; width: number; height: number }): Buffer {
  const filters = [`select=eq(n\\,${frame})`, `format=${pixelFormat}`];
  if (crop) filters.push(`crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`);
  return execFileSync(
    'ffmpeg',
    ['-loglevel', 'error', '-i', video, '-vf', filters.join(','), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', pixelFormat, '-'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
}
