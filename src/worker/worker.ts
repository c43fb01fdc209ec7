import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../common/project-root';
import { RenderFailure } from '../common/render-failure';
import { MediaFetcher } from '../media/media-fetcher';
import { SsrfGuard } from '../network/ssrf-guard';
import { MediaServer } from '../render/media-server';
import { RemotionRenderer } from '../render/remotion-renderer';
import { RetentionSweeper } from '../retention/retention-sweeper';
import { TaskLifecycle } from '../tasks/task-lifecycle';
import { WebhookDeliveryProcessor } from '../webhooks/webhook-delivery.processor';
import type { Runtime } from '../app/runtime';
import type { Services } from '../app/services';
import { Reaper } from './reaper';
import { AccountAtCapacity, RenderProcessor } from './render.processor';

export interface Worker {
  renderer: RemotionRenderer;
  /** Stops taking jobs, lets the current render finish within the grace period, then closes the browser. */
  stop(): Promise<void>;
}

/** Made by `npm run build`; workers never bundle. */
export const BUNDLE_DIR = join(projectRoot(), 'dist', 'remotion-bundle');

/**
 * The worker role: Bull processors for renders, webhook deliveries and
 * maintenance (retention, reaper, input cache). One browser per process,
 * reused across renders. It serves no public HTTP.
 */
export async function startWorker(runtime: Runtime, services: Services): Promise<Worker> {
  const { config, logger, jobs, db, storage } = runtime;
  const workerId = `${hostname()}:${process.pid}`;
  const guard = new SsrfGuard(config.networkAllowlist);
  const renderer = new RemotionRenderer({ serveUrl: BUNDLE_DIR, chromiumPath: config.chromiumPath, concurrency: config.renderConcurrency });
  await renderer.open();
  const mediaServer = new MediaServer();
  await mediaServer.start();
  const fetcher = new MediaFetcher({
    guard,
    cacheDir: join(config.dataDir, 'input-cache'),
    maxBytes: config.mediaMaxBytes,
    timeoutMs: config.mediaDownloadTimeoutMs,
    parallelDownloads: config.mediaParallelDownloads,
  });
  const lifecycle = new TaskLifecycle(db, services.tasksRepository, services.dispatcher, storage, config.renderMaxAttempts);
  const renders = new RenderProcessor({ config, logger, workerId, lifecycle, fetcher, renderer, mediaServer, storage });
  const ca = config.webhookCaFile ? readFileSync(config.webhookCaFile) : undefined;
  const deliveries = new WebhookDeliveryProcessor(
    db, runtime.commandRedis, config.redisPrefix, jobs, services.dispatcher, guard, config.webhookRetryScheduleMs, logger, ca,
  );
  const sweeper = new RetentionSweeper(db, storage, logger);
  const reaper = new Reaper(db, services.tasksRepository, jobs, services.dispatcher, logger);

  jobs.process('render', config.workerConcurrency, (job) => renders.handle(job.data.taskId));
  jobs.process('webhook', 4, (job) => deliveries.handle(job.data.eventId, job.data.taskId));
  jobs.process('maintenance', 1, () => sweeper.sweep().then(() => undefined), 'retention-sweep');
  jobs.process('maintenance', 1, () => reaper.run(), 'reaper');
  jobs.process('maintenance', 1, () => fetcher.sweepCache().then(() => undefined), 'input-cache-sweep');
  jobs.queue('render').on('failed', (job, error) => {
    if (error instanceof AccountAtCapacity || error.message.includes('at its concurrent render allowance')) return;
    // Bull gives up on a job that stalled (its worker died) more than maxStalledCount times.
    void services.tasksRepository.findById(job.data.taskId).then(async (task) => {
      if (task && (task.status === 'processing' || task.status === 'queued')) {
        await lifecycle.fail(task, new RenderFailure('WORKER_CRASHED', `The render was interrupted by worker crashes: ${error.message}`, true));
      }
    });
  });
  await jobs.scheduleMaintenance('retention-sweep', config.retentionSweepIntervalMs);
  await jobs.scheduleMaintenance('reaper', 30_000);
  await jobs.scheduleMaintenance('input-cache-sweep', 600_000);
  logger.info({ worker_id: workerId, concurrency: config.renderConcurrency }, 'worker ready');

  return {
    renderer,
    stop: async () => {
      const render = jobs.queue('render');
      const finished = render.close().then(() => true);
      const graceOver = new Promise<false>((resolveGrace) => setTimeout(() => resolveGrace(false), config.shutdownGraceMs).unref());
      if (!(await Promise.race([finished, graceOver]))) {
        logger.warn('grace period over: the current render is handed back to the queue');
      }
      await mediaServer.stop();
      await renderer.close();
    },
  };
}
