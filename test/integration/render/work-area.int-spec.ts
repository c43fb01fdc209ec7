/**
 * A render's temporary files live in its worker's work area and go when the
 * render ends: a canceled task and a failed one leave nothing there, and a
 * worker that starts removes the area a SIGKILLed worker left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownWorkArea, workAreaOf } from '../../../src/worker/work-area';
import type { HttpClient } from '../../support/http-client';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import type { ParsedJson } from '../../support/parsed-json';
import { present } from '../../support/present';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(180_000);

const WEBHOOK = { url: 'https://127.0.0.1:9/hook' };

async function until<T>(what: string, check: () => Promise<T | null> | T | null, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A process killed with SIGKILL that had made a work area and left a render's files in it. */
async function killedWorkerArea(dataDir: string): Promise<string> {
  const victim = spawn('sleep', ['60'], { stdio: 'ignore' });
  const area = present(workAreaOf(dataDir, present(victim.pid, 'the child pid')), "the child's work area");
  mkdirSync(join(area, 'tsk_killed', 'compositor-x'), { recursive: true });
  writeFileSync(join(area, 'tsk_killed', 'input.mp4'), Buffer.alloc(4096));
  writeFileSync(join(area, 'tsk_killed', 'compositor-x', 'shot-0.png'), Buffer.alloc(4096));
  const exited = new Promise((resolve) => victim.once('exit', resolve));
  victim.kill('SIGKILL');
  await exited;
  return area;
}

describe("a worker's work area", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-work-area-'));
  let killedArea: string;
  let media: MediaFixtures;
  let app: TestApp;
  let client: HttpClient;
  let area: string;

  beforeAll(async () => {
    killedArea = await killedWorkerArea(dataDir);
    media = await startMediaFixtures();
    app = await startTestApp({ role: 'all', dataDir, env: { WORKER_CONCURRENCY: '1' } });
    client = await app.client();
    // The worker runs in this process.
    area = ownWorkArea(dataDir);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  const record = async (taskId: string) => (await client.get(`/v3/tasks/${taskId}`)).body;
  const create = async (mediaUrl: string, durationMs: number) => {
    const created = await client.post('/v3/tasks', {
      input: {
        timeline: {
          duration_ms: durationMs,
          tracks: [
            { id: 'v', type: 'video', clips: [{ id: 'c', media_url: mediaUrl, start_time_ms: 0, end_time_ms: durationMs, properties: { rotation: 10 } }] },
          ],
        },
        output: { resolution: { width: 320, height: 180 }, framerate: 30 },
      },
      webhook: WEBHOOK,
    });
    expect(created.status).toBe(201);
    return created.body.task_id as string;
  };
  const areaEmptied = () => until('the work area emptied', () => (readdirSync(area).length === 0 ? true : null), 10_000);

  it('removed, at start, the area of a worker killed mid-render, and made its own', () => {
    expect(existsSync(killedArea)).toBe(false);
    expect(readdirSync(area)).toEqual([]);
  });

  it('keeps the files of a render in progress there, and removes them when the task is canceled', async () => {
    // Two minutes of video: still drawing when it is canceled.
    const taskId = await create(`${media.baseUrl}/green-320x180.jpg`, 120_000);
    await until('the render phase', async () => {
      const now: ParsedJson = await record(taskId);
      return now.status === 'processing' && now.progress.current_phase === 'render' ? now : null;
    });
    expect(readdirSync(area)).toEqual([taskId]);
    expect(readdirSync(join(area, taskId)).length).toBeGreaterThan(0);

    expect((await client.delete(`/v3/tasks/${taskId}`)).body.status).toBe('canceled');
    await areaEmptied();
  });

  it('removes the files of a task that fails', async () => {
    const taskId = await create(`${media.baseUrl}/not-media.mp4`, 1_000);
    const failed = await until('the failure', async () => {
      const now: ParsedJson = await record(taskId);
      return now.status === 'failed' ? now : null;
    });
    expect(failed.error).toMatchObject({ code: 'INVALID_MEDIA_FORMAT' });
    expect(media.hits.get('not-media.mp4')).toBe(1);
    await areaEmptied();
  });
});
