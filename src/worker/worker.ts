import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bull';
import { projectRoot } from '../common/project-root';
import { RenderFailure } from '../common/render-failure';
import { MediaFetcher } from '../media/media-fetcher';
import { SsrfGuard } from '../network/ssrf-guard';
import { MediaServer } from '../render/media-server';
import { CompositorRenderer } from '../render/compositor/compositor-renderer';
import { RemotionRenderer } from '../render/remotion-renderer';
import { RenderEngines } from '../render/render-engines';
import { RetentionSweeper } from '../retention/retention-sweeper';
import { TaskLifecycle } from '../tasks/task-lifecycle';
import { WebhookDeliveryProcessor } from '../webhooks/webhook-delivery.processor';
import type { JobPayloads } from '../queue/job-queues';
import type { Runtime } from '../app/runtime';
import type { Services } from '../app/services';
import { Reaper } from './reaper';
import { AccountAtCapacity, HandedBack, RenderProcessor } from './render.processor';

/** How a worker stopped: every render finished, or some were handed back to the queue when the grace period ran out. */
export type StopOutcome = 'drained' | 'handed-back';

export interface Worker {
  /** The browser that draws Remotion renders and the compositor's stills; readiness asks it. */
  browser: RemotionRenderer;
  /**
   * Stops taking jobs and lets the current renders finish within SHUTDOWN_GRACE_MS.
   * Renders still running then are handed back: their Bull locks are released, so
   * a worker's stall check queues them again, and their tasks stay `processing`.
   * After 'handed-back' the queues cannot close cleanly: exit the process.
   */
  stop(): Promise<StopOutcome>;
}

const BROWSER_CLOSE_TIMEOUT_MS = 5_000;

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
  const remotion = new RemotionRenderer({
    serveUrl: BUNDLE_DIR,
    chromiumPath: config.chromiumPath,
    sandbox: config.chromiumSandbox,
    concurrency: config.renderConcurrency,
    // Remotion's own warnings (memory probes, page set-up) go to the console, not our JSON log: keep them for debugging.
    logLevel: config.logLevel === 'debug' || config.logLevel === 'trace' ? 'verbose' : 'error',
  });
  if (config.chromiumSandbox.mode === 'off') {
    logger.warn('CHROMIUM_SANDBOX=off: Chromium runs without its sandbox; a page escaping the renderer has the worker\'s rights');
  }
  await remotion.open();
  const mediaServer = new MediaServer();
  await mediaServer.start();
  const renderer = new RenderEngines({
    setting: config.renderEngine,
    remotion,
    compositor: new CompositorRenderer({ remotion, mediaPath: (src) => mediaServer.localPath(src) }),
    logger,
  });
  const ca = config.webhookCaFile ? readFileSync(config.webhookCaFile) : undefined;
  const fetcher = new MediaFetcher({
    guard,
    ca,
    cacheDir: join(config.dataDir, 'input-cache'),
    maxBytes: config.mediaMaxBytes,
    maxSubtitleBytes: config.subtitleLimits.maxBytes,
    timeoutMs: config.mediaDownloadTimeoutMs,
    parallelDownloads: config.mediaParallelDownloads,
    onDownloaded: (bytes) => void services.workerMetrics.mediaDownloaded(bytes),
    samples: services.samples,
  });
  const lifecycle = new TaskLifecycle(db, services.tasksRepository, services.dispatcher, storage, config.renderMaxAttempts);
  const renders = new RenderProcessor({ config, logger, workerId, lifecycle, fetcher, renderer, mediaServer, storage, metrics: services.workerMetrics });
  const deliveries = new WebhookDeliveryProcessor(
    db, runtime.commandRedis, config.redisPrefix, jobs, services.dispatcher, guard, config.webhookRetryScheduleMs, logger, services.workerMetrics, ca,
  );
  const sweeper = new RetentionSweeper(db, storage, logger);
  const reaper = new Reaper(db, services.tasksRepository, jobs, services.dispatcher, logger, {
    queuedGraceMs: config.reaperQueuedGraceMs,
    processingSilenceMs: config.reaperProcessingSilenceMs,
  });

  const running = new Set<Job<JobPayloads['render']>>();
  jobs.process('render', config.workerConcurrency, async (job) => {
    running.add(job);
    try {
      await renders.handle(job.data.taskId);
    } catch (error) {
      // Settling would complete or fail the job in Bull; left pending, it is taken again once its lock is gone.
      if (error instanceof HandedBack) await new Promise<never>(() => undefined);
      throw error;
    } finally {
      running.delete(job);
    }
  });
  jobs.process('webhook', 4, (job) => deliveries.handle(job.data.eventId, job.data.taskId));
  jobs.process('maintenance', 1, () => sweeper.sweep().then(() => undefined), 'retention-sweep');
  jobs.process('maintenance', 1, () => reaper.run(), 'reaper');
  jobs.process('maintenance', 1, () => fetcher.sweepCache().then(() => undefined), 'input-cache-sweep');
  jobs.queue('render').on('failed', (job, error) => {
    if (error instanceof AccountAtCapacity) return;
    // Only a job Bull gave up on (it stalled, its worker died, more than RENDER_MAX_ATTEMPTS times)
    // ends its task here; a job failing for a transient reason (database down) is retried by Bull.
    void (async () => {
      if (!(await job.isFailed())) return;
      const task = await services.tasksRepository.findById(job.data.taskId);
      if (task && (task.status === 'processing' || task.status === 'queued')) {
        await lifecycle.fail(task, new RenderFailure('WORKER_CRASHED', `The render was interrupted by worker crashes: ${error.message}`, true));
      }
    })().catch((failure: unknown) => logger.warn({ task_id: job.data.taskId, err: failure }, 'could not record a render job Bull gave up on'));
  });
  await jobs.scheduleMaintenance('retention-sweep', config.retentionSweepIntervalMs);
  await jobs.scheduleMaintenance('reaper', config.reaperIntervalMs);
  await jobs.scheduleMaintenance('input-cache-sweep', 600_000);
  logger.info({
    worker_id: workerId,
    concurrency: config.renderConcurrency,
    chromium_sandbox: config.chromiumSandbox.mode === 'on' ? `on (as ${process.getuid?.() === 0 ? config.chromiumSandbox.user : 'the worker user'})` : 'off',
  }, 'worker ready');

  return {
    browser: remotion,
    stop: async () => {
      await Promise.all([jobs.queue('webhook').pause(true, true), jobs.queue('maintenance').pause(true, true)]).catch(() => undefined);
      const finished = jobs.queue('render').close().then(() => true);
      const graceOver = new Promise<false>((resolveGrace) => setTimeout(() => resolveGrace(false), config.shutdownGraceMs).unref());
      const drained = await Promise.race([finished, graceOver]);
      if (!drained) {
        renders.handBack();
        const tasks = [...running].map((job) => job.data.taskId);
        // A render handed back on purpose is not a crash: it must not use up one of RENDER_MAX_ATTEMPTS.
        await lifecycle.handBack(tasks).catch(() => undefined);
        await Promise.all([...running].map((job) => job.releaseLock().catch(() => undefined)));
        logger.warn({ task_ids: tasks }, 'grace period over: running renders handed back to the queue');
      }
      await mediaServer.stop().catch(() => undefined);
      await Promise.race([remotion.close(), new Promise((resolveClose) => setTimeout(resolveClose, BROWSER_CLOSE_TIMEOUT_MS).unref())]);
      return drained ? 'drained' : 'handed-back';
    },
  };
}
