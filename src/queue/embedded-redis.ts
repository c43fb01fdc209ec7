import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import type { Logger } from 'pino';

export interface EmbeddedRedis {
  socketPath: string;
  /** The running server's process id; a restarted server has a new one. */
  readonly pid: number;
  stop(): Promise<void>;
}

/** Where the private redis-server of a data dir listens (the key CLI finds it there). */
export function embeddedRedisSocket(dataDir: string): string {
  return join(dataDir, 'redis', 'redis.sock');
}

/** Waits between restarts of a server that keeps exiting: doubled from the first, up to the last. */
const FIRST_RESTART_WAIT_MS = 1_000;
const LONGEST_RESTART_WAIT_MS = 30_000;
/** A server that ran this long before it exited is restarted after the first wait again. */
const STEADY_RUN_MS = 60_000;

/**
 * The private redis-server of the embedded default: a child process on a unix
 * socket in the data dir (no TCP port), with AOF on so that queued jobs survive
 * a restart. Nothing else supervises it on a one-box install, so when it exits
 * on its own (killed, out of memory) it is started again on the same socket and
 * AOF, and the clients reconnect. It is stopped when the service stops.
 */
export async function startEmbeddedRedis(dataDir: string, logger: Pick<Logger, 'error' | 'info'>, serverBinary = 'redis-server'): Promise<EmbeddedRedis> {
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const socketPath = embeddedRedisSocket(dataDir);
  if (Buffer.byteLength(socketPath) > 100) {
    throw new Error(`DATA_DIR is too long for a unix socket path (${socketPath}); use a shorter DATA_DIR or set REDIS_URL`);
  }
  let server = await startServer(dir, socketPath, serverBinary);
  let stopping = false;
  let restarting: Promise<void> = Promise.resolve();
  let restartTimer: NodeJS.Timeout | undefined;
  let restartWaitMs = FIRST_RESTART_WAIT_MS;

  const restartLater = (fields: Record<string, unknown>, message: string): void => {
    logger.error({ ...fields, restartInMs: restartWaitMs, log: join(dir, 'redis.log') }, message);
    restartTimer = setTimeout(() => {
      restarting = restart();
    }, restartWaitMs);
    restartWaitMs = Math.min(restartWaitMs * 2, LONGEST_RESTART_WAIT_MS);
  };
  const superviseCurrent = (): void => {
    const { child, startedAt, exited } = server;
    void exited.then((code) => {
      if (stopping) return;
      if (Date.now() - startedAt >= STEADY_RUN_MS) restartWaitMs = FIRST_RESTART_WAIT_MS;
      restartLater({ code, signal: child.signalCode }, 'private redis-server exited; starting it again');
    });
  };
  const restart = async (): Promise<void> => {
    if (stopping) return;
    try {
      server = await startServer(dir, socketPath, serverBinary);
    } catch (error) {
      if (!stopping) restartLater({ err: error }, 'private redis-server did not start again; trying later');
      return;
    }
    if (stopping) return;
    logger.info({ socket: socketPath, pid: server.child.pid }, 'private redis-server started again');
    superviseCurrent();
  };
  superviseCurrent();

  return {
    socketPath,
    get pid() {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the server answered on its socket, so the spawn succeeded and Node set the pid
      return server.child.pid!;
    },
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      await restarting;
      await stopServer(server);
    },
  };
}

interface RunningServer {
  child: ChildProcess;
  startedAt: number;
  exited: Promise<number | null>;
}

/** Starts a server on the socket, after stopping any other that still writes the same AOF. */
async function startServer(dir: string, socketPath: string, serverBinary: string): Promise<RunningServer> {
  await stopOrphan(socketPath);
  rmSync(socketPath, { force: true });
  const child = spawn(
    serverBinary,
    [
      '--port',
      '0',
      '--unixsocket',
      socketPath,
      '--unixsocketperm',
      '700',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
      '--logfile',
      join(dir, 'redis.log'),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  await waitUntilAnswering(socketPath, child, exited, spawnError);
  return { child, startedAt: Date.now(), exited };
}

async function stopServer({ child, exited }: RunningServer): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A previous run killed without its shutdown (SIGKILL, power loss of the parent
 * only) leaves its redis-server running on our socket and appending to our AOF
 * file. Two servers must never write one AOF: ask the orphan to shut down
 * (it flushes the AOF first) before starting ours.
 */
async function stopOrphan(socketPath: string): Promise<void> {
  if (!existsSync(socketPath)) return;
  const client = new Redis({ path: socketPath, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.call('SHUTDOWN').catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await answers(socketPath))) await new Promise((resolve) => setTimeout(resolve, 50));
  } catch {
    // Nothing answers: the socket file is stale.
  } finally {
    client.disconnect();
  }
}

async function answers(socketPath: string): Promise<boolean> {
  const probe = new Redis({ path: socketPath, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function waitUntilAnswering(socketPath: string, child: ChildProcess, exited: Promise<number | null>, spawnError: Promise<Error>): Promise<void> {
  const deadline = Date.now() + 15_000;
  const failure = Promise.race([
    exited.then((code) => new Error(`redis-server exited with code ${code} while starting; see its log in the data dir`)),
    spawnError.then((err) => new Error(`could not start redis-server (${err.message}); install it (apt-get install redis-server) or set REDIS_URL`)),
  ]);
  while (Date.now() < deadline) {
    const client = new Redis({ path: socketPath, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    const attempt = client
      .connect()
      .then(() => client.ping())
      .then(() => true)
      .catch(() => false)
      .finally(() => client.disconnect());
    const outcome = await Promise.race([attempt, failure]);
    if (outcome instanceof Error) throw outcome;
    if (outcome) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not answer within 15 s');
}
