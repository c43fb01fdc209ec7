import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { Agent } from 'node:https';
import { join } from 'node:path';
import { DataSource, type Logger } from 'typeorm';
import { SERVICE_ENTITIES } from '../src/app/composition-root';
import { loadConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/database/data-source';
import { Database } from '../src/database/database';
import { TasksRepository } from '../src/tasks/tasks.repository';
import { periodBounds } from '../src/usage/usage-period';
import type { BenchArgs } from './support/bench-args';
import { formatTable, log, machineInfo, percentile, saveResults, type Cell } from './support/bench-report';
import { createBody } from './support/create-body';
import { HttpsJson } from './support/https-json';
import { pacedLoad, type PacedRequest } from './support/paced-load';
import { processCpuMs } from './support/process-tree';
import { issueKey, prepareService, removeDir, startService, type PreparedService } from './support/service-process';
import { SEED_DAYS, seedAccounts, seedTasks } from './support/scale-seed';
import { createTestDatabase, type TestDatabase } from '../test/support/postgres';

/**
 * bench:api --scale — the API as its data grows: a database seeded with
 * `--tasks` tasks (default 1,000,000) over 1,000 accounts, one of which holds a
 * fifth of them, on SQLite and on PostgreSQL in one run; then, against a
 * ROLE=api service on 20 connections at fixed rates, the latency of a task read,
 * of list pages (no filter, a status, the last week, a deep offset) for the
 * large account and a small one, of the usage of this and last month, and of
 * creates (whose queue positions must come out exact). Also the start-up time
 * on the seeded database, its size per task, and the plan of the slowest
 * statement behind those endpoints.
 */
const CONNECTIONS = 20;
const ACCOUNTS = 1_000;
const RATES = { get: 500, list: 200, create: 100 } as const;
const USAGE_SAMPLES = 5;
const DAY_MS = 86_400_000;

interface LoadResult {
  engine: Engine;
  endpoint: string;
  account: 'large' | 'small';
  target_per_s: number;
  achieved_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  non2xx: number;
  errors: number;
  /** CPU time of the service's process (every thread; not Redis's or PostgreSQL's) per request sent. */
  service_cpu_ms_per_request: number;
}

/** Where a load goes: the service of one engine, over connections every load of it shares. */
interface LoadTarget {
  engine: Engine;
  prepared: PreparedService;
  agent: Agent;
  servicePid: number;
}

interface StatementTiming {
  what: string;
  sql: string;
  median_ms: number;
  plan: string[];
}

type Engine = 'SQLite' | 'PostgreSQL';

interface EngineResult {
  engine: Engine;
  tasks: number;
  seed_seconds: number;
  bytes_per_task: number;
  start_to_listening_ms: number;
  loads: LoadResult[];
  usage: Array<{ period: string; median_ms: number; max_ms: number }>;
  queue_positions: { creates: number; first: number; exact: boolean };
  slowest: StatementTiming;
  statements: StatementTiming[];
}

async function load(
  target: LoadTarget,
  key: string,
  endpoint: string,
  account: LoadResult['account'],
  rate: number,
  seconds: number,
  next: () => PacedRequest,
  onResponse?: (status: number, body: string) => void,
): Promise<LoadResult> {
  const { engine, prepared, agent, servicePid } = target;
  const cpuBefore = processCpuMs(servicePid);
  const result = await pacedLoad({
    baseUrl: prepared.baseUrl,
    agent,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    rate,
    seconds,
    next,
    onResponse,
  });
  const row: LoadResult = {
    engine,
    endpoint,
    account,
    target_per_s: rate,
    achieved_per_s: result.achievedPerSecond,
    p50_ms: result.p50Ms,
    p99_ms: result.p99Ms,
    max_ms: result.maxMs,
    non2xx: result.non2xx,
    errors: result.errors,
    service_cpu_ms_per_request: (processCpuMs(servicePid) - cpuBefore) / (rate * seconds),
  };
  log(
    `${engine} ${endpoint} (${account}): ${row.achieved_per_s.toFixed(0)}/s of ${rate}, p50 ${row.p50_ms.toFixed(1)} ms, p99 ${row.p99_ms.toFixed(1)} ms, ` +
      `non-2xx ${row.non2xx}, service CPU ${row.service_cpu_ms_per_request.toFixed(2)} ms per request`,
  );
  return row;
}

/** Every statement the service's repository runs for the measured reads, timed and explained on the seeded database. */
async function explainStatements(prepared: PreparedService, accountId: string, now: number): Promise<StatementTiming[]> {
  const captured: Array<{ sql: string; params: unknown[] }> = [];
  const logger: Logger = {
    logQuery: (sql, params) => void captured.push({ sql, params: params ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const config = loadConfig(prepared.env);
  const dataSource = new DataSource({ ...dataSourceOptions(config, SERVICE_ENTITIES), logging: ['query'], logger });
  await dataSource.initialize();
  const postgres = dataSource.options.type === 'postgres';
  const tasks = new TasksRepository(new Database(dataSource));
  const week = now - 7 * DAY_MS;
  const calls: Array<[string, () => Promise<unknown>]> = [
    ['list', () => tasks.list(accountId, { limit: 20, offset: 0 })],
    ['list status=completed', () => tasks.list(accountId, { status: 'completed', limit: 20, offset: 0 })],
    ['list created_after a week ago', () => tasks.list(accountId, { createdAfter: week, limit: 20, offset: 0 })],
    ['list offset=10000', () => tasks.list(accountId, { limit: 20, offset: 10_000 })],
    ['usage current_month', () => tasks.usageOfDays(accountId, periodBounds('current_month', now).start, periodBounds('current_month', now).end)],
    ['usage last_month', () => tasks.usageOfDays(accountId, periodBounds('last_month', now).start, periodBounds('last_month', now).end)],
  ];
  const timings: StatementTiming[] = [];
  try {
    for (const [what, call] of calls) {
      captured.length = 0;
      await call();
      for (const { sql, params } of captured.filter((c) => /^\s*(SELECT|WITH)/i.test(c.sql))) {
        const runs: number[] = [];
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          await dataSource.query(sql, params);
          runs.push(performance.now() - started);
        }
        const explained = await dataSource.query<Array<Record<string, unknown>>>(`${postgres ? 'EXPLAIN ANALYZE' : 'EXPLAIN QUERY PLAN'} ${sql}`, params);
        const plan = explained.map((row) => String(postgres ? row['QUERY PLAN'] : `${'  '.repeat(Number(row.parent) === 0 ? 0 : 1)}${String(row.detail)}`));
        timings.push({ what, sql: sql.replace(/\s+/g, ' '), median_ms: percentile(runs, 50), plan });
      }
    }
  } finally {
    await dataSource.destroy();
  }
  return timings;
}

async function databaseBytes(prepared: PreparedService, postgres: TestDatabase | null): Promise<number> {
  if (!postgres) {
    const file = join(prepared.dataDir, 'render.sqlite');
    return ['', '-wal'].reduce((sum, suffix) => sum + (statSync(file + suffix, { throwIfNoEntry: false })?.size ?? 0), 0);
  }
  const dataSource = new DataSource({ type: 'postgres', url: postgres.url });
  await dataSource.initialize();
  try {
    const [row] = await dataSource.query<Array<{ bytes: string }>>('SELECT pg_database_size(current_database()) AS bytes');
    return Number(row.bytes);
  } finally {
    await dataSource.destroy();
  }
}

async function runEngine(engine: Engine, args: BenchArgs): Promise<EngineResult> {
  const postgres = engine === 'PostgreSQL' ? await createTestDatabase('bench_scale') : null;
  const prepared = await prepareService(postgres ? { DATABASE_URL: postgres.url } : {});
  const limits = { tier: 'pro' as const, rateLimitPerMinute: 100_000_000, monthlyRenders: 100_000_000 };
  try {
    const largeKey = await issueKey(prepared, { account: 'scale-large', ...limits });
    const smallKey = await issueKey(prepared, { account: 'scale-small', ...limits });
    const now = Date.now();
    const config = loadConfig(prepared.env);
    const dataSource = new DataSource(dataSourceOptions(config, SERVICE_ENTITIES));
    await dataSource.initialize();
    const seedStarted = performance.now();
    let accountIds: string[];
    try {
      const given = await dataSource.query<Array<{ id: string }>>("SELECT id FROM accounts WHERE name IN ('scale-large', 'scale-small') ORDER BY name");
      accountIds = await seedAccounts(
        dataSource,
        given.map((row) => row.id),
        ACCOUNTS,
        now,
      );
      await seedTasks(dataSource, { tasks: args.tasks, accountIds, now }, (done) => log(`${engine}: seeded ${done} tasks`));
      // A database that has served a million tasks has no gigabytes of fresh writes pending: the seed's writes reach
      // the disk now (PostgreSQL's checkpoint, then the kernel's dirty pages), not while the loads are measured.
      await dataSource.query(postgres ? 'CHECKPOINT' : 'PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await dataSource.destroy();
    }
    execFileSync('sync');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const bytesPerTask = (await databaseBytes(prepared, postgres)) / args.tasks;
    log(`${engine}: ${args.tasks} tasks seeded in ${seedSeconds.toFixed(0)} s, ${bytesPerTask.toFixed(0)} bytes per task`);

    const service = await startService(prepared, 'api', 120_000);
    const loads: LoadResult[] = [];
    const usage: EngineResult['usage'] = [];
    const positions: number[] = [];
    // Every load of this service goes over the same connections, opened by the warm-up, as a polling client's would.
    const agent = new Agent({ ca: prepared.ca, keepAlive: true, maxSockets: CONNECTIONS });
    const target: LoadTarget = { engine, prepared, agent, servicePid: service.pid };
    try {
      const seconds = args.duration;
      // The large account's tasks are every fifth of the series (scale-seed.ts).
      const largeTaskPath = () => `/v3/tasks/tsk_${String(Math.floor(Math.random() * (args.tasks / 5)) * 5).padStart(26, '0')}`;
      if (args.warmup > 0) await load(target, largeKey, 'warm-up', 'large', RATES.get, args.warmup, () => ({ method: 'GET', path: largeTaskPath() }));
      loads.push(await load(target, largeKey, 'GET /v3/tasks/{id}', 'large', RATES.get, seconds, () => ({ method: 'GET', path: largeTaskPath() })));
      const weekAgo = new Date(now - 7 * DAY_MS).toISOString();
      const lists: Array<[string, string]> = [
        ['GET /v3/tasks?limit=20', '/v3/tasks?limit=20'],
        ['GET /v3/tasks?status=completed', '/v3/tasks?limit=20&status=completed'],
        ['GET /v3/tasks?created_after=<a week ago>', `/v3/tasks?limit=20&created_after=${encodeURIComponent(weekAgo)}`],
        ['GET /v3/tasks?offset=10000', '/v3/tasks?limit=20&offset=10000'],
      ];
      for (const [account, key] of [
        ['large', largeKey],
        ['small', smallKey],
      ] as const) {
        for (const [endpoint, path] of lists) loads.push(await load(target, key, endpoint, account, RATES.list, seconds, () => ({ method: 'GET', path })));
      }
      const client = new HttpsJson(prepared.baseUrl, prepared.ca, largeKey);
      try {
        for (const period of ['current_month', 'last_month']) {
          const times: number[] = [];
          for (let i = 0; i < USAGE_SAMPLES; i++) {
            const started = performance.now();
            await client.expect(200, 'GET', `/v3/usage?period=${period}`);
            times.push(performance.now() - started);
          }
          usage.push({ period, median_ms: percentile(times, 50), max_ms: Math.max(...times) });
          log(`${engine} usage ${period}: median ${percentile(times, 50).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
        }
      } finally {
        client.close();
      }
      let created = 0;
      let refusal: string | undefined;
      const create = (): PacedRequest => ({ method: 'POST', path: '/v3/tasks', body: JSON.stringify(createBody(`scale-${process.pid}-${++created}`)) });
      const recordCreate = (status: number, body: string) => {
        if (status === 201) positions.push((JSON.parse(body) as { queue_position: number }).queue_position);
        else refusal ??= `${status} ${body.slice(0, 300)}`;
      };
      // Creates warm up as the reads did: the service's first creates (cold code, the queue's first job) take
      // 40-280 ms each for about a second, and a service runs far longer than that.
      if (args.warmup > 0) await load(target, largeKey, 'warm-up', 'large', RATES.create, args.warmup, create, recordCreate);
      loads.push(await load(target, largeKey, 'POST /v3/tasks', 'large', RATES.create, seconds, create, recordCreate));
      if (refusal !== undefined) log(`${engine}: a create was refused: ${refusal}`);
    } finally {
      agent.destroy();
      await service.stop();
    }
    // Nothing takes a job (ROLE=api): the creates queue behind the seed's queued tasks, one position each, in order.
    const sorted = [...positions].sort((a, b) => a - b);
    const seededQueued = 1_000;
    const exact = sorted.length > 0 && sorted.every((position, i) => position === seededQueued + 1 + i);
    log(`${engine}: ${positions.length} creates, queue positions ${exact ? 'exact' : 'NOT exact'} (first ${sorted[0]})`);
    const statements = await explainStatements(prepared, accountIds[0], now);
    const slowest = statements.reduce((a, b) => (b.median_ms > a.median_ms ? b : a));
    return {
      engine,
      tasks: args.tasks,
      seed_seconds: seedSeconds,
      bytes_per_task: bytesPerTask,
      start_to_listening_ms: service.listeningMs ?? Number.NaN,
      loads,
      usage,
      queue_positions: { creates: positions.length, first: sorted[0] ?? Number.NaN, exact },
      slowest,
      statements,
    };
  } finally {
    removeDir(prepared.dataDir);
    await postgres?.drop();
  }
}

export async function runScaleBench(args: BenchArgs): Promise<void> {
  const results: EngineResult[] = [];
  for (const engine of ['SQLite', 'PostgreSQL'] as const) results.push(await runEngine(engine, args));
  const out = process.stdout;
  out.write(`\nbench:api --scale — ${args.tasks} tasks over ${ACCOUNTS} accounts (the large one ${args.tasks / 5}), created over ${SEED_DAYS} days; `);
  out.write(`${CONNECTIONS} connections, ${args.duration} s per load, HTTPS, service ROLE=api\n\n`);
  const rows: Cell[][] = results.flatMap((r) =>
    r.loads.map((l) => [
      r.engine,
      l.endpoint,
      l.account,
      l.target_per_s,
      l.achieved_per_s,
      l.p50_ms,
      l.p99_ms,
      l.max_ms,
      l.non2xx + l.errors,
      l.service_cpu_ms_per_request,
    ]),
  );
  const headings = ['engine', 'endpoint', 'account', 'rate/s', 'achieved/s', 'p50 ms', 'p99 ms', 'max ms', 'failed', 'service CPU ms/request'];
  out.write(`${formatTable(headings, rows)}\n\n`);
  const summary: Cell[][] = results.map((r) => [
    r.engine,
    r.start_to_listening_ms,
    r.bytes_per_task,
    r.usage.find((u) => u.period === 'current_month')?.max_ms ?? null,
    r.usage.find((u) => u.period === 'last_month')?.max_ms ?? null,
    `${r.queue_positions.creates} creates, ${r.queue_positions.exact ? 'exact' : 'NOT exact'}`,
    `${r.slowest.what} (${r.slowest.median_ms.toFixed(1)} ms)`,
  ]);
  out.write(
    `${formatTable(['engine', 'start ms', 'bytes/task', 'usage this month ms', 'usage last month ms', 'queue positions', 'slowest statement'], summary)}\n`,
  );
  for (const r of results)
    out.write(`\n${r.engine}, slowest statement (${r.slowest.what}):\n${r.slowest.sql}\n${r.slowest.plan.map((line) => `  ${line}`).join('\n')}\n`);
  const path = saveResults(args.quick ? 'api-scale-quick' : 'api-scale', { date: new Date().toISOString(), machine: machineInfo(), args, results });
  out.write(`saved ${path}\n`);
}
