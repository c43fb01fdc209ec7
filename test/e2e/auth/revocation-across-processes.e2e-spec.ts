import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { PRINCIPAL_CACHE_SECONDS } from '../../../src/auth/key-changes';
import { projectRoot } from '../../../src/common/project-root';
import { minimalTaskBody } from '../../fixtures/task-bodies';
import { EventStreamReader } from '../../support/event-stream-reader';
import { HttpClient } from '../../support/http-client';
import { createTestDatabase, TEST_SECRETS_KEY, type TestDatabase } from '../../support/postgres';
import { buildService, eventually, freePort, makeCertificate, ServiceProcess, type Certificate, type ServiceBuild } from '../scale-out/service-processes';

jest.setTimeout(240_000);

const REDIS_URL = 'redis://127.0.0.1:6379';

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Two API processes on one PostgreSQL database and one Redis, each keeping the
 * principals of the keys it serves for a few seconds; keys are revoked and
 * rotated with the key CLI, a third process, as an operator does it.
 */
describe('key revocation across two API processes that cache principals', () => {
  let dir: string;
  let build: ServiceBuild;
  let db: TestDatabase;
  let tls: Certificate;
  let env: Record<string, string>;
  let prefix: string;
  const processes: ServiceProcess[] = [];
  let ports: number[];

  const keysCli = (args: string[], extraEnv: Record<string, string> = {}): CliRun => {
    const run = spawnSync('node', [build.keysCli, ...args], {
      cwd: projectRoot(),
      env: { PATH: process.env.PATH ?? '', ...env, ...extraEnv },
      encoding: 'utf8',
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const issue = (account: string): { key: string; id: string } => {
    const run = keysCli(['create', '--account', account, '--tier', 'pro', '--json']);
    expect(run.status).toBe(0);
    return JSON.parse(run.stdout) as { key: string; id: string };
  };
  const clients = (key: string) => ports.map((port) => new HttpClient(`https://127.0.0.1:${port}`, tls.cert, key));
  const statuses = async (key: string) => Promise.all(clients(key).map(async (client) => (await client.get('/v3/tasks?limit=1')).status));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-revoke-'));
    build = buildService(dir);
    db = await createTestDatabase('revoke');
    tls = makeCertificate(dir);
    prefix = `rs-revoke-${randomBytes(4).toString('hex')}`;
    env = {
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      TLS_CERT: tls.certPath,
      TLS_KEY: tls.keyPath,
      URL_SIGNING_SECRET: randomBytes(32).toString('hex'),
      NETWORK_ALLOWLIST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    // The CLI runs first and migrates the fresh database, so both processes start on a ready schema.
    issue('migrate-first');
    ports = [await freePort(), await freePort()];
    processes.push(...(await Promise.all(ports.map((port, i) => ServiceProcess.start(build, `api-${i}`, dir, { ...env, ROLE: 'api', PORT: String(port) })))));
  });

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await db?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a key on both processes at the first request after `keys revoke`, though both had just served it', async () => {
    const issued = issue('revoke-now');
    for (let i = 0; i < 3; i++) expect(await statuses(issued.key)).toEqual([200, 200]);
    const revoke = keysCli(['revoke', issued.id]);
    expect(revoke).toMatchObject({ status: 0, stderr: '' });
    const after = await Promise.all(clients(issued.key).map((client) => client.get('/v3/tasks?limit=1')));
    expect(after.map((response) => [response.status, response.body.error?.code])).toEqual([
      [401, 'INVALID_API_KEY'],
      [401, 'INVALID_API_KEY'],
    ]);
  });

  it("ends the key's open event streams on both processes right after `keys revoke`", async () => {
    const issued = issue('revoke-streams');
    const perProcess = clients(issued.key);
    // API processes only, no worker: the task stays queued and its streams stay open.
    const created = await perProcess[0].post('/v3/tasks', minimalTaskBody());
    expect(created.status).toBe(201);
    const taskId = created.body.task_id as string;
    const readers = await Promise.all(perProcess.map((client) => EventStreamReader.open(client, tls.cert, taskId)));
    await Promise.all(readers.map((reader) => reader.waitFor((events) => events.length === 1)));
    const revokedAt = Date.now();
    expect(keysCli(['revoke', issued.id])).toMatchObject({ status: 0, stderr: '' });
    await Promise.all(readers.map((reader) => reader.ended));
    // Each stream checks its key before each read of the outbox (every 300 ms); the CLI's own start-up is in this time too.
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
    expect(readers.map((reader) => reader.events.map((event) => event.event))).toEqual([['task.queued'], ['task.queued']]);
    const reopened = await Promise.all(perProcess.map((client) => EventStreamReader.open(client, tls.cert, taskId)));
    expect(reopened.map((reader) => [reader.status, reader.error?.code])).toEqual([
      [401, 'INVALID_API_KEY'],
      [401, 'INVALID_API_KEY'],
    ]);
  });

  it('stops the old key on both processes at once after `keys rotate --grace-hours 0`; the successor works on both', async () => {
    const issued = issue('rotate-now');
    expect(await statuses(issued.key)).toEqual([200, 200]);
    const rotate = keysCli(['rotate', issued.id, '--grace-hours', '0', '--json']);
    expect(rotate.status).toBe(0);
    const successor = JSON.parse(rotate.stdout) as { key: string };
    expect(await statuses(issued.key)).toEqual([401, 401]);
    expect(await statuses(successor.key)).toEqual([200, 200]);
  });

  it('says so and exits 1 when it cannot reach Redis to announce a revoke; the key then stops within the cache time', async () => {
    const issued = issue('revoke-unannounced');
    expect(await statuses(issued.key)).toEqual([200, 200]);
    const closedPort = await freePort();
    const revoke = keysCli(['revoke', issued.id], { REDIS_URL: `redis://127.0.0.1:${closedPort}` });
    expect(revoke.status).toBe(1);
    expect(revoke.stderr).toContain(`key ${issued.id} is revoked in the database, but the API processes could not be told`);
    expect(revoke.stderr).toContain(`for up to ${PRINCIPAL_CACHE_SECONDS} s more`);
    // The key was last served before the CLI ran, so every cached principal of it is older than the command.
    await eventually(
      'both processes to refuse the key',
      async () => ((await statuses(issued.key)).every((status) => status === 401) ? true : null),
      PRINCIPAL_CACHE_SECONDS * 1000,
      100,
    );
  });
});
