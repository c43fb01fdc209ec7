import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extendedTaskBody, fullTaskBody, type JsonBody } from '../../fixtures/task-bodies';
import type { HttpClient } from '../../support/http-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { runCli } from './cli-process';

jest.setTimeout(120_000);

const CAPTIONS = '1\n00:00:00,500 --> 00:00:02,000\n第一句字幕\n\n2\n00:00:02,500 --> 00:00:03,500\nsecond cue\n';

/** Serves the one subtitle file the preview reads; everything else is 404. */
async function captionsServer(): Promise<{ server: Server; base: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/captions.srt') res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(CAPTIONS);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describe('GET /v3/tasks/{id}/request and render-cli preview <task_id>', () => {
  let app: TestApp;
  let owner: HttpClient<string>;
  let media: Awaited<ReturnType<typeof captionsServer>>;
  let body: JsonBody;
  let taskId: string;
  const work = mkdtempSync(join(tmpdir(), 'rs-task-request-'));

  beforeAll(async () => {
    media = await captionsServer();
    // API only: the task stays queued, so what is read back cannot depend on a render.
    app = await startTestApp({ role: 'api' });
    owner = await app.client();
    body = fullTaskBody({ mediaBase: media.base });
    const created = await owner.post('/v3/tasks', body);
    expect(created.status).toBe(201);
    taskId = created.body.task_id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => media?.server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('returns the body as submitted, without the webhook secret and header values', async () => {
    const read = await owner.get(`/v3/tasks/${taskId}/request`);
    expect(read.status).toBe(200);
    const { secret, headers, ...webhook } = body.webhook as Record<string, unknown>;
    expect([secret, headers]).toEqual(['whsec-test-secret', { 'X-Tenant': 'acme' }]);
    expect(read.body).toEqual({
      task_id: taskId,
      retry_of: null,
      request: { ...body, webhook },
      redacted_fields: ['webhook.secret', 'webhook.headers.X-Tenant'],
    });
    expect(read.raw.toString('utf8')).not.toContain('whsec-test-secret');
    expect(read.raw.toString('utf8')).not.toContain('acme');
  });

  it('returns the extension fields (keyframes, transitions, text clips) exactly as sent, within the served document', async () => {
    const extended = extendedTaskBody();
    const created = await owner.post('/v3/tasks', extended);
    expect(created.status).toBe(201);
    const read = await owner.get(`/v3/tasks/${created.body.task_id}/request`);
    expect(read.status).toBe(200);
    // The defaults the task record holds come back beside it, as for any body.
    expect(read.body.request).toEqual({ version: '3.0', model: 'standard', ...extended, metadata: { priority: 'standard', retention_hours: 24, tags: [] } });
  });

  it('is refused for another account and for an unknown id, as GET /v3/tasks/{id} is', async () => {
    const stranger = await app.client();
    const theirs = await stranger.get(`/v3/tasks/${taskId}/request`);
    expect([theirs.status, theirs.body.error.code]).toEqual([404, 'TASK_NOT_FOUND']);
    const unknown = await owner.get('/v3/tasks/tsk_00000000000000000000000000/request');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'TASK_NOT_FOUND']);
    const anonymous = await app.anonymous().get(`/v3/tasks/${taskId}/request`);
    expect(anonymous.status).toBe(401);
  });

  it('previews a task id with the same plan as the timeline file it was created from', async () => {
    const env = { RENDER_API_URL: `${app.baseUrl}/v3`, RENDER_API_KEY: owner.key, RENDER_API_CA: app.certPath };
    const file = join(work, 'timeline.json');
    writeFileSync(file, JSON.stringify(body));
    const fromTask = await runCli(['preview', taskId, '--print-plan'], env);
    expect([fromTask.code, fromTask.stderr]).toEqual([0, 'preview: left out by the service: webhook.secret, webhook.headers.X-Tenant\n']);
    const fromFile = await runCli(['preview', file, '--print-plan'], {});
    expect([fromFile.code, fromFile.stderr]).toEqual([0, '']);
    const plan = JSON.parse(fromTask.stdout);
    expect(plan).toEqual(JSON.parse(fromFile.stdout));
    // The plan is the timeline's: its size, and the subtitle file read through the service's answer.
    expect([plan.width, plan.height, plan.fps]).toEqual([320, 180, 30]);
    expect(JSON.stringify(plan)).toContain('第一句字幕');
    expect(media.hits.filter((path) => path === '/captions.srt')).toHaveLength(2);
  });
});
