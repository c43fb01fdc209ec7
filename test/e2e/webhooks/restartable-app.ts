import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApiApp } from '../../../src/app/api-app';
import { createLogger } from '../../../src/app/logger';
import { composeApi } from '../../../src/app/compose-api';
import { buildServices, composeWorker, createRuntime, type Runtime } from '../../../src/app/composition-root';
import { loadTls } from '../../../src/app/tls';
import { loadConfig } from '../../../src/config/app-config';
import { startWorker } from '../../../src/worker/worker';
import { HttpClient } from '../../support/http-client';
import { contractOf } from '../../support/reply-contract';
import { present } from '../../support/present';

export interface RunningApp {
  runtime: Runtime;
  baseUrl: string;
  ca: Buffer;
  certPath: string;
  keyPath: string;
  client(key: string): HttpClient;
  /** Stops API, worker and runtime, and leaves the data dir (database, Redis AOF, certificate) in place. */
  stop(): Promise<void>;
}

/**
 * Boots the whole service (role `all`) on an existing data dir, as
 * test/support/test-app.ts does, but without deleting the data dir on stop,
 * so a second instance can start where the first one stopped.
 */
export async function startOnDataDir(dataDir: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const base = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    NETWORK_ALLOWLIST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ROLE: 'all',
    RENDER_CONCURRENCY: '1',
    PROGRESS_INTERVAL_MS: '500',
    WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800,1600,3200',
    ...env,
  };
  const tls = present(loadTls(loadConfig(base)), 'TLS material (the service serves HTTPS itself)');
  const config = loadConfig({ ...base, WEBHOOK_CA_FILE: tls.certPath });
  const runtime = await createRuntime(config, createLogger(config));
  const services = buildServices(runtime);
  const worker = await startWorker(composeWorker(runtime, services));
  const api = await createApiApp(runtime, services, composeApi(runtime, services), [{ name: 'database', run: () => runtime.db.ping() }]);
  await api.app.listen(0, '127.0.0.1');
  const baseUrl = `https://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
  // The reply checker compiles the served document (2-3 s of synchronous work) at the first reply; here, before
  // the test's timing starts, since it would stall the service, its worker and the webhook receiver that share
  // this process. Not in startTestApp: tests that never use the checker would carry its heap for nothing.
  await contractOf(baseUrl, tls.cert);
  return {
    runtime,
    baseUrl,
    ca: tls.cert,
    certPath: tls.certPath,
    keyPath: join(dataDir, 'tls', 'localhost.key'),
    client: (key) => new HttpClient(baseUrl, tls.cert, key),
    async stop() {
      await api.app.close();
      await worker.stop();
      await runtime.close();
    },
  };
}
