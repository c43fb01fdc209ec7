import { existsSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { ownWorkArea } from '../../../src/worker/work-area';
import type { HttpClient } from '../../support/http-client';
import { ffprobe, pixelAt, startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import type { ParsedJson } from '../../support/parsed-json';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(180_000);

const WEBHOOK = { url: 'https://127.0.0.1:9/hook' };

async function waitFor(client: HttpClient, taskId: string, done: (record: ParsedJson) => boolean, timeoutMs = 90_000): Promise<ParsedJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = (await client.get(`/v3/tasks/${taskId}`)).body;
    if (done(record)) return record;
    if (Date.now() > deadline) throw new Error(`task ${taskId} did not get there in time: ${JSON.stringify(record).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const finished = (record: { status: string }) => ['completed', 'failed', 'canceled'].includes(record.status);

function near(actual: number[], expected: number[], tolerance = 24): boolean {
  return actual.every((value, index) => Math.abs(value - expected[index]) <= tolerance);
}

describe('rendering through the API', () => {
  let app: TestApp;
  let media: MediaFixtures;
  let client: HttpClient;
  const outDir = mkdtempSync(join(tmpdir(), 'rs-out-'));

  beforeAll(async () => {
    media = await startMediaFixtures();
    app = await startTestApp({ role: 'all', env: { WORKER_CONCURRENCY: '1' } });
    client = await app.client();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  function timeline(durationMs: number, tracks: unknown[]) {
    return { duration_ms: durationMs, tracks };
  }

  async function download(url: string, name: string): Promise<{ path: string; bytes: Buffer; status: number }> {
    const parsed = new URL(url);
    const response = await app.anonymous().get(parsed.pathname + parsed.search);
    const path = join(outDir, name);
    writeFileSync(path, response.raw);
    return { path, bytes: response.raw, status: response.status };
  }

  it('renders video, image and audio clips into a real file, thumbnail and preview', async () => {
    const created = await client.post('/v3/tasks', {
      input: {
        timeline: timeline(1000, [
          {
            id: 'base',
            type: 'video',
            clips: [{ id: 'v', media_url: `${media.baseUrl}/yellow-2s.mp4`, start_time_ms: 0, end_time_ms: 1000, properties: { fit: 'cover' } }],
          },
          {
            id: 'over',
            type: 'video',
            clips: [{ id: 'i', media_url: `${media.baseUrl}/red-320x180.png`, start_time_ms: 500, end_time_ms: 1000, properties: { z_index: 1 } }],
          },
          {
            id: 'music',
            type: 'audio',
            clips: [{ id: 'a', media_url: `${media.baseUrl}/tone-2s.wav`, start_time_ms: 0, end_time_ms: 1000, properties: { volume: 0.5, fade_in_ms: 200 } }],
          },
        ]),
        output: { resolution: { width: 320, height: 180 }, framerate: 10 },
      },
      webhook: WEBHOOK,
    });
    expect(created.status).toBe(201);
    const record = await waitFor(client, created.body.task_id, finished);
    expect(record.error).toBeNull();
    expect(record.status).toBe('completed');
    expect(record.progress).toMatchObject({ percentage: 100, current_phase: 'completed' });
    for (const phase of ['download', 'render', 'upload']) expect(record.progress.phases[phase].completed).toBe(true);
    expect(record.started_at).not.toBeNull();
    expect(record.metadata.processing_time_seconds).toBeGreaterThan(0);
    expect(record.metadata.estimated_vs_actual.accuracy).toBeGreaterThanOrEqual(0);
    expect(record.metadata.estimated_vs_actual.accuracy).toBeLessThanOrEqual(1);
    expect(record.output).toMatchObject({ resolution: { width: 320, height: 180 }, format: 'mp4' });
    expect(record.output.video_url).toMatch(/\/files\/.+video\.mp4\?expires=\d+&signature=[0-9a-f]{64}$/);

    const video = await download(record.output.video_url, 'video.mp4');
    expect(video.status).toBe(200);
    expect(record.output.file_size_bytes).toBe(video.bytes.length);
    const probe = ffprobe(video.path);
    expect(probe.format.format_name).toContain('mp4');
    const videoStream = probe.streams.find((s) => s.codec_type === 'video');
    expect(videoStream).toMatchObject({ codec_name: 'h264', width: 320, height: 180, r_frame_rate: '10/1' });
    expect(probe.streams.some((s) => s.codec_type === 'audio' && s.codec_name === 'aac')).toBe(true);
    expect(Math.abs(Number(probe.format.duration) - 1)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(record.output.duration_ms - 1000)).toBeLessThanOrEqual(100);
    expect(near(pixelAt(video.path, 0.2, 160, 90), [255, 255, 0])).toBe(true);
    expect(near(pixelAt(video.path, 0.8, 160, 90), [255, 0, 0])).toBe(true);

    const thumbnail = await download(record.output.thumbnail_url, 'thumb.jpg');
    expect(thumbnail.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const preview = await download(record.output.preview_url, 'preview.gif');
    expect(preview.bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');

    const tampered = record.output.video_url.replace(/signature=([0-9a-f])/, (_: string, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect((await download(tampered, 'tampered')).status).toBe(403);

    const events = await app.runtime.db.run((m) => m.find(TaskEventEntity, { where: { taskId: record.task_id }, order: { seq: 'ASC' } }));
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('task.queued');
    expect(types[1]).toBe('task.started');
    expect(types[types.length - 1]).toBe('task.completed');
    const completed = JSON.parse(events[events.length - 1].body);
    expect(completed.data.output.video_url).toBe(record.output.video_url);
  });

  it('fails with MEDIA_DOWNLOAD_FAILED for a missing file and INVALID_MEDIA_FORMAT for bytes that are no media', async () => {
    const missing = await client.post('/v3/tasks', {
      input: {
        timeline: timeline(500, [{ id: 'v', type: 'video', clips: [{ id: 'c', media_url: `${media.baseUrl}/nope.mp4`, start_time_ms: 0, end_time_ms: 500 }] }]),
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: WEBHOOK,
    });
    const garbage = await client.post('/v3/tasks', {
      input: {
        timeline: timeline(500, [
          { id: 'v', type: 'video', clips: [{ id: 'c', media_url: `${media.baseUrl}/not-media.mp4`, start_time_ms: 0, end_time_ms: 500 }] },
        ]),
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: WEBHOOK,
    });
    const failedMissing = await waitFor(client, missing.body.task_id, finished);
    expect(failedMissing.status).toBe('failed');
    expect(failedMissing.error).toMatchObject({
      code: 'MEDIA_DOWNLOAD_FAILED',
      retry_possible: true,
      details: { media_url: `${media.baseUrl}/nope.mp4`, http_status: 404 },
    });
    const failedGarbage = await waitFor(client, garbage.body.task_id, finished);
    expect(failedGarbage.error).toMatchObject({ code: 'INVALID_MEDIA_FORMAT', retry_possible: false });

    const retry = await client.post(`/v3/tasks/${missing.body.task_id}/retry`);
    expect(retry.status).toBe(201);
    const retried = await waitFor(client, retry.body.task_id, finished);
    expect(retried).toMatchObject({ status: 'failed', original_task_id: missing.body.task_id, retry_count: 1 });
  });

  it('stops a render that is canceled while processing and keeps no output', async () => {
    const created = await client.post('/v3/tasks', {
      input: {
        // Two minutes of video: long enough to be canceled mid-render by either engine (the compositor draws 20 s in ~1.5 s).
        timeline: timeline(120_000, [
          {
            id: 'v',
            type: 'video',
            clips: [{ id: 'c', media_url: `${media.baseUrl}/green-320x180.jpg`, start_time_ms: 0, end_time_ms: 120_000, properties: { rotation: 10 } }],
          },
        ]),
        output: { resolution: { width: 320, height: 180 }, framerate: 30 },
      },
      webhook: WEBHOOK,
    });
    await waitFor(client, created.body.task_id, (record) => record.status === 'processing' && record.progress.current_phase === 'render');
    const canceledAt = Date.now();
    const cancel = await client.delete(`/v3/tasks/${created.body.task_id}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('canceled');
    // The worker notices within a poll interval and frees itself: the next task starts promptly.
    const next = await client.post('/v3/tasks', {
      input: {
        timeline: timeline(300, [
          { id: 'v', type: 'video', clips: [{ id: 'c', media_url: `${media.baseUrl}/red-320x180.png`, start_time_ms: 0, end_time_ms: 300 }] },
        ]),
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: WEBHOOK,
    });
    const nextRecord = await waitFor(client, next.body.task_id, (record) => record.started_at !== null, 30_000);
    expect(Date.parse(nextRecord.started_at) - canceledAt).toBeLessThan(5_000);
    const record = (await client.get(`/v3/tasks/${created.body.task_id}`)).body;
    expect(record.status).toBe('canceled');
    expect(record.output).toBeNull();
    await waitFor(client, next.body.task_id, finished);
    // The worker runs in this process: its work area is this process's.
    expect(existsSync(join(ownWorkArea(app.config.dataDir), created.body.task_id))).toBe(false);
  });

  it('starts an urgent task before standard ones queued earlier', async () => {
    const body = (priority: string, durationMs = 300) => ({
      input: {
        timeline: timeline(durationMs, [
          { id: 'v', type: 'video', clips: [{ id: 'c', media_url: `${media.baseUrl}/red-320x180.png`, start_time_ms: 0, end_time_ms: durationMs }] },
        ]),
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: WEBHOOK,
      metadata: { priority },
    });
    const blocker = await client.post('/v3/tasks', body('standard', 3_000));
    await waitFor(client, blocker.body.task_id, (record) => record.status === 'processing');
    const standardA = await client.post('/v3/tasks', body('standard'));
    const standardB = await client.post('/v3/tasks', body('standard'));
    const urgent = await client.post('/v3/tasks', body('urgent'));
    expect(urgent.body.queue_position).toBe(1);
    const records = await Promise.all([urgent, standardA, standardB].map((r) => waitFor(client, r.body.task_id, finished)));
    const [u, a, b] = records.map((record) => Date.parse(record.started_at));
    expect(u).toBeLessThan(a);
    expect(u).toBeLessThan(b);
  });
});

describe('per-account concurrency', () => {
  let app: TestApp;
  let media: MediaFixtures;

  beforeAll(async () => {
    media = await startMediaFixtures();
    app = await startTestApp({ role: 'all', env: { WORKER_CONCURRENCY: '2', RENDER_CONCURRENCY: '1' } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  it('keeps an account at its allowance: the second task waits (never rejected) until the first is done', async () => {
    const client = await app.client({ concurrentRenders: 1 });
    const body = {
      input: {
        timeline: {
          duration_ms: 1000,
          tracks: [{ id: 'v', type: 'video', clips: [{ id: 'c', media_url: `${media.baseUrl}/red-320x180.png`, start_time_ms: 0, end_time_ms: 1000 }] }],
        },
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: WEBHOOK,
    };
    const first = await client.post('/v3/tasks', body);
    const second = await client.post('/v3/tasks', body);
    expect(second.status).toBe(201);
    const [a, b] = await Promise.all([first, second].map((r) => waitFor(client, r.body.task_id, finished)));
    expect(a.status).toBe('completed');
    expect(b.status).toBe('completed');
    const [earlier, later] = [a, b].sort((x, y) => Date.parse(x.started_at) - Date.parse(y.started_at));
    expect(Date.parse(later.started_at)).toBeGreaterThanOrEqual(Date.parse(earlier.completed_at));
  });
});
