/**
 * What a client reads of a failed render: the task record's `error`, the
 * `task.failed` webhook and the event stream say what went wrong in the
 * service's own words, never a tool's output (ffprobe's, ffmpeg's) or an
 * exception's text with the absolute paths of the worker's disk; those go to
 * the worker's log, with the task id, where the URLs' query tokens do not.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpClient } from '../../support/http-client';
import { EventStreamReader } from '../../support/event-stream-reader';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import type { ParsedJson } from '../../support/parsed-json';
import { present } from '../../support/present';
import { startTestApp, type TestApp } from '../../support/test-app';
import { webhookEnvelope, WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(180_000);

const MEDIA_TOKEN = 'media-token-4b1d';
const HOOK_TOKEN = 'hook-token-9c2e';

interface LogLine {
  msg: string;
  task_id?: string;
  webhook_url?: string;
  err?: { message: string };
}

describe('failed renders as clients and the log see them', () => {
  let app: TestApp;
  let media: MediaFixtures;
  let receiver: WebhookReceiver;
  let client: HttpClient<string>;
  const logLines: string[] = [];

  beforeAll(async () => {
    media = await startMediaFixtures();
    app = await startTestApp({ role: 'all', env: { WORKER_CONCURRENCY: '1', LOG_LEVEL: 'info' }, log: { write: (line: string) => void logLines.push(line) } });
    receiver = await WebhookReceiver.start(app.certPath, app.keyPath);
    const issued = await app.runtime.keys.create({ account: 'failure-reports', tier: 'pro', rateLimitPerMinute: 10_000 });
    client = new HttpClient(app.baseUrl, app.ca, issued.key);
    // A file where the account's storage folder would go: the upload fails with ENOTDIR and the folder's absolute path.
    const storageRoot = join(app.config.dataDir, 'storage');
    mkdirSync(storageRoot, { recursive: true });
    writeFileSync(join(storageRoot, issued.account.id), 'in the way');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await media?.close();
  });

  /** Creates a one-clip task whose webhook goes to `path` (its first delivery timing out), and waits for its task.failed delivery. */
  async function failedTask(
    path: string,
    clip: { type: 'video'; mediaUrl: string },
  ): Promise<{ taskId: string; record: ParsedJson; webhook: unknown; streamed: unknown }> {
    receiver.respond(path, (_request, nth) => (nth === 0 ? { status: 200, delayMs: 2_500 } : { status: 200 }));
    const created = await client.post('/v3/tasks', {
      input: {
        timeline: {
          duration_ms: 500,
          tracks: [{ id: 't', type: clip.type, clips: [{ id: 'c', media_url: clip.mediaUrl, start_time_ms: 0, end_time_ms: 500 }] }],
        },
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: { url: `${receiver.url(path)}?token=${HOOK_TOKEN}`, timeout_seconds: 1 },
    });
    expect(created.status).toBe(201);
    const taskId = String(created.body.task_id);
    const requests = await receiver.waitFor(path, (received) => received.some((request) => request.json?.event === 'task.failed'), 60_000);
    const failedEvent = present(
      requests.find((request) => request.json?.event === 'task.failed'),
      'a task.failed delivery',
    );
    const record = (await client.get(`/v3/tasks/${taskId}`)).body;
    const reader = await EventStreamReader.open(client, app.ca, taskId);
    await reader.waitFor((events) => events.some((event) => event.event === 'task.failed'));
    reader.close();
    const streamed = JSON.parse(
      present(
        reader.events.find((event) => event.event === 'task.failed'),
        'a task.failed event',
      ).data,
    ) as { data: unknown };
    return { taskId, record, webhook: webhookEnvelope(failedEvent).data, streamed: streamed.data };
  }

  /** Nothing of the worker's disk or of a tool's output in what the client reads; the same error everywhere. */
  function expectClean(seen: { record: ParsedJson; webhook: unknown; streamed: unknown }): void {
    expect(seen.webhook).toMatchObject({ error: seen.record.error });
    expect(seen.streamed).toMatchObject({ error: seen.record.error });
    const text = JSON.stringify(seen.record.error);
    expect(text).not.toContain(app.config.dataDir);
    expect(text).not.toMatch(/(^|[\s'"(:=])\/(tmp|work|root|var|home|usr|opt|srv)\//);
    expect(text).not.toMatch(/Invalid data|ENOTDIR|ffprobe|ffmpeg|stderr/i);
  }

  const logged = (): LogLine[] => logLines.flatMap((line) => line.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as LogLine);

  it("reports media that is no media with fixed words; the log has ffprobe's, and no token of its URL", async () => {
    const mediaUrl = `${media.baseUrl}/not-media.mp4?token=${MEDIA_TOKEN}`;
    const seen = await failedTask('/corrupt', { type: 'video', mediaUrl });
    expect(seen.record.error).toMatchObject({
      code: 'INVALID_MEDIA_FORMAT',
      message: `media file at ${mediaUrl} is not usable: the file could not be decoded`,
      details: { media_url: mediaUrl, reason: 'the file could not be decoded' },
    });
    expectClean(seen);

    const line = present(
      logged().find((entry) => entry.task_id === seen.taskId && entry.msg === 'render failed'),
      'the failed render in the log',
    );
    expect(line.err?.message).toMatch(/^media file at .* is not usable: the file could not be decoded: .*Invalid data/);
    expect(logLines.join('')).not.toContain(MEDIA_TOKEN);
    expect(logLines.join('')).not.toContain(HOOK_TOKEN);
    // The first delivery timed out: logged, with the webhook URL's query left out.
    expect(logged().some((entry) => entry.msg === 'webhook request failed' && entry.webhook_url === `${receiver.url('/corrupt')}?…`)).toBe(true);
  });

  it("reports an upload that failed on the worker's disk with fixed words; the log has the error and its path", async () => {
    const seen = await failedTask('/stored', { type: 'video', mediaUrl: `${media.baseUrl}/red-320x180.png` });
    expect(seen.record.error).toMatchObject({ code: 'RENDER_FAILED', message: 'Storing the output failed', retry_possible: true });
    expectClean(seen);

    const line = present(
      logged().find((entry) => entry.task_id === seen.taskId && entry.msg === 'render failed'),
      'the failed render in the log',
    );
    expect(line.err?.message).toContain('ENOTDIR');
    expect(line.err?.message).toContain(app.config.dataDir);
  });
});
