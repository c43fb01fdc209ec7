import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildService,
  createKey,
  freePort,
  makeCertificate,
  ServiceProcess,
  tinyTaskBody,
  type Certificate,
  type ServiceBuild,
} from '../scale-out/service-processes';
import { OtherConnection } from '../../integration/database/sqlite-test-connections';

jest.setTimeout(180_000);

const CREATES = 40;
/** The API alone (no worker) never fetches media or calls webhooks: a closed port serves for both. */
const UNREACHABLE = 'https://127.0.0.1:9';

/**
 * A SIGTERM right after clients hung up on their creates: Fastify's close()
 * returns once the connections are gone, while the handlers of those requests
 * still run. The API waits for them before the database closes, so none fails
 * on a closed database, and each create is whole: its task and its first event.
 */
describe('stopping the API while handlers of abandoned requests still run', () => {
  let dir: string;
  let build: ServiceBuild;
  let tls: Certificate;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rs-aborted-'));
    build = buildService(dir);
    tls = makeCertificate(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 with no error logged, every create committed whole', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'api');
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      TLS_CERT: tls.certPath,
      TLS_KEY: tls.keyPath,
      URL_SIGNING_SECRET: randomBytes(32).toString('hex'),
      NETWORK_ALLOWLIST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ROLE: 'api',
    };
    const api = await ServiceProcess.start(build, 'api', dir, env);
    const key = createKey(build, env, 'abandoning-client', 100_000);
    const agent = new Agent({ keepAlive: true, maxSockets: CREATES, ca: tls.cert });
    const send = (method: string, path: string, body?: string) =>
      new Promise<void>((resolve) => {
        const req = request(
          `https://127.0.0.1:${port}${path}`,
          { method, agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', () => resolve());
        req.end(body);
      });
    // Open every connection first, so the creates below start at once.
    await Promise.all(Array.from({ length: CREATES }, () => send('GET', '/v3/models')));
    for (let i = 0; i < CREATES; i++)
      void send('POST', '/v3/tasks', JSON.stringify({ request_id: `abandoned-${i}`, ...tinyTaskBody(UNREACHABLE, `${UNREACHABLE}/hook`) }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    agent.destroy();
    api.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 0, signal: null });

    const lines = api.lines();
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(lines.some((line) => line.msg === 'stopped')).toBe(true);
    const creates = lines.filter((line) => (line.req as { method?: string } | undefined)?.method === 'POST');
    const aborted = creates.filter((line) => line.msg === 'request aborted');
    expect(aborted.length).toBeGreaterThan(0);
    for (const line of creates) expect(line.request_id).toMatch(/^req_/);
    const db = await OtherConnection.open(join(dataDir, 'render.sqlite'));
    try {
      const count = async (sql: string) => (await db.all<{ n: number }>(sql))[0].n;
      const tasks = await count('SELECT COUNT(*) AS n FROM tasks');
      const queuedEvents = await count("SELECT COUNT(*) AS n FROM task_events WHERE type = 'task.queued'");
      // Some creates may not have started before the connections closed; those that did are whole.
      expect(tasks).toBeGreaterThan(0);
      expect(queuedEvents).toBe(tasks);
      // Every create that ran was logged, answered or abandoned.
      expect(creates.length).toBeGreaterThanOrEqual(tasks);
    } finally {
      await db.close();
    }
  });
});
