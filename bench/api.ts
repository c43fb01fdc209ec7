import 'reflect-metadata';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runScaleBench } from './api-scale';
import { createBody } from './support/create-body';
import { parseBenchArgs } from './support/bench-args';
import { formatTable, log, machineInfo, saveResults, type Cell } from './support/bench-report';
import { HttpsJson } from './support/https-json';
import { processCpuMs, RssSampler } from './support/process-tree';
import { issueKey, prepareService, removeDir, startService, stopChild } from './support/service-process';
import { present } from '../test/support/present';

/**
 * bench:api — autocannon against the service's hottest endpoints (GET one task,
 * list 20, create) with ROLE=api (no worker: creates only queue), next to a bare
 * Fastify server on the same machine, over HTTPS with the same certificate,
 * answering the same JSON: the ceiling. Service and bare server alternate per
 * endpoint, each measured for `--duration` seconds after a short warm-up.
 *   node dist/bench/api.js [--duration S] [--quick]
 * With --scale it measures the API on a database of a million tasks instead (bench/api-scale.ts):
 *   node dist/bench/api.js --scale [--tasks N] [--duration S] [--quick]
 */
const CONNECTIONS = 10;
const SEED_TASKS = 25;

type Endpoint = 'GET /v3/tasks/{id}' | 'GET /v3/tasks?limit=20' | 'GET /v3/tasks?limit=20, distinct' | 'POST /v3/tasks';

/**
 * The list again, each request with a filter of its own (a `created_before` far in the future, one second
 * later each time: the same page): lists asked together are then never the same, so none shares another's
 * read (SameTurnReads), as when many accounts poll at once.
 */
const DISTINCT_LIST = 'GET /v3/tasks?limit=20, distinct' as const satisfies Endpoint;
const FAR_FUTURE_MS = Date.UTC(2100, 0, 1);

interface Measurement {
  endpoint: Endpoint;
  target: 'service' | 'bare-fastify';
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  total: number;
  non2xx: number;
  errors: number;
  peak_rss_mib: number;
  /** CPU time of the answering process (all its threads) per request: steadier than req/s on a shared machine. */
  cpu_us_per_request: number;
}

async function startBare(certPath: string, keyPath: string, answersPath: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(__dirname, 'support', 'bare-server.js'), certPath, keyPath, answersPath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { child, port };
}

let requestCounter = 0;

