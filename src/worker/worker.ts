import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import type { MediaFetcher } from '../media/media-fetcher';
import type { JobQueues } from '../queue/job-queues';
import type { ChunkOutcome, JobPayloads, RunningJob } from '../queue/job-registry';
import type { MediaServer } from '../render/media-server';
import type { RemotionRenderer } from '../render/remotion-renderer';
import type { RetentionSweeper } from '../retention/retention-sweeper';
import type { TaskTransitions } from '../tasks/task-transitions';
import type { TasksRepository } from '../tasks/tasks.repository';
import type { WebhookDeliveryProcessor } from '../webhooks/webhook-delivery.processor';
import type { Reaper } from './reaper';
import { openWorkArea } from './work-area';
import { ChunkHandedBack, type ChunkProcessor } from './chunk.processor';
import { AccountAtCapacity, HandedBack, type RenderProcessor } from './render.processor';

/** What a worker runs, built by the composition root. */
export interface WorkerDeps {
  config: AppConfig;
  logger: Logger;
  jobs: JobQueues;
  tasks: TasksRepository;
  transitions: TaskTransitions;
  workerId: string;
  /** Started here, reused across renders. */
  browser: RemotionRenderer;
  mediaServer: MediaServer;
  /** This process's folder for its renders' files; made empty at start, with the folders of ended workers removed. */
  workArea: string;
  fetcher: MediaFetcher;
  renders: RenderProcessor;
  chunks: ChunkProcessor;
  deliveries: WebhookDeliveryProcessor;
  sweeper: RetentionSweeper;
  reaper: Reaper;
}

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
/** The input cache's clean-up runs this often; entries live an hour. */
const INPUT_CACHE_SWEEP_INTERVAL_MS = 600_000;

/**
 * The worker role: Bull processors for renders, webhook deliveries and
 * maintenance (retention, reaper, input cache). One browser per process,
 * reused across renders. It serves no public HTTP.
 */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const { config, logger, jobs, workerId, browser: remotion, mediaServer } = deps;
  if (config.chromiumSandbox.mode === 'off') {
    logger.warn("CHROMIUM_SANDBOX=off: Chromium runs without its sandbox; a page escaping the renderer has the worker's rights");
  }
  const leftovers = await openWorkArea(deps.workArea);
  if (leftovers.length > 0) logger.info({ removed: leftovers }, 'removed the work areas of workers that ended without cleaning up');
  await remotion.open();
  await mediaServer.start();

  const running: RunningJobs = { renders: new Map(), chunks: new Map() };
  startProcessors(deps, running);
  failTasksBullGaveUpOn(deps);
  removeChunksEndedAlone(deps);
  await jobs.schedule('retention-sweep', config.retentionSweepIntervalMs);
  await jobs.schedule('reaper', config.reaperIntervalMs);
  await jobs.schedule('input-cache-sweep', INPUT_CACHE_SWEEP_INTERVAL_MS);
  logger.info(
    {
      worker_id: workerId,
      work_area: deps.workArea,
      concurrency: config.renderConcurrency,
      chromium_sandbox: config.chromiumSandbox.mode === 'on' ? `on (as ${process.getuid?.() === 0 ? config.chromiumSandbox.user : 'the worker user'})` : 'off',
    },
    'worker ready',
  );
  return { browser: remotion, stop: () => stopWorker(deps, running) };
}

/** The render jobs in progress, by task id, and the chunk jobs, by job id. */
interface RunningJobs {
  renders: Map<string, RunningJob>;
  chunks: Map<string, RunningJob>;
}

/** Starts every queue's processor, noting the running render and chunk jobs in `running`. */
function startProcessors(deps: WorkerDeps, running: RunningJobs): void {
  const { config, jobs, fetcher, renders, chunks, deliveries, sweeper, reaper } = deps;
  jobs.start({
    render: {
      concurrency: config.workerConcurrency,
      handle: async ({ taskId }, job) => {
        running.renders.set(taskId, job);
        try {
          await renders.handle(taskId);
        } catch (error) {
          // Settling would complete or fail the job in Bull; left pending, it is taken again once its lock is gone.
          if (error instanceof HandedBack) await new Promise<never>(() => undefined);
          throw error;
        } finally {
          running.renders.delete(taskId);
        }
      },
    },
    'render-chunk': {
      concurrency: config.chunking.perWorker,
      handle: async (chunk, job) => {
        const id = `${chunk.taskId}:${chunk.attempt}:${chunk.index}`;
        running.chunks.set(id, job);
        try {
          return await chunks.renderChunk(chunk, job);
        } catch (error) {
          if (error instanceof ChunkHandedBack) await new Promise<never>(() => undefined);
          throw error;
        } finally {
          running.chunks.delete(id);
        }
      },
    },
    webhook: { concurrency: 4, handle: ({ eventId, taskId }) => deliveries.handle(eventId, taskId) },
    'retention-sweep': { concurrency: 1, handle: () => sweeper.sweep().then(() => undefined) },
    reaper: { concurrency: 1, handle: () => reaper.run() },
    'input-cache-sweep': { concurrency: 1, handle: () => fetcher.sweepCache().then(() => undefined) },
  });
}

