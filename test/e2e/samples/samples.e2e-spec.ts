import { readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../../src/common/project-root';
import { sampleBodies } from '../../../src/console/logic/sample-bodies';
import { SAMPLE_FILES, SAMPLES_DIR } from '../../../src/media/sample-media';
import type { HttpClient } from '../../support/http-client';
import { ffprobe } from '../../support/media-fixtures';
import type { ParsedJson } from '../../support/parsed-json';
import { studioSampleTimelines } from '../../support/studio-samples';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(180_000);

/** The README's first task, with its sample URLs moved to the test service's origin. */
function firstTaskBody(publicBaseUrl: string): ParsedJson {
  const text = readFileSync(join(projectRoot(__dirname), 'docs', 'examples', 'first-task.json'), 'utf8');
  return JSON.parse(text.replaceAll('https://localhost:8443', publicBaseUrl));
}

async function waitUntilFinished(client: HttpClient, taskId: string, timeoutMs = 120_000): Promise<ParsedJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = (await client.get(`/v3/tasks/${taskId}`)).body;
    if (['completed', 'failed', 'canceled'].includes(record.status)) return record;
    if (Date.now() > deadline) throw new Error(`task ${taskId} did not finish in time: ${JSON.stringify(record).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('sample media, with loopback NOT allow-listed', () => {
  let app: TestApp;
  let client: HttpClient;
  let base: string;
  const sampleBytes = (name: string) => readFileSync(join(SAMPLES_DIR, SAMPLE_FILES.find((file) => file.name === name)?.path ?? name));

  beforeAll(async () => {
    // Empty allow-list: a worker that fetched the sample URLs over the network would be refused and the task fail.
    app = await startTestApp({ role: 'all', env: { NETWORK_ALLOWLIST: '', WORKER_CONCURRENCY: '1' } });
    client = await app.client();
    base = app.config.publicBaseUrl;
  }, 120_000);
  afterAll(() => app?.close());

  it('lists the samples with absolute URLs under the public base URL (API key with models:read)', async () => {
    const listed = await client.get('/v3/samples');
    expect(listed.status).toBe(200);
    expect(listed.body.samples.map((sample: { name: string }) => sample.name)).toEqual(SAMPLE_FILES.map((file) => file.name));
    expect(listed.body.samples).toContainEqual({
      name: 'captions-zh.srt',
      url: `${base}/samples/captions-zh.srt`,
      kind: 'subtitle',
      content_type: 'application/x-subrip; charset=utf-8',
      size_bytes: statSync(join(SAMPLES_DIR, 'media', 'captions-zh.srt')).size,
      duration_ms: null,
    });
    expect(listed.body.samples.find((sample: { name: string }) => sample.name === 'testcard-640x360.mp4')).toMatchObject({ kind: 'video', duration_ms: 3000 });
    expect((await app.anonymous().get('/v3/samples')).body.error.code).toBe('MISSING_AUTHENTICATION');
    const withoutPermission = await (await app.client({ permissions: ['tasks:read'] })).get('/v3/samples');
    expect([withoutPermission.status, withoutPermission.body.error.code]).toEqual([403, 'INSUFFICIENT_PERMISSIONS']);
  });

  it('serves each sample without a key, byte for byte, with type, length, validators and ranges', async () => {
    const anonymous = app.anonymous();
    for (const file of SAMPLE_FILES) {
      const response = await anonymous.get(`/samples/${file.name}`);
      expect([file.name, response.status, response.headers['content-type']]).toEqual([file.name, 200, file.contentType]);
      expect(response.raw.equals(sampleBytes(file.name))).toBe(true);
      expect(response.headers['content-length']).toBe(String(response.raw.length));
    }
    const video = await anonymous.get('/samples/testcard-640x360.mp4');
    expect(video.headers).toMatchObject({
      'cache-control': 'public, max-age=3600',
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"[0-9a-f]+-[0-9a-f]+"$/),
    });
    expect(new Date(String(video.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    const revalidated = await anonymous.get('/samples/testcard-640x360.mp4', { 'if-none-match': String(video.headers.etag) });
    expect([revalidated.status, revalidated.raw.length]).toEqual([304, 0]);
    const ranged = await anonymous.get('/samples/testcard-640x360.mp4', { range: 'bytes=100-199' });
    expect([ranged.status, ranged.headers['content-range']]).toEqual([206, `bytes 100-199/${video.raw.length}`]);
    expect(ranged.raw.equals(sampleBytes('testcard-640x360.mp4').subarray(100, 200))).toBe(true);
    const head = await anonymous.send('HEAD', '/samples/tone.mp3');
    expect([head.status, head.headers['content-length'], head.raw.length]).toEqual([200, String(sampleBytes('tone.mp3').length), 0]);
  });

  it.each(['/samples/unknown.mp4', '/samples/%2e%2e', '/samples/..%2fpackage.json', '/samples/TONE.MP3', '/samples/', '/samples/media/tone.mp3'])(
    'answers %s with 404 in the error envelope',
    async (path) => {
      const response = await app.anonymous().get(path);
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: 'NOT_FOUND', request_id: expect.stringMatching(/^req_/) });
    },
  );

  it("renders the README's first task from sample URLs to completed, reading them from disk", async () => {
    // The premise: loopback is not allow-listed, so the worker cannot have fetched the samples over HTTP.
    expect(app.config.networkAllowlist).toEqual([]);
    const body = firstTaskBody(base);
    body.input.output = { resolution: { width: 320, height: 180 }, framerate: 10 };
    const created = await client.post('/v3/tasks', body);
    expect(created.status).toBe(201);
    const record = await waitUntilFinished(client, created.body.task_id);
    expect([record.status, record.error]).toEqual(['completed', null]);
    const output = new URL(record.output.video_url);
    const video = await app.anonymous().get(output.pathname + output.search);
    const path = join(mkdtempSync(join(tmpdir(), 'rs-samples-')), 'first-task.mp4');
    writeFileSync(path, video.raw);
    const probe = ffprobe(path);
    expect(probe.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 320, height: 180 });
    // The sound comes from the sample clip: the timeline has no audio track.
    expect(probe.streams.some((stream) => stream.codec_type === 'audio')).toBe(true);
    expect(Number(probe.format.duration)).toBeCloseTo(3, 0);
  });

  it("accepts every Studio sample as the console offers it, and renders the word captions from the samples' transcript", async () => {
    const studio = studioSampleTimelines();
    const offered = sampleBodies(studio, (await client.get('/v3/samples')).body.samples);
    expect(offered.map((sample) => sample.name)).toEqual(studio.map((sample) => sample.name));
    for (const sample of offered.filter((s) => s.name !== 'word-captions')) {
      const created = await client.post('/v3/tasks', sample.body);
      expect([sample.name, created.status]).toEqual([sample.name, 201]);
      expect((await client.delete(`/v3/tasks/${created.body.task_id}`)).status).toBe(200);
    }
    // Its second clip is captions-words.json: read from disk and parsed as a transcript, or the task fails.
    const words = offered.find((s) => s.name === 'word-captions')?.body as ParsedJson;
    words.input.output = { resolution: { width: 320, height: 180 }, framerate: 10 };
    const created = await client.post('/v3/tasks', words);
    expect(created.status).toBe(201);
    const record = await waitUntilFinished(client, created.body.task_id);
    expect([record.status, record.error]).toEqual(['completed', null]);
    expect(record.output.duration_ms).toBe(8000);
  });

  it('refuses every other loopback URL at create time with 400 VALIDATION_ERROR', async () => {
    const port = new URL(base).port;
    const refused = [
      `${base}/v3/models`,
      `${base}/samples/../v3/models`,
      `${base}/samples/unknown.mp4`,
      `${base}/samples/%2e%2e/x`,
      `${base}/samples/tone.mp3?download=1`,
      `https://127.0.0.1:${Number(port) + 1}/samples/tone.mp3`,
      `https://localhost:${port}/samples/tone.mp3`,
      `http://127.0.0.1:${port}/samples/tone.mp3`,
    ];
    for (const url of refused) {
      const body = firstTaskBody(base);
      body.input.timeline.tracks[0].clips[0].media_url = url;
      const response = await client.post('/v3/tasks', body);
      expect([url, response.status, response.body.error.code]).toEqual([url, 400, 'VALIDATION_ERROR']);
      expect(response.body.error.details).toContainEqual(
        expect.objectContaining({ field: 'input.timeline.tracks[0].clips[0].media_url', provided_value: url }),
      );
    }
    const hook = firstTaskBody(base);
    hook.webhook.url = `${base}/samples/tone.mp3`;
    const webhookRefused = await client.post('/v3/tasks', hook);
    expect([webhookRefused.status, webhookRefused.body.error.details.map((issue: { field: string }) => issue.field)]).toEqual([400, ['webhook.url']]);
  });
});
