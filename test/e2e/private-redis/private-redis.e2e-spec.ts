/**
 * A one-box install (no REDIS_URL) whose private redis-server is killed: the
 * service starts it again by itself, /readyz comes back to 200 and requests
 * that need Redis are served again, with nothing restarted by hand.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send, type Target } from '../../fuzz/fuzz-support';
import {
  buildService,
  createKey,
  embeddedServiceEnv,
  eventually,
  freePort,
  makeCertificate,
  ServiceProcess,
  type Certificate,
  type ServiceBuild,
} from '../scale-out/service-processes';

jest.setTimeout(180_000);

/** The pid of the redis-server whose command line names this data dir's socket. */
function redisServerOf(dataDir: string): number | null {
  const found = spawnSync('pgrep', ['-f', `redis-server.*${join(dataDir, 'redis')}`], { encoding: 'utf8' }).stdout.trim();
  return found === '' ? null : Number(found.split('\n')[0]);
}

describe('the private redis-server of a running service', () => {
  let dir: string;
  let build: ServiceBuild;
  let tls: Certificate;
  let service: ServiceProcess;
  let target: Target;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-private-redis-'));
    build = buildService(dir);
    tls = makeCertificate(dir);
    const port = await freePort();
    // The API alone: no browser is needed to see Redis come back.
    service = await ServiceProcess.start(build, 'one-box', dir, { ...embeddedServiceEnv(port, tls), ROLE: 'api' });
    target = { baseUrl: `https://127.0.0.1:${port}`, ca: tls.cert };
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is started again after a SIGKILL, and the service is ready and serving keys again', async () => {
    const dataDir = join(dir, 'one-box');
    const key = createKey(build, { DATA_DIR: dataDir }, 'acc_redis', 600);
    const models = () => send(target, 'GET', '/v3/models', { authorization: `Bearer ${key}` });
    expect((await models()).status).toBe(200);
    const killed = redisServerOf(dataDir);
    expect(killed).not.toBeNull();

    process.kill(killed as number, 'SIGKILL');
    // Without its Redis an authenticated request is refused, not hung.
    await eventually('a 503 while Redis is down', async () => ((await models()).status === 503 ? true : null), 5_000, 50);

    await eventually('/readyz to answer 200 again', async () => ((await send(target, 'GET', '/readyz')).status === 200 ? true : null), 20_000);
    const restarted = redisServerOf(dataDir);
    expect(restarted).not.toBeNull();
    expect(restarted).not.toBe(killed);
    expect((await models()).status).toBe(200);
    expect(service.running).toBe(true);
    expect(service.lines().map((line) => line.msg)).toEqual(
      expect.arrayContaining(['private redis-server exited; starting it again', 'private redis-server started again']),
    );
  });
});
