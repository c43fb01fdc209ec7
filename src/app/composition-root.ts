import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { AccountEntity } from '../auth/account.entity';
import { AccountsRepository } from '../auth/accounts.repository';
import { ApiKeyEntity } from '../auth/api-key.entity';
import { ApiKeysRepository } from '../auth/api-keys.repository';
import { ApiKeysService } from '../auth/api-keys.service';
import { KeyGeneration } from '../auth/key-changes';
import { CreditsService } from '../auth/credits.service';
import { projectRoot } from '../common/project-root';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../database/database';
import { openDatabase } from '../database/data-source';
import { MediaFetcher } from '../media/media-fetcher';
import { SampleMedia } from '../media/sample-media';
import { SharedMetricStore } from '../metrics/shared-metric-store';
import { WorkerMetrics } from '../metrics/worker-metrics';
import { SsrfGuard } from '../network/ssrf-guard';
import { type EmbeddedRedis, startEmbeddedRedis } from '../queue/embedded-redis';
import { JobQueues } from '../queue/job-queues';
import { type RedisTarget, createCommandClient, whenConnected } from '../queue/redis-target';
import { CompositorRenderer } from '../render/compositor/compositor-renderer';
import { MediaServer } from '../render/media-server';
import { RemotionRenderer } from '../render/remotion-renderer';
import { RenderEngines } from '../render/render-engines';
import { RetentionSweeper } from '../retention/retention-sweeper';
import { StoredObjectEntity } from '../retention/stored-object.entity';
import { StoredObjectsRepository } from '../retention/stored-objects.repository';
import { BandwidthUsageEntity } from '../storage/bandwidth-usage.entity';
import { BandwidthUsageRepository } from '../storage/bandwidth-usage.repository';
import { createOutputStorage } from '../storage/create-output-storage';
import type { OutputStorage } from '../storage/output-storage';
import { UrlSigner } from '../storage/url-signer';
import { EstimateModel, LEARNED_RATE_CACHE_MS } from '../tasks/estimate-model';
import { TaskEventEntity } from '../tasks/task-event.entity';
import { TaskEventsRepository } from '../tasks/task-events.repository';
import { TaskEntity } from '../tasks/task.entity';
import { AccountTaskCountEntity, AccountTaskDayEntity, QueueTotalEntity } from '../tasks/task-counts.entity';
import { TasksRepository } from '../tasks/tasks.repository';
import { TasksService } from '../tasks/tasks.service';
import { TemplateEntity } from '../templates/template.entity';
import { TemplatesRepository } from '../templates/templates.repository';
import { TemplatesService } from '../templates/templates.service';
import { CreatePipeline } from '../tasks/create-pipeline';
import { TaskTransitions } from '../tasks/task-transitions';
import { UsageService } from '../usage/usage.service';
import { CredentialSealer, WebhookCredentials } from '../tasks/webhook-credentials';
import { DeliveriesService } from '../webhooks/deliveries.service';
import { DeliveryAttemptEntity } from '../webhooks/delivery-attempt.entity';
import { DeliveryAttemptsRepository } from '../webhooks/delivery-attempts.repository';
import { WebhookDeliveryProcessor } from '../webhooks/webhook-delivery.processor';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import { Reaper } from '../worker/reaper';
import { ChunkProcessor } from '../worker/chunk.processor';
import { ChunkedRenders } from '../worker/chunked-render';
import { RenderProcessor } from '../worker/render.processor';
import type { WorkerDeps } from '../worker/worker';
import { ownWorkArea } from '../worker/work-area';
import { loadSecretBox } from './secrets-key';
import { loadSigningSecret } from './signing-secret';

/**
 * The composition root: the one place that builds adapters, repositories and
 * services, each once per process, and hands them to the roles. Wiring is done
 * with plain constructors; Nest only receives finished objects for its controllers.
 *
 *   createRuntime   the process's adapters (database, Redis, queues, storage)
 *   buildServices   repositories and services both roles use
 *   composeApi      what only the HTTP API needs (request gate, metrics), in compose-api.ts
 *   composeWorker   what only a worker needs (browser, engines, fetcher, processors)
 */

