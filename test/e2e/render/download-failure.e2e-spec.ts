/**
 * A 500-clip timeline on a media host that trickles a few bytes a second, with
 * one clip that answers 404: the task fails with that 404, the worker closes
 * every connection the task had open, and a task of another account waiting
 * for a download slot starts downloading at once.
 */
import { TestServer, trickle } from '../../integration/media/test-server';
import type { HttpClient } from '../../support/http-client';
import type { ParsedJson } from '../../support/parsed-json';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(120_000);

const WEBHOOK = { url: 'https://127.0.0.1:9/hook' };
const OUTPUT = { resolution: { width: 160, height: 90 }, framerate: 10 };
const CLIP_MS = 100;

async function until<T>(what: string, check: () => Promise<T | null> | T | null, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function taskWith(client: HttpClient, urls: string[]): Promise<string> {
  // At most 200 clips a track (MAX_CLIPS_PER_TRACK): the clips fill tracks of 200 one after the other.
  const tracks = Array.from({ length: Math.ceil(urls.length / 200) }, (_, t) => ({
    id: `v${t}`,
    type: 'video',
    clips: urls.slice(t * 200, (t + 1) * 200).map((url, i) => ({ id: `c${i}`, media_url: url, start_time_ms: i * CLIP_MS, end_time_ms: (i + 1) * CLIP_MS })),
  }));
  const created = await client.post('/v3/tasks', { input: { timeline: { duration_ms: 200 * CLIP_MS, tracks }, output: OUTPUT }, webhook: WEBHOOK });
  expect(created.status).toBe(201);
  return created.body.task_id as string;
}

describe('a task whose download fails while its other downloads trickle', () => {
  let app: TestApp;
  let host: TestServer;

  beforeAll(async () => {
    host = await new TestServer().start();
    // Two renders at once on the one worker, which has four download slots (the default).
    app = await startTestApp({ role: 'all', env: { WORKER_CONCURRENCY: '2', MEDIA_PARALLEL_DOWNLOADS: '4' } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await host?.stop();
  });

  it("fails with the 404, closes the task's connections and lets another account's task download, each within 5 s", async () => {
    // The clip whose download starts first is the missing one: it takes one of the four slots whatever
    // order the downloads reach them in, and answers 404 when the test says so. Three trickles take the
    // other slots; the other 496 clips wait.
    let missing = '';
    let answer404: () => void = () => undefined;
    let failedAt = 0;
    const trickleClosedAt: number[] = [];
    let trickleOpened = 0;
    const trickling = trickle();
    const urls = Array.from({ length: 500 }, (_, i) => {
      const path = `/a/${i}.mp4`;
      host.routes.set(path, (req, res) => {
        if (missing === '') {
          missing = host.url(path);
          answer404 = () => {
            failedAt = Date.now();
            res.writeHead(404).end();
          };
          return;
        }
        trickleOpened += 1;
        res.on('close', () => trickleClosedAt.push(Date.now()));
        trickling(req, res);
      });
      return host.url(path);
    });
    let otherStartedAt = 0;
    host.routes.set('/b/clip.mp4', (req, res) => {
      otherStartedAt ||= Date.now();
      trickling(req, res);
    });

    const owner = await app.client();
    const other = await app.client();
    const failing = await taskWith(owner, urls);
    await until('the missing clip and three trickles downloading', () => (missing !== '' && trickleOpened === 3 ? true : null), 60_000);

    const waiting = await taskWith(other, [host.url('/b/clip.mp4')]);
    await until('the other task processing', async () => ((await other.get(`/v3/tasks/${waiting}`)).body.status === 'processing' ? true : null), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(otherStartedAt).toBe(0);

    answer404();
    const record: ParsedJson = await until('the task failed', async () => {
      const body = (await owner.get(`/v3/tasks/${failing}`)).body;
      return body.status === 'failed' ? body : null;
    });
    expect(record.error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', details: { media_url: missing, http_status: 404 } });

    await until('every trickle closed', () => (trickleClosedAt.length === trickleOpened ? true : null), 10_000);
    await until("the other account's download started", () => (otherStartedAt > 0 ? true : null), 10_000);
    expect(Math.max(...trickleClosedAt) - failedAt).toBeLessThan(5_000);
    expect(otherStartedAt - failedAt).toBeLessThan(5_000);
    expect(trickleOpened).toBe(3);

    expect((await other.delete(`/v3/tasks/${waiting}`)).status).toBe(200);
  });
});
