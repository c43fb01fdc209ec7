import { createTaskRules, resolveOutput } from '../tasks/task-rules';
import { EstimateModel } from '../tasks/estimate-model';
import { TasksRepository } from '../tasks/tasks.repository';
import { TasksService, type TaskRulesPort } from '../tasks/tasks.service';
import { validationError } from '../common/validation/validate-body';
import { SsrfGuard } from '../network/ssrf-guard';
import { screenTaskUrls } from '../network/url-screen';
import { SampleMedia } from '../media/sample-media';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import { SharedMetricStore } from '../metrics/shared-metric-store';
import { WorkerMetrics } from '../metrics/worker-metrics';
import type { Runtime } from './runtime';

/** The services built on a runtime; shared by the HTTP controllers and the workers of one process. */
export interface Services {
  tasksRepository: TasksRepository;
  tasks: TasksService;
  dispatcher: WebhookDispatcher;
  estimates: EstimateModel;
  /** Metrics every process of the deployment records and the scraped API process reads (Redis). */
  metricStore: SharedMetricStore;
  workerMetrics: WorkerMetrics;
  /** The bundled sample media: served by the API, accepted at the edge, read from disk by the worker. */
  samples: SampleMedia;
}

/** The create-body rules, with private and loopback URLs refused at the edge (before the business rules). */
function screenedRules(rules: TaskRulesPort, guard: SsrfGuard, samples: SampleMedia): TaskRulesPort {
  return {
    validate: (body) => {
      const input = rules.validate(body);
      const issues = screenTaskUrls(input, guard, samples);
      if (issues.length > 0) throw validationError('The request body', issues);
      return input;
    },
    check: (input) => rules.check(input),
  };
}

export function buildServices(runtime: Runtime): Services {
  const { config, db, jobs, storage } = runtime;
  const tasksRepository = new TasksRepository(db);
  const dispatcher = new WebhookDispatcher(db, jobs);
  const estimates = new EstimateModel(db.dataSource);
  const samples = new SampleMedia(config.publicBaseUrl);
  const tasks = new TasksService(
    db,
    tasksRepository,
    screenedRules(createTaskRules(config), new SsrfGuard(config.networkAllowlist), samples),
    (input) => resolveOutput(input.input.output),
    jobs,
    dispatcher,
    estimates,
    storage,
    config.priceList,
  );
  const metricStore = new SharedMetricStore(runtime.commandRedis, config.redisPrefix);
  const workerMetrics = new WorkerMetrics(metricStore, runtime.logger);
  return { tasksRepository, tasks, dispatcher, estimates, metricStore, workerMetrics, samples };
}
