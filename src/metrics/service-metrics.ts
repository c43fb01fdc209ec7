import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RENDER_PRIORITIES, type JobQueues, type RenderBacklog } from '../queue/job-queues';
import type { TasksRepository } from '../tasks/tasks.repository';
import { TASK_STATUSES } from '../tasks/task.types';
import {
  MEDIA_DOWNLOAD_BYTES,
  METRIC_PREFIX,
  RENDER_FPS,
  RENDER_SECONDS,
  WEBHOOK_ATTEMPTS,
  type SharedCounterDefinition,
  type SharedHistogramDefinition,
} from './metric-catalogue';
import type { SharedMetricStore } from './shared-metric-store';

export interface MetricsSources {
  tasks: Pick<TasksRepository, 'countByStatus'>;
  jobs: Pick<JobQueues, 'renderBacklog'>;
  store: SharedMetricStore;
  now?: () => number;
}

export type HttpObservation = { method: string; route: string; status: number; seconds: number };

/**
 * The /metrics registry of one API process. Tasks and the render backlog are read
 * from the database and Bull at scrape time, the worker-side metrics from Redis
 * (any process may have recorded them); HTTP requests are this process's own.
 */
export class ServiceMetrics {
  private readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    const now = sources.now ?? Date.now;
    new Gauge({
      name: `${METRIC_PREFIX}tasks`,
      help: 'Tasks of every account by state',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = await sources.tasks.countByStatus();
        for (const state of TASK_STATUSES) this.set({ state }, counts[state]);
      },
    });
    // Both queue gauges come from one read of the backlog per scrape.
    const backlog = whileRunning(() => sources.jobs.renderBacklog());
    const perPriority = (name: string, help: string, value: (entry: RenderBacklog) => number) =>
      new Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        labelNames: ['priority'],
        registers,
        async collect() {
          const byPriority = await backlog();
          for (const priority of RENDER_PRIORITIES) this.set({ priority }, value(byPriority[priority]));
        },
      });
    perPriority(
      'queue_waiting_jobs',
      'Render jobs not started yet (waiting, or delayed while their account is at its allowance), by priority',
      (entry) => entry.jobs,
    );
    perPriority('queue_oldest_wait_seconds', 'Age of the oldest render job not started yet, by priority (0 when none waits)', (entry) =>
      entry.oldestEnqueuedAt === null ? 0 : Math.max(0, now() - entry.oldestEnqueuedAt) / 1000,
    );
    new SharedHistogram(RENDER_SECONDS, sources.store, this.registry);
    new SharedHistogram(RENDER_FPS, sources.store, this.registry);
    sharedCounter(MEDIA_DOWNLOAD_BYTES, sources.store, this.registry);
    sharedCounter(WEBHOOK_ATTEMPTS, sources.store, this.registry);
    this.httpRequests = new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered by this API process, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from receiving a request to sending its answer in this API process, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
  }

  observeHttp(request: HttpObservation): void {
    const labels = { method: request.method, route: request.route, status: String(request.status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, request.seconds);
  }

  /** The Prometheus text exposition of every metric. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A counter whose value lives in Redis: read whole at every scrape. */
function sharedCounter(definition: SharedCounterDefinition, store: SharedMetricStore, registry: Registry): void {
  new Counter({
    name: definition.name,
    help: definition.help,
    labelNames: definition.labelNames,
    registers: [registry],
    async collect() {
      const series = await store.counter(definition);
      this.reset();
      for (const { labels, value } of series) this.inc(labels, value);
    },
  });
}

/**
 * A histogram whose buckets live in Redis. prom-client has no way to set a
 * histogram's buckets, so the stored series replace its own where its registry
 * reads them: `getForPromString` (the text exposition; `get()` goes through it
 * too). prom-client is pinned to an exact version for this reason.
 */
class SharedHistogram extends Histogram<string> {
  constructor(
    private readonly definition: SharedHistogramDefinition,
    private readonly store: SharedMetricStore,
    registry: Registry,
  ) {
    super({ name: definition.name, help: definition.help, labelNames: definition.labelNames, buckets: [...definition.buckets], registers: [registry] });
  }

  async getForPromString() {
    const { name, help, buckets } = this.definition;
    const series = await this.store.histogram(this.definition);
    // prom-client's own shape: the series labels as `sharedLabels`, the bucket bound as `labels`.
    const values = series.flatMap(({ labels, buckets: counts, sum, count }) => [
      ...buckets.map((bound, index) => ({ metricName: `${name}_bucket`, labels: { le: bound }, sharedLabels: labels, value: counts[index] })),
      { metricName: `${name}_bucket`, labels: { le: '+Inf' }, sharedLabels: labels, value: count },
      { metricName: `${name}_sum`, labels: {}, sharedLabels: labels, value: sum },
      { metricName: `${name}_count`, labels: {}, sharedLabels: labels, value: count },
    ]);
    return { name, help, type: 'histogram' as const, values, aggregator: 'sum' as const };
  }
}

/** Calls share the one call in flight, so collectors scraped together read once. */
function whileRunning<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}