/** Every table the service maps (the schema itself comes from the migrations). */
export const SERVICE_ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  TaskEntity,
  QueueTotalEntity,
  AccountTaskCountEntity,
  AccountTaskDayEntity,
  TaskEventEntity,
  DeliveryAttemptEntity,
  StoredObjectEntity,
  BandwidthUsageEntity,
  TemplateEntity,
];

/** The process's adapters, built before Nest or the workers start. */
export interface Runtime {
  config: AppConfig;
  logger: Logger;
  db: Database;
  redisTarget: RedisTarget;
  commandRedis: Redis;
  jobs: JobQueues;
  storage: OutputStorage;
  signingSecret: string;
  keys: ApiKeysService;
  /** Replaced on every revoke and rotate; API processes check their cached principals against it. */
  keyGeneration: KeyGeneration;
  /** Seals and opens the webhook secrets and header values stored with tasks (SECRETS_KEY). */
  webhookCredentials: WebhookCredentials;
  close(): Promise<void>;
}

export async function createRuntime(config: AppConfig, logger: Logger): Promise<Runtime> {
  // The private Redis socket, local storage, work dirs, the URL-signing and TLS keys: the service's user's only, whatever the database.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(config.dataDir, 0o700);
  const webhookCredentials = new WebhookCredentials(loadSecretBox(config));
  let embedded: EmbeddedRedis | null = null;
  const closers: Array<() => Promise<unknown>> = [];
  try {
    let redisTarget: RedisTarget;
    if (config.redisUrl) {
      redisTarget = { url: config.redisUrl };
    } else {
      embedded = await startEmbeddedRedis(config.dataDir, logger);
      logger.info({ socket: embedded.socketPath }, 'private redis-server started');
      redisTarget = { path: embedded.socketPath };
    }
    const db = await openDatabase(config, SERVICE_ENTITIES);
    closers.push(() => db.close());
    // In the background: a row not sealed yet still delivers, and a large table must not hold up the start.
    const sealing = new CredentialSealer(db, new TasksRepository(db), webhookCredentials).sealUnsealed().then(
      (sealed) => {
        if (sealed > 0) logger.info({ tasks: sealed }, 'webhook secrets and header values stored in the clear are now sealed');
      },
      (error: unknown) => logger.warn({ err: error }, 'sealing the stored webhook credentials stopped; the next start goes on'),
    );
    closers.push(() => sealing);
    const commandRedis = createCommandClient(redisTarget);
    closers.push(async () => commandRedis.disconnect());
    if (!(await whenConnected(commandRedis, REDIS_CONNECT_WAIT_MS))) {
      // Requests get 503 until Redis answers; the client keeps reconnecting.
      logger.warn('Redis is not reachable yet; starting anyway');
    }
    const jobs = new JobQueues(redisTarget, config.redisPrefix, config.renderMaxAttempts, {
      lockDurationMs: config.bullLockDurationMs,
      stalledIntervalMs: config.bullStalledIntervalMs,
    });
    closers.push(() => jobs.close());
    const signingSecret = loadSigningSecret(config);
    const storage = createOutputStorage(config, signingSecret);
    const keyGeneration = new KeyGeneration(commandRedis, config.redisPrefix);
    const keys = new ApiKeysService(new ApiKeysRepository(db), new AccountsRepository(db), config.apiKeyPrefix, Date.now, keyGeneration);
    return {
      config,
      logger,
      db,
      redisTarget,
      commandRedis,
      jobs,
      storage,
      signingSecret,
      keys,
      keyGeneration,
      webhookCredentials,
      close: () => closeAll(closers, embedded),
    };
  } catch (error) {
    await closeAll(closers, embedded);
    throw error;
  }
}

