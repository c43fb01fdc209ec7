import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import type { Tier, Permission } from '../../src/auth/auth.types';
import { createApiApp } from '../../src/app/api-app';
import { createLogger } from '../../src/app/logger';
import { composeApi } from '../../src/app/compose-api';
import { buildServices, composeWorker, createRuntime, type Runtime, type Services } from '../../src/app/composition-root';
import { loadTls } from '../../src/app/tls';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { startWorker, type Worker } from '../../src/worker/worker';
import { HttpClient } from './http-client';
import { present } from './present';
import { freePort } from '../../src/app/free-port';

export { freePort };

export interface TestApp {
  runtime: Runtime;
  services: Services;
  config: AppConfig;
  baseUrl: string;
  ca: Buffer;
  certPath: string;
  keyPath: string;
  worker: Worker | null;
  /** A client authenticated with a new key of its own account (or of `account` when given). */
  client(options?: {
    account?: string;
    tier?: Tier;
    permissions?: Permission[];
    rateLimitPerMinute?: number;
    concurrentRenders?: number;
    monthlyRenders?: number;
  }): Promise<HttpClient<string>>;
  anonymous(): HttpClient<null>;
  close(): Promise<void>;
}

let accountCounter = 0;

/**
 * Boots an isolated service in this process: its own data dir (or the given
 * one, which it removes on close like its own), its own private redis-server,
 * its own SQLite file (or the given PostgreSQL database), HTTPS on a free port.
 * `role: 'all'` also starts a worker (with its browser).
 */
export async function startTestApp(
  options: { role?: 'api' | 'all'; env?: Record<string, string>; log?: DestinationStream; dataDir?: string } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rs-'));
  // The port is part of the links and output URLs the service makes, so it must be known before boot.
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_BASE_URL: `https://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    NETWORK_ALLOWLIST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ROLE: options.role ?? 'api',
    RENDER_CONCURRENCY: '2',
    PROGRESS_INTERVAL_MS: '500',
    WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800,1600,3200',
    // npm test renders the end-to-end render tests a second time with RENDER_ENGINE=remotion.
    ...(process.env.RENDER_ENGINE ? { RENDER_ENGINE: process.env.RENDER_ENGINE } : {}),
    ...options.env,
  };
  const tlsProbe = loadConfig(env);
  // Made even behind a proxy (TRUST_PROXY): webhook receivers in tests use it.
  const tls = present(loadTls({ ...tlsProbe, trustProxy: false }), 'TLS material (trustProxy is off, so loadTls makes it)');
  const config = loadConfig({ ...env, WEBHOOK_CA_FILE: tls.certPath });
  const runtime = await createRuntime(config, createLogger(config, options.log));
  const services = buildServices(runtime);
  const worker = config.role === 'all' ? await startWorker(composeWorker(runtime, services)) : null;
  const api = await createApiApp(runtime, services, composeApi(runtime, services), [{ name: 'database', run: () => runtime.db.ping() }]);
  await api.app.listen(port, '127.0.0.1');
  const baseUrl = `${api.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    runtime,
    services,
    config,
    baseUrl,
    ca: tls.cert,
    certPath: tls.certPath,
    keyPath: join(dataDir, 'tls', 'localhost.key'),
    worker,
    async client(opts = {}) {
      const issued = await runtime.keys.create({
        account: opts.account ?? `account-${process.pid}-${++accountCounter}`,
        tier: opts.tier ?? 'pro',
        permissions: opts.permissions,
        rateLimitPerMinute: opts.rateLimitPerMinute ?? 10_000,
        concurrentRenders: opts.concurrentRenders,
        monthlyRenders: opts.monthlyRenders,
      });
      return new HttpClient(baseUrl, tls.cert, issued.key);
    },
    anonymous: () => new HttpClient(baseUrl, tls.cert, null),
    async close() {
      await api.app.close();
      await worker?.stop();
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
