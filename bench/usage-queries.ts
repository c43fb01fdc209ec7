import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { createApiApp } from '../src/app/api-app';
import { composeApi } from '../src/app/compose-api';
import { buildServices, createRuntime, type Runtime } from '../src/app/composition-root';
import { createLogger } from '../src/app/logger';
import { loadTls } from '../src/app/tls';
import { AccountEntity } from '../src/auth/account.entity';
import { loadConfig } from '../src/config/app-config';
import { StoredObjectEntity } from '../src/retention/stored-object.entity';
import { USAGE_PERIODS } from '../src/usage/usage-query.dto';
import type { TaskStatus } from '../src/tasks/task.types';
import { TaskEntity } from '../src/tasks/task.entity';
import { insertRows, storedObjectRow, taskRow } from '../test/integration/usage/task-rows';
import { present } from '../test/support/present';

/**
 * Usage and list queries against a large history: 100,000 tasks of one
 * account over the last 3 months, 20,000 of ten other accounts, a stored
 * object per recent completed render; each request timed over HTTPS, median
 * of 5, on SQLite and on PostgreSQL (a database of its own, dropped after).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/usage-queries.js
 */
const MAIN_TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const OTHER_TASKS = MAIN_TASKS / 5;
const SPREAD_MS = 90 * 86_400_000;
const RUNS = 5;
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STATUSES: Array<[TaskStatus, number]> = [
  ['completed', 0.8],
  ['failed', 0.1],
  ['canceled', 0.05],
  ['queued', 0.05],
];

interface Timing {
  engine: string;
  request: string;
  median_ms: number;
  min_ms: number;
  max_ms: number;
}

function statusAt(fraction: number): TaskStatus {
  let sum = 0;
  for (const [status, share] of STATUSES) {
    sum += share;
    if (fraction < sum) return status;
  }
  return 'completed';
}

/** Deterministic spread (no Math.random) so runs compare. */
function historyRows(accountId: string, count: number, now: number): { tasks: TaskEntity[]; objects: StoredObjectEntity[] } {
  const tasks: TaskEntity[] = [];
  const objects: StoredObjectEntity[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = now - Math.floor((((i * 7919) % count) / count) * SPREAD_MS);
    const status = statusAt(((i * 104_729) % 1000) / 1000);
    const finished = status === 'completed' || status === 'failed';
    const task = taskRow(accountId, {
      createdAt,
      status,
      startedAt: finished ? createdAt + 1000 : null,
      processingSeconds: finished ? 20 + (i % 40) : null,
      outputMinutes: 0.5 + (i % 10) / 10,
      costUsd: 0.05,
    });
    tasks.push(task);
    if (status === 'completed' && now - createdAt < 30 * 86_400_000) {
      objects.push(
        storedObjectRow(accountId, { taskId: task.id, sizeBytes: 5_000_000 + i, createdAt, deletedAt: i % 3 === 0 ? createdAt + 86_400_000 : null }),
      );
    }
  }
  return { tasks, objects };
}

function get(baseUrl: string, ca: Buffer, key: string, path: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const req = request(new URL(path, baseUrl), { ca, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolvePromise(res.statusCode) : reject(new Error(`${path}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function timed(run: () => Promise<unknown>): Promise<Omit<Timing, 'engine' | 'request'>> {
  await run(); // warm-up: plans and caches, as in a service that has been running
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { median_ms: round(samples[Math.floor(RUNS / 2)]), min_ms: round(samples[0]), max_ms: round(samples[RUNS - 1]) };
}

async function seed(runtime: Runtime, now: number): Promise<string> {
  const issued = await runtime.keys.create({ account: 'bench-main', tier: 'pro', rateLimitPerMinute: 1_000_000 });
  const db = runtime.db;
  const mainId = (await db.run((m) => m.findOneByOrFail(AccountEntity, { name: 'bench-main' }))).id;
  const main = historyRows(mainId, MAIN_TASKS, now);
  const started = Date.now();
  await insertRows(db, TaskEntity, main.tasks);
  await insertRows(db, StoredObjectEntity, main.objects);
  for (let other = 0; other < 10; other++) {
    const rows = historyRows(`acc_bench_other_${other}`, OTHER_TASKS / 10, now);
    await insertRows(db, TaskEntity, rows.tasks);
    await insertRows(db, StoredObjectEntity, rows.objects);
  }
  process.stdout.write(
    `  seeded ${MAIN_TASKS + OTHER_TASKS} tasks, ${main.objects.length} objects of the main account in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return issued.key;
}

async function benchEngine(engine: 'sqlite' | 'postgres', databaseUrl: string | null): Promise<Timing[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-bench-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SECRETS_KEY: randomBytes(32).toString('base64') } : {}),
  };
  const config = loadConfig(env);
  const runtime = await createRuntime(config, createLogger(config));
  const services = buildServices(runtime);
  const api = await createApiApp(runtime, services, composeApi(runtime, services), []);
  try {
    await api.app.listen(0, '127.0.0.1');
    const baseUrl = `https://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    const ca = present(loadTls(config), 'TLS material (the bench service serves HTTPS itself)').cert;
    process.stdout.write(`${engine}:\n`);
    const key = await seed(runtime, Date.now());
    // Statistics as a running database has them (PostgreSQL's autovacuum, SQLite's optimize on close).
    await runtime.db.run((m) => m.query('ANALYZE'));
    const requests = [
      ...USAGE_PERIODS.map((period) => `/v3/usage?period=${period}`),
      '/v3/tasks?limit=20',
      '/v3/tasks?limit=100&offset=1000',
      '/v3/tasks?limit=100&offset=50000',
      '/v3/tasks?limit=100&status=failed',
      '/v3/tasks?limit=100&created_after=' + new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    ];
    const timings: Timing[] = [];
    for (const path of requests) timings.push({ engine, request: path, ...(await timed(() => get(baseUrl, ca, key, path))) });
    return timings;
  } finally {
    await api.app.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withPostgresDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const name = `rs_bench_usage_${process.pid}`;
  const admin = await new DataSource({ type: 'postgres', url: ADMIN_URL }).initialize();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.destroy();
  }
}

async function main(): Promise<void> {
  const timings = [...(await benchEngine('sqlite', null)), ...(await withPostgresDatabase((url) => benchEngine('postgres', url)))];
  const width = Math.max(...timings.map((t) => t.request.length));
  process.stdout.write(`\n${'engine'.padEnd(9)} ${'request'.padEnd(width)}  median ms   min    max\n`);
  for (const t of timings) {
    process.stdout.write(
      `${t.engine.padEnd(9)} ${t.request.padEnd(width)}  ${String(t.median_ms).padStart(9)}  ${String(t.min_ms).padStart(5)}  ${String(t.max_ms).padStart(5)}\n`,
    );
  }
  // Relative to the working directory: `npm run bench:usage` runs from the repository root.
  const out = resolve('bench', 'results');
  mkdirSync(out, { recursive: true });
  const file = join(out, 'usage-queries.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measured_at: new Date().toISOString(), main_account_tasks: MAIN_TASKS, other_tasks: OTHER_TASKS, runs: RUNS, timings }, null, 2)}\n`,
  );
  process.stdout.write(`\nwritten to ${file}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
