import { KeyChangeListener } from '../auth/key-changes';
import { KeyStandings } from '../auth/key-standing';
import { PrincipalCache } from '../auth/principal-cache';
import { RateLimiter } from '../auth/rate-limiter';
import { RequestGate } from '../auth/request-gate';
import { StreamSlots } from '../events/stream-slots';
import { TaskEventStreams } from '../events/task-event-streams';
import { MetricsAccess } from '../metrics/metrics-access';
import { ServiceMetrics } from '../metrics/service-metrics';
import { createSubscriberClient } from '../queue/redis-target';
import { TaskBatches } from '../templates/task-batches';
import type { Runtime, Services } from './composition-root';

/** The composition root's part for the HTTP API only (composition-root.ts builds everything both roles share). */

/** What only the HTTP API needs. */
export interface ApiParts {
  gate: RequestGate;
  /** The live event streams, which end once their key stops working: they follow the key changes this process hears of. */
  eventStreams: TaskEventStreams;
  metrics: ServiceMetrics;
  metricsAccess: MetricsAccess;
  /** POST /v3/tasks/batch: it takes counts of the request gate's rate limiter. */
  batches: TaskBatches;
  /** Closes what only the API holds (its subscription to key changes); the API app calls it when it closes. */
  close(): Promise<void>;
}

export function composeApi(runtime: Runtime, services: Services): ApiParts {
  const { config } = runtime;
  const keyChanges = new KeyChangeListener(createSubscriberClient(runtime.redisTarget), runtime.keyGeneration);
  keyChanges.start();
  const { tasks, outbox } = services.repositories;
  const limiter = new RateLimiter(runtime.commandRedis, config.redisPrefix);
  return {
    gate: new RequestGate(new PrincipalCache(runtime.keys, keyChanges), limiter, config.unauthenticatedRateLimit, runtime.logger),
    batches: new TaskBatches({ tasks: services.tasks, templates: services.templates, limiter, logger: runtime.logger }),
    eventStreams: new TaskEventStreams(
      tasks,
      outbox,
      new StreamSlots(runtime.commandRedis, config.redisPrefix),
      new KeyStandings(runtime.keys, keyChanges),
      {
        heartbeatMs: config.sseHeartbeatMs,
        maxStreamsPerKey: config.sseMaxStreamsPerKey,
        pollIntervalMs: EVENT_POLL_INTERVAL_MS,
        maxLifetimeMs: config.sseMaxStreamSeconds * 1000,
      },
      runtime.logger,
    ),
    metrics: new ServiceMetrics({ tasks: services.repositories.tasks, jobs: runtime.jobs, store: services.metricStore }),
    metricsAccess: new MetricsAccess(config.metricsToken),
    close: async () => keyChanges.stop(),
  };
}

/** Quick enough to feel live, cheap enough for many streams: one indexed query per stream per interval. */
const EVENT_POLL_INTERVAL_MS = 300;