/** One repository per aggregate; the only objects that touch the database. */
export interface Repositories {
  tasks: TasksRepository;
  accounts: AccountsRepository;
  outbox: TaskEventsRepository;
  deliveryAttempts: DeliveryAttemptsRepository;
  storedObjects: StoredObjectsRepository;
  bandwidth: BandwidthUsageRepository;
  templates: TemplatesRepository;
}

/** The services built on a runtime; shared by the HTTP controllers and the workers of one process. */
export interface Services {
  repositories: Repositories;
  tasks: TasksService;
  templates: TemplatesService;
  transitions: TaskTransitions;
  deliveries: DeliveriesService;
  usage: UsageService;
  credits: CreditsService;
  dispatcher: WebhookDispatcher;
  estimates: EstimateModel;
  urlSigner: UrlSigner;
  /** The SSRF guard: one instance screens create bodies, media downloads and webhook deliveries. */
  guard: SsrfGuard;
  /** Metrics every process of the deployment records and the scraped API process reads (Redis). */
  metricStore: SharedMetricStore;
  workerMetrics: WorkerMetrics;
  /** The bundled sample media: served by the API, accepted at the edge, read from disk by the worker. */
  samples: SampleMedia;
}

export function buildServices(runtime: Runtime): Services {
  const { config, db, jobs, storage, logger } = runtime;
  const repositories: Repositories = {
    tasks: new TasksRepository(db),
    accounts: new AccountsRepository(db),
    outbox: new TaskEventsRepository(db),
    deliveryAttempts: new DeliveryAttemptsRepository(db),
    storedObjects: new StoredObjectsRepository(db),
    bandwidth: new BandwidthUsageRepository(db),
    templates: new TemplatesRepository(db),
  };
  const dispatcher = new WebhookDispatcher(repositories.outbox, jobs);
  const estimates = new EstimateModel(repositories.tasks, LEARNED_RATE_CACHE_MS);
  const credits = new CreditsService(repositories.accounts);
  const samples = new SampleMedia(config.publicBaseUrl);
  const guard = new SsrfGuard(config.networkAllowlist);
  const transitions = new TaskTransitions({ db, ...repositories, credits, events: dispatcher, jobs, signer: storage, maxAttempts: config.renderMaxAttempts });
  const credentials = runtime.webhookCredentials;
  const pipeline = new CreatePipeline({
    limits: config,
    screen: { guard, samples },
    estimates,
    tasks: repositories.tasks,
    transitions,
    credentials,
    prices: config.priceList,
  });
  const tasks = new TasksService({ tasks: repositories.tasks, pipeline, transitions, credentials, signer: storage });
  const metricStore = new SharedMetricStore(runtime.commandRedis, config.redisPrefix);
  return {
    repositories,
    tasks,
    templates: new TemplatesService({ templates: repositories.templates, tasks }),
    transitions,
    deliveries: new DeliveriesService({ events: repositories.outbox, attempts: repositories.deliveryAttempts, dispatcher, tasks: repositories.tasks }),
    usage: new UsageService(repositories.tasks, repositories.storedObjects, repositories.bandwidth, config.priceList),
    credits,
    dispatcher,
    estimates,
    urlSigner: new UrlSigner(runtime.signingSecret),
    guard,
    metricStore,
    workerMetrics: new WorkerMetrics(metricStore, logger),
    samples,
  };
}

/** Made by `npm run build`; workers never bundle. */
export const BUNDLE_DIR = join(projectRoot(), 'dist', 'remotion-bundle');

/** The worker's browser, the server its renders load their media from, and the engines that draw with them. */
function composeRenderEngines(
  config: AppConfig,
  logger: Logger,
): { browser: RemotionRenderer; mediaServer: MediaServer; renderer: RenderEngines; compositor: CompositorRenderer } {
  const browser = new RemotionRenderer({
    serveUrl: BUNDLE_DIR,
    chromiumPath: config.chromiumPath,
    sandbox: config.chromiumSandbox,
    concurrency: config.renderConcurrency,
    // Remotion's own warnings (memory probes, page set-up) go to the console, not our JSON log: keep them for debugging.
    logLevel: config.logLevel === 'debug' || config.logLevel === 'trace' ? 'verbose' : 'error',
  });
  const mediaServer = new MediaServer();
  const compositor = new CompositorRenderer({ remotion: browser, mediaPath: (src) => mediaServer.localPath(src) });
  const renderer = new RenderEngines({ setting: config.renderEngine, remotion: browser, compositor, logger });
  return { browser, mediaServer, renderer, compositor };
}

