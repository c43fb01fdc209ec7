import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config';
import { createApiApp } from './app/api-app';
import { createLogger } from './app/logger';
import { createRuntime } from './app/runtime';
import { buildServices } from './app/services';
import type { ReadinessCheck } from './health/readiness';
import { startWorker, type Worker } from './worker/worker';

/** Boots the role(s) the configuration names: the API, the worker, or both (the embedded default). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee docs/configuration.md for every variable.\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config);
  const runtime = await createRuntime(config, logger);
  const services = buildServices(runtime);
  const readiness: ReadinessCheck[] = [
    { name: 'database', run: () => runtime.db.ping() },
    { name: 'redis', run: async () => void (await runtime.commandRedis.ping()) },
    { name: 'storage', run: () => runtime.storage.checkReady() },
  ];
  let worker: Worker | null = null;
  if (config.role !== 'api') {
    worker = await startWorker(runtime, services);
    const renderer = worker.renderer;
    readiness.push({ name: 'browser', run: () => renderer.checkReady() });
  }
  let stopApi: (() => Promise<void>) | null = null;
  if (config.role !== 'worker') {
    const api = await createApiApp(runtime, services, readiness);
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
      lines.push(`Development API key (shown once; stored only as a hash): ${issued.key}`);
      lines.push(`  Try: curl --cacert ${api.tls?.certPath ?? '<cert>'} -H "Authorization: Bearer ${issued.key}" ${api.url}/v3/models`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await stopApi?.().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`render service failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
