import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { HttpClient } from '../../support/http-client';
import { ffprobe, startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { present } from '../../support/present';
import { PrometheusSamples } from '../../support/prometheus-text';
import { webhookEnvelope, WebhookReceiver, type ReceivedRequest } from '../../support/webhook-receiver';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import {
  buildService,
  createKey,
  sharedServiceEnv,
  eventually,
  freePort,
  makeCertificate,
  ServiceProcess,
  sleep,
  startS3,
  tinyTaskBody,
  type Certificate,
  type ServiceBuild,
  type TestS3,
} from './service-processes';

jest.setTimeout(300_000);

const TASKS = 20;
const LOCK_MS = 4_000;
const STALL_CHECK_MS = 1_000;
const METRICS_TOKEN = randomBytes(24).toString('hex');

/**
 * Two API and two worker processes on one PostgreSQL database, one Redis and one
 * S3 bucket. Twenty renders go in through both APIs; one worker is killed with
 * SIGKILL in the middle of a render and started again.
 */
describe('scale-out: 2 API + 2 worker processes on PostgreSQL, Redis and S3', () => {
  let dir: string;
  let db: TestDatabase;
  let s3: TestS3;
  let tls: Certificate;
  let media: MediaFixtures;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  const processes: ServiceProcess[] = [];
  let apis: HttpClient[];
  let prefix: string;
  let build: ServiceBuild;

  const startProcess = async (name: string, role: 'api' | 'worker', extra: Record<string, string> = {}) => {
    const proc = await ServiceProcess.start(build, name, dir, { ...env, ROLE: role, ...extra });
    processes.push(proc);
    return proc;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-scale-'));
    build = buildService(dir);
    [db, s3, media] = await Promise.all([createTestDatabase('scale'), startS3(join(dir, 's3'), 'renders'), startMediaFixtures()]);
    tls = makeCertificate(dir);
    receiver = await WebhookReceiver.start(tls.certPath, tls.keyPath);
    prefix = `rs-scale-${randomBytes(4).toString('hex')}`;
    env = {
      ...sharedServiceEnv({ databaseUrl: db.url, redisUrl: 'redis://127.0.0.1:6379', redisPrefix: prefix, bucket: 'renders/scale', s3, tls }),
      BULL_LOCK_DURATION_MS: String(LOCK_MS),
      BULL_STALLED_INTERVAL_MS: String(STALL_CHECK_MS),
      WORKER_CONCURRENCY: '1',
      METRICS_TOKEN,
    };
    // The key CLI runs first and migrates the fresh database, so the four processes start on a ready schema.
    const key = createKey(build, env, 'scale-load', 100_000);
    const ports = [await freePort(), await freePort()];
    await Promise.all([
      ...ports.map((port, i) => startProcess(`api-${i}`, 'api', { PORT: String(port) })),
      startProcess('worker-a', 'worker'),
      startProcess('worker-b', 'worker'),
    ]);
    apis = ports.map((port) => new HttpClient(`https://127.0.0.1:${port}`, tls.cert, key));
  });

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await receiver?.close();
    await media?.close();
    await s3?.close();
    await db?.drop();
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (process.env.KEEP_SCALE_OUT_LOGS === undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('renders every task exactly once to completion across a worker killed mid-render, with ordered webhooks and shared rate limits', async () => {
    const started = Date.now();
    const created = await Promise.all(
      Array.from({ length: TASKS }, (_, i) => apis[i % 2].post('/v3/tasks', tinyTaskBody(media.baseUrl, receiver.url(`/hooks/${i}`)))),
    );
    for (const response of created) expect(response.status).toBe(201);
    const taskIds = created.map((response) => response.body.task_id as string);
    expect(new Set(taskIds).size).toBe(TASKS);

    // SIGKILL worker-a while it renders a task (past the download), then start it again.
    const victim = present(
      processes.find((proc) => proc.name === 'worker-a'),
      'the process worker-a',
    );
    const killedTask = await eventually(
      'worker-a to start a render',
      async () => victim.lines().find((line) => line.msg === 'render started')?.task_id,
      60_000,
      50,
    );
    await eventually(
      'the render to reach Remotion',
      async () => ((await apis[0].get(`/v3/tasks/${killedTask}`)).body.progress?.percentage >= 10 ? true : null),
      20_000,
      50,
    );
    victim.kill('SIGKILL');
    const killedAt = Date.now();
    expect((await victim.exited).signal).toBe('SIGKILL');
    await startProcess('worker-a2', 'worker');

    // Stall detection hands the job to a worker: the same task starts again as attempt 2.
    const rerun = await eventually(
      'the killed render to start again',
      async () => processes.flatMap((proc) => proc.lines()).find((line) => line.msg === 'render started' && line.task_id === killedTask && line.attempt === 2),
      60_000,
      100,
    );
    const recoveryMs = Date.parse(String(rerun.time)) - killedAt;
    expect(recoveryMs).toBeLessThan(LOCK_MS + 3 * STALL_CHECK_MS + 5_000);

    const finals = await Promise.all(
      taskIds.map((id, i) =>
        eventually(
          `task ${id} to finish`,
          async () => {
            const response = await apis[i % 2].get(`/v3/tasks/${id}`);
            return ['completed', 'failed', 'canceled'].includes(response.body.status) ? response.body : null;
          },
          180_000,
          500,
        ),
      ),
    );
    const allDoneMs = Date.now() - started;
    expect(finals.map((task) => task.status)).toEqual(Array(TASKS).fill('completed'));

    for (const [i, task] of finals.entries()) {
      const response = await fetch(task.output.video_url);
      expect(response.status).toBe(200);
      const file = join(dir, `out-${i}.mp4`);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      const video = present(
        ffprobe(file).streams.find((stream) => stream.codec_type === 'video'),
        `a video stream in ${file}`,
      );
      expect({ width: video.width, height: video.height, codec: video.codec_name }).toEqual({ width: 160, height: 90, codec: 'h264' });
      expect(Number(ffprobe(file).format.duration)).toBeCloseTo(1, 0);
    }

    for (const [i, id] of taskIds.entries()) {
      // A worker killed while it delivers holds that task's webhook lock until it expires (the webhook's 30 s
      // timeout + 15 s margin), so the killed worker's task may wait that long for its next delivery.
      const requests = await receiver.waitFor(`/hooks/${i}`, (received) => received.some((r) => r.json?.event === 'task.completed'), 60_000);
      checkEventStream(id, requests);
    }
    const killedEvents = uniqueEvents(receiver.received(`/hooks/${taskIds.indexOf(killedTask)}`));
    expect(killedEvents.filter((event) => event.json?.event === 'task.started')).toHaveLength(1);

    // The receiver answers before a worker records the attempt: the counters settle once every task.completed is recorded.
    await Promise.all(
      taskIds.map((id, i) =>
        eventually(
          `task.completed of ${id} to be recorded as delivered`,
          async () => {
            const { deliveries } = (await apis[i % 2].get(`/v3/tasks/${id}/deliveries`)).body as { deliveries: Array<{ event: string; status: string }> };
            return deliveries.some((delivery) => delivery.event === 'task.completed' && delivery.status === 'delivered') ? true : null;
          },
          60_000,
          200,
        ),
      ),
    );
    await checkMetricsAcrossProcesses(taskIds.length);

    process.stdout.write(`scale-out: ${TASKS} tasks done in ${allDoneMs} ms; stall recovery ${recoveryMs} ms after SIGKILL\n`);
  });

  /** Workers serve no HTTP: what they measured reaches /metrics through Redis and the database, the same on either API process. */
  async function checkMetricsAcrossProcesses(tasks: number): Promise<void> {
    const scrapes = await Promise.all(
      apis.map(async (api) => {
        const response = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
        expect(response.status).toBe(200);
        return new PrometheusSamples(response.raw.toString('utf8'));
      }),
    );
    const P = 'render_service_';
    const deploymentWide = (samples: PrometheusSamples) =>
      [
        `${P}tasks`,
        `${P}render_duration_seconds_count`,
        `${P}render_frames_per_second_count`,
        `${P}media_download_bytes_total`,
        `${P}webhook_attempts_total`,
      ].map((name) => samples.series(name));
    expect(deploymentWide(scrapes[1])).toEqual(deploymentWide(scrapes[0]));
    const [samples] = scrapes;
    expect(samples.value(`${P}tasks`, { state: 'completed' })).toBe(tasks);
    expect(samples.value(`${P}tasks`, { state: 'processing' })).toBe(0);
    const renders = samples.series(`${P}render_duration_seconds_count`);
    expect(renders.every(({ labels }) => labels.resolution === '480p')).toBe(true);
    // The killed worker may have finished drawing its task before SIGKILL: that render is then timed twice.
    expect(renders.reduce((sum, { value }) => sum + value, 0)).toBeGreaterThanOrEqual(tasks);
    expect(renders.reduce((sum, { value }) => sum + value, 0)).toBeLessThanOrEqual(tasks + 1);
    // The media host sends no validators, so every request it saw was one whole download: the byte count is exact.
    const size = statSync(join(media.dir, 'yellow-2s.mp4')).size;
    expect(samples.value(`${P}media_download_bytes_total`)).toBe(
      present(media.hits.get('yellow-2s.mp4'), 'a download of yellow-2s.mp4 seen by the media host') * size,
    );
    expect(samples.value(`${P}webhook_attempts_total`, { outcome: 'delivered' })).toBeGreaterThanOrEqual(3 * tasks - 1);
    expect(samples.valueOrZero(`${P}webhook_attempts_total`, { outcome: 'failed' })).toBe(0);
    // Each API process counts only the requests it answered itself: the tasks went in through both, alternately.
    for (const own of scrapes) expect(own.value(`${P}http_requests_total`, { method: 'POST', route: '/v3/tasks', status: '201' })).toBe(tasks / 2);
  }

  it('counts one key’s rate limit across both API processes', async () => {
    const key = createKey(build, env, 'scale-limited', 6);
    const clients = apis.map((api) => new HttpClient(api.baseUrl, tls.cert, key));
    // Fixed 60 s windows: start well inside one so that all eight requests share it.
    const secondInWindow = Math.floor(Date.now() / 1000) % 60;
    if (secondInWindow > 50) await sleep((61 - secondInWindow) * 1000);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await clients[i % 2].get('/v3/models'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['5', '4', '3', '2', '1', '0', '0', '0']);
    expect(answers[6].body.error.code).toBe('RATE_LIMIT_EXCEEDED');
  });
});

/** Deliveries of one event share its id and carry the same bytes; returns one request per event, in first-arrival order. */
function uniqueEvents(requests: ReceivedRequest[]): ReceivedRequest[] {
  const byId = new Map<string, ReceivedRequest>();
  for (const request of requests) {
    const id = String(request.headers['webhook-id']);
    const seen = byId.get(id);
    if (seen) expect(request.raw.equals(seen.raw)).toBe(true);
    else byId.set(id, request);
  }
  return [...byId.values()];
}

/** queued, started, progress…, completed: each once (progress any number of times, never going back), in order. */
function checkEventStream(taskId: string, requests: ReceivedRequest[]): void {
  const events = uniqueEvents(requests);
  for (const event of events) expect(event.json?.task_id).toBe(taskId);
  const types = events.map((event) => webhookEnvelope(event).event);
  expect(types[0]).toBe('task.queued');
  expect(types[1]).toBe('task.started');
  expect(types.at(-1)).toBe('task.completed');
  expect(types.slice(2, -1).every((type) => type === 'task.progress')).toBe(true);
  const percentages = events
    .filter((event) => webhookEnvelope(event).event === 'task.progress')
    .map((event) => (webhookEnvelope(event).data.progress as { percentage: number }).percentage);
  expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
  const times = events.map((event) => Date.parse(webhookEnvelope(event).timestamp));
  expect(times).toEqual([...times].sort((a, b) => a - b));
}