/** The worker's media downloads: SSRF-guarded, size- and time-limited, through its private input cache. */
function composeMediaFetcher(config: AppConfig, services: Services, ca: Buffer | undefined): MediaFetcher {
  return new MediaFetcher({
    guard: services.guard,
    ca,
    cacheDir: join(config.dataDir, 'input-cache'),
    maxBytes: config.mediaMaxBytes,
    maxPixels: config.mediaMaxPixels,
    maxSubtitleBytes: config.subtitleLimits.maxBytes,
    timeoutMs: config.mediaDownloadTimeoutMs,
    parallelDownloads: config.mediaParallelDownloads,
    onDownloaded: (bytes) => void services.workerMetrics.mediaDownloaded(bytes),
    samples: services.samples,
  });
}

/** What only a worker needs. The browser is started by the worker, not here. */
export function composeWorker(runtime: Runtime, services: Services): WorkerDeps {
  const { config, logger, jobs, storage } = runtime;
  const { repositories, guard } = services;
  const workerId = `${hostname()}:${process.pid}`;
  const workArea = ownWorkArea(config.dataDir);
  const { browser, mediaServer, renderer, compositor } = composeRenderEngines(config, logger);
  const ca = config.webhookCaFile ? readFileSync(config.webhookCaFile) : undefined;
  const fetcher = composeMediaFetcher(config, services, ca);
  const chunks = new ChunkedRenders({ config, logger, jobs, storage, compositor });
  const chunkJobs = new ChunkProcessor({ config, logger, workerId, tasks: repositories.tasks, jobs, storage, renderer, fetcher, mediaServer, workArea });
  return {
    config,
    logger,
    jobs,
    tasks: repositories.tasks,
    transitions: services.transitions,
    workerId,
    browser,
    mediaServer,
    workArea,
    fetcher,
    chunks: chunkJobs,
    renders: new RenderProcessor({
      chunks,
      config,
      logger,
      workerId,
      transitions: services.transitions,
      fetcher,
      renderer,
      mediaServer,
      workArea,
      storage,
      metrics: services.workerMetrics,
    }),
    deliveries: new WebhookDeliveryProcessor({
      tasks: repositories.tasks,
      events: repositories.outbox,
      attempts: repositories.deliveryAttempts,
      redis: runtime.commandRedis,
      redisPrefix: config.redisPrefix,
      jobs,
      dispatcher: services.dispatcher,
      guard,
      retryScheduleMs: config.webhookRetryScheduleMs,
      credentials: runtime.webhookCredentials,
      logger,
      metrics: services.workerMetrics,
      ca,
    }),
    sweeper: new RetentionSweeper(repositories.storedObjects, storage, logger),
    reaper: new Reaper(repositories.tasks, repositories.outbox, jobs, services.dispatcher, logger, {
      queuedGraceMs: config.reaperQueuedGraceMs,
      processingSilenceMs: config.reaperProcessingSilenceMs,
    }),
  };
}

/** How long start-up waits for Redis before serving anyway (requests then get 503 until it answers). */
const REDIS_CONNECT_WAIT_MS = 10_000;

/** Longest one connection may take to close: a queue still waiting on a handed-back job must not keep the private Redis alive. */
const CLOSE_STEP_MS = 5_000;

async function closeAll(closers: Array<() => Promise<unknown>>, embedded: EmbeddedRedis | null): Promise<void> {
  for (const close of [...closers].reverse()) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([close().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_STEP_MS)))]);
    clearTimeout(timer);
  }
  await embedded?.stop();
}
