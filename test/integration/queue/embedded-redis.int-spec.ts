import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import pino from 'pino';
import { JobQueues } from '../../../src/queue/job-queues';
import { embeddedRedisSocket, startEmbeddedRedis } from '../../../src/queue/embedded-redis';

const silent = pino({ level: 'silent' });

/** What the server's supervisor logged, message and fields, in order. */
function recordingLogger(): { logger: pino.Logger; lines: Array<{ msg: string; restartInMs?: number; signal?: string }> } {
  const lines: Array<{ msg: string; restartInMs?: number; signal?: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as { msg: string }) });
  return { logger, lines };
}

async function answers(socketPath: string): Promise<boolean> {
  const probe = new Redis({ path: socketPath, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the private redis-server of the embedded default', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-redis-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // What a test opened, closed even when it fails (a client left reconnecting would keep jest running).
  const opened: Array<{ close?: () => Promise<unknown>; stop?: () => Promise<unknown> }> = [];
  const open = <T extends { close?: () => Promise<unknown>; stop?: () => Promise<unknown> }>(thing: T): T => (opened.push(thing), thing);
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await (thing.close ?? thing.stop)?.call(thing).catch(() => undefined);
  });

  it('answers on a unix socket, keeps queued jobs across a restart (AOF), and stops', async () => {
    const first = await startEmbeddedRedis(dataDir, silent);
    expect(existsSync(first.socketPath)).toBe(true);
    const jobs = new JobQueues({ path: first.socketPath }, 'test', 3);
    await jobs.enqueueRender({ id: 'tsk_persisted', accountId: 'acc', priority: 'high' });
    await jobs.close();
    await first.stop();
    expect(existsSync(join(dataDir, 'redis', 'appendonlydir'))).toBe(true);

    const second = await startEmbeddedRedis(dataDir, silent);
    const reopened = new JobQueues({ path: second.socketPath }, 'test', 3);
    const job = await reopened.queue('render').getJob('tsk_persisted');
    expect(job?.data).toEqual({ taskId: 'tsk_persisted', accountId: 'acc' });
    expect(job?.opts.priority).toBe(2);
    await reopened.close();
    await second.stop();
  });

  it('shuts down an orphaned redis-server left on its socket by a killed run, then starts its own', async () => {
    // What a run killed without its shutdown leaves: its server, still writing the AOF on our socket.
    const socketPath = embeddedRedisSocket(dataDir);
    const dir = join(dataDir, 'redis');
    mkdirSync(dir, { recursive: true });
    const orphan = spawn('redis-server', ['--port', '0', '--unixsocket', socketPath, '--dir', dir, '--appendonly', 'yes', '--save', ''], { stdio: 'ignore' });
    await until(() => answers(socketPath), 10_000);
    const jobs = new JobQueues({ path: socketPath }, 'orphan', 3);
    await jobs.enqueueRender({ id: 'tsk_orphaned', accountId: 'acc', priority: 'low' });
    await jobs.close();

    const next = await startEmbeddedRedis(dataDir, silent);
    await until(() => orphan.exitCode !== null, 5_000);
    expect(next.pid).not.toBe(orphan.pid);
    const reopened = new JobQueues({ path: next.socketPath }, 'orphan', 3);
    expect((await reopened.queue('render').getJob('tsk_orphaned'))?.data.taskId).toBe('tsk_orphaned');
    await reopened.close();
    await next.stop();
  });

  it('starts the server again when it is killed, and its clients find the jobs queued before', async () => {
    const { logger, lines } = recordingLogger();
    const redis = open(await startEmbeddedRedis(dataDir, logger));
    const jobs = open(new JobQueues({ path: redis.socketPath }, 'killed', 3));
    await jobs.enqueueRender({ id: 'tsk_survivor', accountId: 'acc', priority: 'standard' });
    // The AOF is flushed every second: a kill loses at most the last second's writes.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const killed = redis.pid;
    process.kill(killed, 'SIGKILL');
    await until(() => redis.pid !== killed, 10_000);

    expect(isRunning(killed)).toBe(false);
    expect(await answers(redis.socketPath)).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual(['private redis-server exited; starting it again', 'private redis-server started again']);
    expect(lines[0]).toMatchObject({ signal: 'SIGKILL', restartInMs: 1_000 });
    // The same client reconnected by itself.
    expect((await jobs.queue('render').getJob('tsk_survivor'))?.data.taskId).toBe('tsk_survivor');
    await jobs.close();
    await redis.stop();
    expect(isRunning(redis.pid)).toBe(false);
  }, 15_000);

  it('waits twice as long before each restart of a server that keeps exiting, and a stop ends the restarts', async () => {
    const { logger, lines } = recordingLogger();
    const redis = open(await startEmbeddedRedis(dataDir, logger));
    for (let round = 0; round < 2; round++) {
      const killed = redis.pid;
      process.kill(killed, 'SIGKILL');
      await until(() => redis.pid !== killed, 10_000);
    }
    expect(lines.filter((line) => line.restartInMs !== undefined).map((line) => line.restartInMs)).toEqual([1_000, 2_000]);

    // Killed again and stopped before its restart is due: nothing starts after the stop.
    const last = redis.pid;
    process.kill(last, 'SIGKILL');
    await until(() => !isRunning(last), 5_000);
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(redis.pid).toBe(last);
    expect(await answers(redis.socketPath)).toBe(false);
  }, 20_000);

  it('explains a missing redis-server binary', async () => {
    await expect(startEmbeddedRedis(dataDir, silent, 'redis-server-that-does-not-exist')).rejects.toThrow(/install it .*or set REDIS_URL/);
  });
});