async function measure(
  endpoint: Endpoint,
  target: Measurement['target'],
  url: string,
  headers: Record<string, string>,
  pid: number,
  seconds: number,
): Promise<Measurement> {
  const post = endpoint === 'POST /v3/tasks';
  const sampler = new RssSampler(() => pid, 250);
  sampler.start();
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
    requests: [
      post
        ? { method: 'POST', setupRequest: (request) => ({ ...request, body: JSON.stringify(createBody(`bench-${process.pid}-${++requestCounter}`)) }) }
        : endpoint === DISTINCT_LIST
          ? {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: `${new URL(url).pathname}?limit=20&created_before=${new Date(FAR_FUTURE_MS + ++requestCounter * 1000).toISOString()}`,
              }),
            }
          : { method: 'GET' },
    ],
  });
  return {
    endpoint,
    target,
    requests_per_s: result.requests.average,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    peak_rss_mib: sampler.stopInMiB().peakMiB,
    cpu_us_per_request: ((processCpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
  };
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2), (quick, scale) =>
    scale
      ? { runs: 1, duration: quick ? 5 : 15, tasks: quick ? 100_000 : 1_000_000, warmup: 3 }
      : { runs: 1, duration: quick ? 3 : 10, tasks: 0, warmup: quick ? 1 : 2 },
  );
  if (args.scale) return runScaleBench(args);
  const prepared = await prepareService();
  const key = await issueKey(prepared, { account: 'bench-api', tier: 'pro', rateLimitPerMinute: 100_000_000, monthlyRenders: 100_000_000 });
  log('starting the service (ROLE=api)');
  const service = await startService(prepared, 'api');
  const client = new HttpsJson(prepared.baseUrl, prepared.ca, key);
  let bare: { child: ChildProcess; port: number } | null = null;
  const results: Measurement[] = [];
  try {
    let lastCreated: unknown = null;
    for (let i = 0; i < SEED_TASKS; i++) lastCreated = await client.expect(201, 'POST', '/v3/tasks', createBody(`seed-${process.pid}-${i}`));
    const taskId = (lastCreated as { task_id: string }).task_id;
    const answers = {
      get: await client.expect(200, 'GET', `/v3/tasks/${taskId}`),
      list: await client.expect(200, 'GET', '/v3/tasks?limit=20'),
      post: lastCreated,
    };
    const answersPath = join(prepared.dataDir, 'bare-answers.json');
    writeFileSync(answersPath, JSON.stringify(answers));
    bare = await startBare(prepared.certPath, prepared.keyPath, answersPath);
    const targets: Array<{ target: Measurement['target']; baseUrl: string; headers: Record<string, string>; pid: number }> = [
      { target: 'service', baseUrl: prepared.baseUrl, headers: { authorization: `Bearer ${key}` }, pid: service.pid },
      { target: 'bare-fastify', baseUrl: `https://127.0.0.1:${bare.port}`, headers: {}, pid: present(bare.child.pid, 'the pid of the bare server (spawned)') },
    ];
    const paths: Record<Endpoint, string> = {
      'GET /v3/tasks/{id}': `/v3/tasks/${taskId}`,
      'GET /v3/tasks?limit=20': '/v3/tasks?limit=20',
      [DISTINCT_LIST]: '/v3/tasks',
      'POST /v3/tasks': '/v3/tasks',
    };
    for (const [endpoint, path] of Object.entries(paths) as Array<[Endpoint, string]>) {
      for (const t of targets) {
        if (args.warmup > 0) await measure(endpoint, t.target, `${t.baseUrl}${path}`, t.headers, t.pid, args.warmup);
        const m = await measure(endpoint, t.target, `${t.baseUrl}${path}`, t.headers, t.pid, args.duration);
        log(
          `${endpoint} ${t.target}: ${m.requests_per_s.toFixed(0)} req/s, p50 ${m.p50_ms} ms, p99 ${m.p99_ms} ms, ` +
            `${m.cpu_us_per_request.toFixed(0)} µs CPU/request, non-2xx ${m.non2xx}, errors ${m.errors}`,
        );
        results.push(m);
      }
    }
  } finally {
    client.close();
    if (bare) await stopChild(bare.child);
    await service.stop();
    removeDir(prepared.dataDir);
  }
  const rows: Cell[][] = results.map((m) => {
    const bareRps = results.find((b) => b.endpoint === m.endpoint && b.target === 'bare-fastify')?.requests_per_s ?? Number.NaN;
    return [
      m.endpoint,
      m.target,
      m.requests_per_s,
      m.p50_ms,
      m.p99_ms,
      m.target === 'service' ? m.requests_per_s / bareRps : 1,
      m.cpu_us_per_request,
      m.non2xx,
      m.errors,
      m.peak_rss_mib,
    ];
  });
  const out = process.stdout;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  out.write(`\nbench:api — ${CONNECTIONS} connections, ${args.duration} s each, HTTPS, service ROLE=api (${database}, private Redis, LOG_LEVEL=info)\n\n`);
  out.write(`${formatTable(['endpoint', 'target', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'CPU µs/req', 'non-2xx', 'errors', 'peak RSS MiB'], rows)}\n`);
  const path = saveResults(args.quick ? 'api-quick' : 'api', {
    date: new Date().toISOString(),
    machine: machineInfo(),
    args,
    connections: CONNECTIONS,
    results,
  });
  out.write(`saved ${path}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:api failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
