import 'reflect-metadata';
import { tmpdir } from 'node:os';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config';
import { startupFailureLine } from './app/startup-failure';
import { createApiApp } from './app/api-app';
import { withPortChosen } from './app/free-port';
import { handOverDevelopmentKey } from './app/development-key';
import { createLogger } from './app/logger';
import { holdShutdownSignals } from './app/shutdown-signals';
import { composeApi } from './app/compose-api';
import { buildServices, composeWorker, createRuntime } from './app/composition-root';
import type { ReadinessCheck } from './health/readiness';
import { openTempArea } from './worker/work-area';
import { startWorker, type Worker } from './worker/worker';

/** What a start-up that fails half way must stop (the private Redis, a started worker), last first. */
const startedParts: Array<() => Promise<unknown>> = [];
/** The settings, once read: a later failure is told in their terms. */
let loaded: AppConfig | null = null;

/** Boots the role(s) the configuration names: the API, the worker, or both (the embedded default). */
async function main(): Promise<void> {
  const signals = holdShutdownSignals();
  const config = await withPortChosen(loadConfig());
  loaded = config;
  const logger = createLogger(config);
  const runtime = await createRuntime(config, logger);
  startedParts.unshift(() => runtime.close());
  const services = buildServices(runtime);
  const readiness: ReadinessCheck[] = [
    { name: 'database', run: () => runtime.db.ping() },
    { name: 'redis', run: async () => void (await runtime.commandRedis.ping()) },
    { name: 'storage', run: () => runtime.storage.checkReady() },
  ];
  let worker: Worker | null = null;
  if (config.role !== 'api') {
    const temp = await openTempArea(tmpdir());
    if (temp.removed.length > 0) logger.info({ removed: temp.removed }, 'removed the temporary areas of workers that ended without cleaning up');
    // What Remotion and Chromium write to os.tmpdir() goes into this process's area (work-area.ts).
    process.env.TMPDIR = temp.area;
    worker = await startWorker(composeWorker(runtime, services));
    const started = worker;
    startedParts.unshift(() => started.stop());
    const browser = worker.browser;
    readiness.push({ name: 'browser', run: () => browser.checkReady() });
  }
  let stopApi: (() => Promise<void>) | null = null;
  if (config.role !== 'worker') {
    const api = await createApiApp(runtime, services, composeApi(runtime, services), readiness);
    await api.app.listen(config.port, config.host);
    stopApi = () => api.app.close();
    const lines = [`Render service listening on ${api.url}/v3 (role ${config.role})`];
    lines.push(`OpenAPI document: ${api.url}/v3/openapi.json`);
    if (api.tls?.generated !== undefined && !config.tlsCert) {
      lines.push(`TLS certificate (self-signed, for localhost): ${api.tls.certPath}`);
      lines.push(`  SHA-256 fingerprint: ${api.tls.fingerprint256}`);
    }
    if (config.role === 'all' && !config.databaseUrl && !(await runtime.keys.hasAnyKey())) {
      const issued = await runtime.keys.create({ account: 'dev', tier: 'pro', name: 'development key' });
      const where = { dataDir: config.dataDir, terminal: process.stdout.isTTY === true, certPath: api.tls?.certPath ?? '<cert>', apiUrl: api.url };
      lines.push(...handOverDevelopmentKey(issued.key, where));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await stopApi?.().catch(() => undefined);
    const outcome = await worker?.stop().catch(() => 'handed-back' as const);
    // Each connection gets a bounded time (a queue holding a handed-back job never closes), then the private Redis stops.
    await runtime.close();
    logger.info({ signal, outcome: outcome ?? 'api stopped' }, 'stopped');
    process.exit(0);
  };
  signals.ready(shutdown);
}

main().catch(async (error: unknown) => {
  for (const stop of startedParts) await stop().catch(() => undefined);
  // Start-up checks that need more than the variables (SECRETS_KEY with DATABASE_URL) stop the same way as a bad variable.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\nSee docs/configuration.md for every variable.\n`);
    process.exit(78);
  }
  const line = loaded === null ? String((error as Error).stack ?? error) : startupFailureLine(error, loaded);
  process.stderr.write(`render service failed to start: ${line}\n`);
  process.exit(1);
});
