import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { HttpClient } from '../../support/http-client';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { present } from '../../support/present';
import { webhookEnvelope, WebhookReceiver } from '../../support/webhook-receiver';
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

/** This suite's own redis-server (AOF on, like a production Redis), so restarting it touches no other test. */
class PrivateRedis {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', this.dir], {
      stdio: 'ignore',
    });
    await eventually(
      'redis-server to answer',
      async () => {
        const client = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
        client.on('error', () => undefined);
        try {
          await client.connect();
          return (await client.ping()) === 'PONG' ? true : null;
        } finally {
          client.disconnect();
        }
      },
      15_000,
      50,
    );
  }

  /** SIGTERM: Redis writes its AOF and exits, as a restart by its service manager does. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** One API and one worker process on a Redis that restarts under load, then a worker stopped with SIGTERM mid-render. */
describe('scale-out: Redis restart and worker shutdown', () => {
  let dir: string;
  let build: ServiceBuild;
  let db: TestDatabase;
  let s3: TestS3;
  let tls: Certificate;
  let media: MediaFixtures;
  let receiver: WebhookReceiver;
  let redis: PrivateRedis;
  let env: Record<string, string>;
  let api: HttpClient;
  const processes: ServiceProcess[] = [];

  const startWorker = async (name: string, extra: Record<string, string> = {}) => {
    const proc = await ServiceProcess.start(build, name, dir, { ...env, ROLE: 'worker', ...extra });
    processes.push(proc);
    return proc;
  };
  // The compositor draws a tiny task in well under a second: the shutdown tests need one still rendering when SIGTERM lands.
  const STILL_RENDERING = { seconds: 20, width: 640, height: 360 };
  const submit = async (count: number, tag: string, long: typeof STILL_RENDERING | null = null) => {
    const created = await Promise.all(
      Array.from({ length: count }, (_, i) => api.post('/v3/tasks', tinyTaskBody(media.baseUrl, receiver.url(`/hooks/${tag}-${i}`), long))),
    );
    for (const response of created) expect(response.status).toBe(201);
    return created.map((response) => response.body.task_id as string);
  };
  const statusOf = async (id: string) => (await api.get(`/v3/tasks/${id}`)).body;
  const allFinished = (ids: string[], timeoutMs: number) =>
    Promise.all(
      ids.map((id) =>
        eventually(
          `task ${id} to finish`,
          async () => {
            const task = await statusOf(id);
            return ['completed', 'failed', 'canceled'].includes(task.status) ? task : null;
          },
          timeoutMs,
          500,
        ),
      ),
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-redis-'));
    build = buildService(dir);
    mkdirSync(join(dir, 'redis'));
    redis = new PrivateRedis(await freePort(), join(dir, 'redis'));
    await redis.start();
    [db, s3, media] = await Promise.all([createTestDatabase('redis'), startS3(join(dir, 's3'), 'renders'), startMediaFixtures()]);
    tls = makeCertificate(dir);
    receiver = await WebhookReceiver.start(tls.certPath, tls.keyPath);
    env = {
      ...sharedServiceEnv({ databaseUrl: db.url, redisUrl: redis.url, redisPrefix: `rs-redis-${randomBytes(4).toString('hex')}`, bucket: 'renders', s3, tls }),
      BULL_LOCK_DURATION_MS: '8000',
      BULL_STALLED_INTERVAL_MS: '1000',
      REAPER_INTERVAL_MS: '2000',
      REAPER_QUEUED_GRACE_MS: '5000',
      REAPER_PROCESSING_SILENCE_MS: '10000',
    };
    const key = createKey(build, env, 'redis-load', 100_000);
    const port = await freePort();
    processes.push(await ServiceProcess.start(build, 'api', dir, { ...env, ROLE: 'api', PORT: String(port) }));
    api = new HttpClient(`https://127.0.0.1:${port}`, tls.cert, key);
    await startWorker('worker-1');
  });

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await redis?.stop();
    await receiver?.close();
    await media?.close();
    await s3?.close();
    await db?.drop();
    if (process.env.KEEP_SCALE_OUT_LOGS === undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 SERVICE_UNAVAILABLE while Redis is down and finishes every queued task after it returns', async () => {
    const ids = await submit(6, 'load');
    await eventually('a render to be running', async () => ((await statusOf(ids[0])).status === 'processing' ? true : null), 30_000, 100);

    await redis.stop();
    const downAt = Date.now();
    // Until the API's Redis clients see the connection close, a request can still be served from the
    // process's leased rate-limit counts and its key subscription; after that, every request gets 503.
    const seen = new Set<number>();
    const during = await eventually(
      'the API to answer 503',
      async () => {
        const response = await api.get('/v3/models');
        seen.add(response.status);
        return response.status === 503 ? response : null;
      },
      5_000,
      50,
    );
    const answeredInMs = Date.now() - downAt;
    expect([...seen].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(during.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(answeredInMs).toBeLessThan(6_000);
    expect((await api.post('/v3/tasks', tinyTaskBody(media.baseUrl, receiver.url('/hooks/during')))).status).toBe(503);
    await sleep(2_000);
    await redis.start();
    const upAt = Date.now();

    await eventually('the API to answer again', async () => ((await api.get('/v3/models')).status === 200 ? true : null), 30_000, 200);
    const backInMs = Date.now() - upAt;
    const after = await submit(2, 'after');
    const finals = await allFinished([...ids, ...after], 180_000);
    expect(finals.map((task) => task.status)).toEqual(Array(8).fill('completed'));
    // A delivery cut off by the outage leaves its task's lock in Redis: that task's next events wait
    // until the lock expires (webhook timeout 30 s + 15 s margin), then go out in order.
    for (const [i] of ids.entries()) {
      await receiver.waitFor(`/hooks/load-${i}`, (received) => received.some((r) => r.json?.event === 'task.completed'), 60_000);
    }
    for (const proc of processes) expect(proc.running).toBe(true);
    process.stdout.write(`redis restart: 503 in ${answeredInMs} ms while down; API back ${backInMs} ms after Redis\n`);
  });

  it('on SIGTERM past its grace period, a worker hands its render back and exits 0; the task still completes', async () => {
    const impatient = await startWorker('worker-impatient', { SHUTDOWN_GRACE_MS: '300' });
    await present(
      processes.find((proc) => proc.name === 'worker-1'),
      'the process worker-1',
    ).stop();
    const [id] = await submit(1, 'sigterm', STILL_RENDERING);
    await eventually('the render to reach Remotion', async () => ((await statusOf(id)).progress.percentage >= 10 ? true : null), 30_000, 50);
    impatient.kill('SIGTERM');
    const signalledAt = Date.now();
    const exit = await impatient.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const exitMs = Date.now() - signalledAt;
    expect(impatient.lines().some((line) => line.msg === 'grace period over: running renders handed back to the queue')).toBe(true);
    expect((await statusOf(id)).status).toBe('processing');

    await startWorker('worker-2');
    const [final] = await allFinished([id], 60_000);
    expect(final.status).toBe('completed');
    const events = (await receiver.waitFor('/hooks/sigterm-0', (received) => received.some((r) => r.json?.event === 'task.completed'), 30_000)).map(
      (request) => webhookEnvelope(request).event,
    );
    expect(events.filter((event) => event === 'task.failed')).toEqual([]);
    process.stdout.write(`sigterm: worker exited 0 after ${exitMs} ms; render handed back and completed\n`);
  });

  it('a worker with a long enough grace period finishes its render before exiting 0', async () => {
    const patient = present(
      processes.find((proc) => proc.name === 'worker-2'),
      'the process worker-2',
    );
    const [id] = await submit(1, 'drain', STILL_RENDERING);
    await eventually('the render to reach Remotion', async () => ((await statusOf(id)).progress.percentage >= 10 ? true : null), 30_000, 50);
    patient.kill('SIGTERM');
    expect(await patient.exited).toEqual({ code: 0, signal: null });
    expect((await statusOf(id)).status).toBe('completed');
  });
});