/**
 * Only a job Bull gave up on (it stalled, its worker died, more than RENDER_MAX_ATTEMPTS times)
 * ends its task here; a job failing for a transient reason (database down) is retried by Bull.
 */
function failTasksBullGaveUpOn(deps: WorkerDeps): void {
  const { jobs, renders, logger } = deps;
  jobs.queue('render').on('failed', (job, error) => {
    if (error instanceof AccountAtCapacity) return;
    const { taskId } = job.data as JobPayloads['render'];
    void (async () => {
      if (!(await job.isFailed())) return;
      const task = await deps.tasks.findById(taskId);
      if (task && (task.status === 'processing' || task.status === 'queued')) {
        logger.warn({ task_id: taskId, err: error }, 'render job given up by Bull');
        await renders.givenUp(task, error);
      }
    })().catch((failure: unknown) => logger.warn({ task_id: taskId, err: failure }, 'could not record a render job Bull gave up on'));
  });
}

/** A chunk job that ends (completes, or fails for good) after its task moved on removes itself: its coordinator let it go. */
function removeChunksEndedAlone(deps: WorkerDeps): void {
  const { jobs, chunks, logger } = deps;
  const ended = (chunk: JobPayloads['render-chunk'], outcome: ChunkOutcome | null) =>
    chunks
      .ended(chunk, outcome)
      .catch((error: unknown) => logger.warn({ task_id: chunk.taskId, chunk: chunk.index, err: error }, 'could not remove an ended chunk'));
  const queue = jobs.queue('render-chunk');
  queue.on('completed', (job, outcome: ChunkOutcome) => void ended(job.data as JobPayloads['render-chunk'], outcome));
  queue.on('failed', (job) => {
    void job.isFailed().then(
      (final) => (final ? ended(job.data as JobPayloads['render-chunk'], null) : undefined),
      () => undefined,
    );
  });
}

/** Stops the worker as `Worker.stop` describes. */
async function stopWorker(deps: WorkerDeps, running: RunningJobs): Promise<StopOutcome> {
  const { config, logger, jobs, transitions, browser: remotion, mediaServer, renders, chunks } = deps;
  await Promise.all([jobs.queue('webhook').pause(true, true), jobs.queue('maintenance').pause(true, true)]).catch(() => undefined);
  // Chunks are still taken while this worker's renders finish: one of them may be waiting for its chunks.
  const finished = jobs
    .queue('render')
    .close()
    .then(() => jobs.queue('render-chunk').close())
    .then(() => true);
  const graceOver = new Promise<false>((resolveGrace) => setTimeout(() => resolveGrace(false), config.shutdownGraceMs).unref());
  const drained = await Promise.race([finished, graceOver]);
  if (!drained) {
    renders.handBack();
    chunks.handBack();
    const tasks = [...running.renders.keys()];
    // A render handed back on purpose is not a crash: it must not use up one of RENDER_MAX_ATTEMPTS.
    await transitions.handBack(tasks).catch(() => undefined);
    const jobsHeld = [...running.renders.values(), ...running.chunks.values()];
    await Promise.all(jobsHeld.map((job) => job.releaseLock().catch(() => undefined)));
    logger.warn({ task_ids: tasks, chunk_jobs: [...running.chunks.keys()] }, 'grace period over: running renders handed back to the queue');
  }
  await mediaServer.stop().catch(() => undefined);
  await Promise.race([remotion.close(), new Promise((resolveClose) => setTimeout(resolveClose, BROWSER_CLOSE_TIMEOUT_MS).unref())]);
  return drained ? 'drained' : 'handed-back';
}
