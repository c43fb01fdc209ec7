import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { projectRoot } from '../../../src/common/project-root';
import { writeSelfSignedCertificate } from '../../../src/common/self-signed-certificate';
import { TEST_SECRETS_KEY } from '../../support/postgres';

export { freePort } from '../../../src/app/free-port';

/**
 * Real service processes for the scale-out suites: `node dist/src/main.js` per
 * role, with their own logs, on a fresh PostgreSQL database, a Redis and an
 * S3-protocol server. Nothing here reaches into a process: the suites see the
 * service as an operator does (HTTPS, logs, exit codes).
 */

const ROOT = projectRoot();

/** A compiled copy of the service that the suite's processes run from. */
export interface ServiceBuild {
  main: string;
  keysCli: string;
}

/**
 * Compiles src/ (`tsc -p tsconfig.build.json`) into a private copy under `dir`,
 * next to a copy of the Remotion bundle from dist/: other builds rewriting dist/
 * while the processes run (a parallel `npm run build`) cannot pull the code
 * from under them, and what runs is always the current source.
 */
export function buildService(dir: string): ServiceBuild {
  const bundle = join(ROOT, 'dist', 'remotion-bundle');
  if (!existsSync(join(bundle, 'index.html'))) throw new Error('dist/remotion-bundle is missing: run npm run build');
  const app = join(dir, 'app');
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', join(app, 'dist')], { cwd: ROOT, stdio: 'pipe' });
  cpSync(bundle, join(app, 'dist', 'remotion-bundle'), { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(app, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
  return { main: join(app, 'dist', 'src', 'main.js'), keysCli: join(app, 'dist', 'src', 'auth', 'keys.cli.js') };
}

export interface TestS3 {
  endpoint: string;
  close(): Promise<void>;
}

/** An S3-protocol server on 127.0.0.1 with one bucket. */
export async function startS3(dir: string, bucket: string): Promise<TestS3> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return { endpoint, close: () => server.close() };
}

export interface Certificate {
  certPath: string;
  keyPath: string;
  cert: Buffer;
}

/** A self-signed certificate for 127.0.0.1 and localhost: the APIs' TLS and the webhook receiver's. */
export function makeCertificate(dir: string): Certificate {
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  writeSelfSignedCertificate({ certPath, keyPath }, 1);
  return { certPath, keyPath, cert: readFileSync(certPath) };
}

/** Issues a key with the key CLI against the shared database, as an operator would. */
export function createKey(build: ServiceBuild, env: Record<string, string>, account: string, rateLimitPerMinute: number): string {
  const out = execFileSync('node', [build.keysCli, 'create', '--account', account, '--tier', 'pro', '--rate-limit', String(rateLimitPerMinute), '--json'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return (JSON.parse(out.toString()) as { key: string }).key;
}

export interface LogLine {
  msg?: string;
  task_id?: string;
  attempt?: number;
  /** ISO 8601, as pino writes it here. */
  time?: string;
  [field: string]: unknown;
}

/** One `node dist/src/main.js` child: its role, log file and exit. */
export class ServiceProcess {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  private constructor(
    readonly name: string,
    readonly logPath: string,
    main: string,
    env: Record<string, string>,
  ) {
    const fd = openSync(logPath, 'a');
    this.child = spawn('node', [main], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Starts a process and waits until it serves (api: /healthz answers) or takes jobs (worker: "worker ready"). */
  static async start(build: ServiceBuild, name: string, dir: string, env: Record<string, string>, readyWithinMs = 60_000): Promise<ServiceProcess> {
    const dataDir = join(dir, name);
    mkdirSync(dataDir, { recursive: true });
    const proc = new ServiceProcess(name, join(dir, `${name}.log`), build.main, { DATA_DIR: dataDir, ...env });
    const deadline = Date.now() + readyWithinMs;
    const ready = env.ROLE === 'worker' ? 'worker ready' : 'Render service listening';
    while (!readFileSync(proc.logPath, 'utf8').includes(ready)) {
      if (proc.child.exitCode !== null) throw new Error(`${name} exited with ${proc.child.exitCode}; log:\n${proc.tail()}`);
      if (Date.now() > deadline) throw new Error(`${name} was not ready within ${readyWithinMs} ms; log:\n${proc.tail()}`);
      await sleep(100);
    }
    return proc;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** The JSON log lines written so far (pino), from this process's log file. */
  lines(): LogLine[] {
    return readFileSync(this.logPath, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  }

  tail(chars = 4000): string {
    const text = readFileSync(this.logPath, 'utf8');
    return text.slice(-chars);
  }
}

/** What every process logged about `taskId`, in time order, a line each: to explain a task that did not end as a test expected. */
export function taskLog(processes: ServiceProcess[], taskId: string): string {
  return processes
    .flatMap((proc) => proc.lines().map((line) => ({ proc: proc.name, line })))
    .filter(({ line }) => line.task_id === taskId)
    .sort((a, b) => String(a.line.time).localeCompare(String(b.line.time)))
    .map(({ proc, line }) => {
      const err = line.err as { message?: string } | undefined;
      const chunk = typeof line.chunk === 'number' ? `chunk ${line.chunk}` : '';
      const code = typeof line.code === 'string' ? line.code : '';
      return [line.time ?? '', proc, line.msg ?? '', chunk, code, err?.message ?? ''].filter((part) => part !== '').join(' ');
    })
    .join('\n');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value, or throws with `what` after `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A task on the fixtures' yellow clip: tiny by default; `seconds` and `size` make one that is still rendering when a test acts on it. */
export function tinyTaskBody(mediaBase: string, webhookUrl: string, long: { seconds: number; width: number; height: number } | null = null) {
  const durationMs = (long?.seconds ?? 1) * 1000;
  return {
    input: {
      timeline: {
        duration_ms: durationMs,
        tracks: [{ id: 'main', type: 'video', clips: [{ id: 'clip', media_url: `${mediaBase}/yellow-2s.mp4`, start_time_ms: 0, end_time_ms: durationMs }] }],
      },
      output:
        long === null ? { resolution: { width: 160, height: 90 }, framerate: 10 } : { resolution: { width: long.width, height: long.height }, framerate: 30 },
    },
    webhook: { url: webhookUrl },
  };
}

/** One `ROLE=all` process of the embedded default (SQLite, its own redis-server, local storage) on 127.0.0.1:`port`. */
export function embeddedServiceEnv(port: number, tls: Certificate): Record<string, string> {
  return {
    ROLE: 'all',
    HOST: '127.0.0.1',
    PORT: String(port),
    TLS_CERT: tls.certPath,
    TLS_KEY: tls.keyPath,
    NETWORK_ALLOWLIST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RENDER_CONCURRENCY: '1',
  };
}

/**
 * What every API and worker process of a scale-out test shares: PostgreSQL,
 * Redis (with a prefix of this run), the S3 bucket, the URL-signing secret and
 * the certificate, plus short test timings. Suites add their own Bull/reaper timings.
 */
export function sharedServiceEnv(args: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  bucket: string;
  s3: TestS3;
  tls: Certificate;
}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    DATABASE_URL: args.databaseUrl,
    SECRETS_KEY: TEST_SECRETS_KEY,
    REDIS_URL: args.redisUrl,
    REDIS_PREFIX: args.redisPrefix,
    STORAGE_URL: `s3://${args.bucket}`,
    S3_ENDPOINT: args.s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    URL_SIGNING_SECRET: randomBytes(32).toString('hex'),
    TLS_CERT: args.tls.certPath,
    TLS_KEY: args.tls.keyPath,
    WEBHOOK_CA_FILE: args.tls.certPath,
    NETWORK_ALLOWLIST: '127.0.0.1',
    WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800,1600,3200',
    PROGRESS_INTERVAL_MS: '300',
    RENDER_CONCURRENCY: '1',
    LOG_LEVEL: 'info',
  };
}
