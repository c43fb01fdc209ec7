import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/app/free-port';
import { loadTls } from '../../src/app/tls';
import type { CreateKeyRequest } from '../../src/auth/api-keys.service';
import { openKeyStore } from '../../src/auth/keys.cli';
import { projectRoot } from '../../src/common/project-root';
import { loadConfig } from '../../src/config/app-config';
import { present } from '../../test/support/present';

export type Env = Record<string, string>;

/** Start-up times are measured to this granularity. */
const STARTUP_POLL_MS = 20;

export interface PreparedService {
  env: Env;
  dataDir: string;
  port: number;
  baseUrl: string;
  ca: Buffer;
  certPath: string;
  keyPath: string;
}

/**
 * A data dir, a port and the TLS certificate for a service child process, made
 * before it starts so the bench can issue keys and trust the certificate.
 */
export async function prepareService(extraEnv: Env = {}): Promise<PreparedService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-bench-'));
  const port = await freePort();
  const base: Env = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    NETWORK_ALLOWLIST: '127.0.0.1',
    // Shared back ends given to the bench (e.g. DATABASE_URL=postgres://… npm run bench:api) reach the service too.
    ...Object.fromEntries(
      ['DATABASE_URL', 'SECRETS_KEY', 'REDIS_URL', 'REDIS_PREFIX'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
    ...extraEnv,
  };
  // A shared database needs one SECRETS_KEY for every process of the run (docs/security.md).
  if (base.DATABASE_URL && !base.SECRETS_KEY) base.SECRETS_KEY = randomBytes(32).toString('base64');
  const tls = present(loadTls(loadConfig(base)), 'TLS material (the bench service serves HTTPS itself)');
  const env = { ...base, WEBHOOK_CA_FILE: tls.certPath };
  return { env, dataDir, port, baseUrl: `https://127.0.0.1:${port}`, ca: tls.cert, certPath: tls.certPath, keyPath: join(dataDir, 'tls', 'localhost.key') };
}

/** Issues a key straight in the service's database (migrated here if the service has not started yet). */
export async function issueKey(prepared: PreparedService, request: CreateKeyRequest): Promise<string> {
  const config = loadConfig(prepared.env);
  const store = await openKeyStore(config);
  try {
    return (await store.keys.create(request)).key;
  } finally {
    await store.close();
  }
}

export interface ServiceProcess {
  child: ChildProcess;
  pid: number;
  /** Milliseconds from spawn to the API listening (null for ROLE=worker). */
  listeningMs: number | null;
  /** Milliseconds from spawn to the worker's "worker ready" log line (null for ROLE=api). */
  workerReadyMs: number | null;
  logPath: string;
  stop(): Promise<void>;
}

interface LogLine {
  msg?: string;
}

function parseLog(line: string): LogLine | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return null;
  }
}

/**
 * Runs `node dist/src/main.js` as a child (what `npm start` runs after the build)
 * and resolves once it is listening and, for roles with a worker, once the
 * worker (with its browser) is ready. Its output goes to `service.log` in the
 * data dir, not through a pipe, so reading request logs costs the bench nothing.
 */
export async function startService(
  prepared: PreparedService,
  role: 'api' | 'all' | 'worker',
  timeoutMs = 60_000,
  /** `cpu`: pinned to that core with taskset; `logName`: its own log file, for several processes on one data dir. */
  opts: { cpu?: number; logName?: string; env?: Env } = {},
): Promise<ServiceProcess> {
  const logPath = join(prepared.dataDir, opts.logName ?? 'service.log');
  const logFd = openSync(logPath, 'a');
  const started = performance.now();
  const command = [process.execPath, join(projectRoot(), 'dist', 'src', 'main.js')];
  const pinned = opts.cpu === undefined ? command : ['taskset', '-c', String(opts.cpu), ...command];
  const child = spawn(pinned[0], pinned.slice(1), {
    env: { ...process.env, LOG_LEVEL: 'info', ...prepared.env, ...opts.env, ROLE: role },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  let listeningMs: number | null = null;
  let workerReadyMs: number | null = null;
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  // The log is appended to across restarts: only what this process writes counts.
  const logStart = statSync(logPath).size;
  let scanned = 0;
  const scan = () => {
    const text = readFileSync(logPath).subarray(logStart).toString('utf8');
    for (const line of text.slice(scanned).split('\n')) {
      if (listeningMs === null && line.startsWith('Render service listening on')) listeningMs = performance.now() - started;
      if (workerReadyMs === null && parseLog(line)?.msg === 'worker ready') workerReadyMs = performance.now() - started;
    }
    scanned = text.lastIndexOf('\n') + 1;
  };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, STARTUP_POLL_MS));
    scan();
    if ((listeningMs !== null || role === 'worker') && (role === 'api' || workerReadyMs !== null)) break;
    const tail = () => readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n');
    if (exited !== undefined) throw new Error(`service exited with ${exited} before it was ready:\n${tail()}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`service not ready after ${timeoutMs} ms:\n${tail()}`);
    }
  }
  return {
    child,
    pid: present(child.pid, 'the pid of the service (it answered, so it was spawned)'),
    listeningMs,
    workerReadyMs,
    logPath,
    stop: () => stopChild(child),
  };
}

export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
