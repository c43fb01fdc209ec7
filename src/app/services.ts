import { createTaskRules, resolveOutput } from '../tasks/task-rules';
import { EstimateModel } from '../tasks/estimate-model';
import { TasksRepository } from '../tasks/tasks.repository';
import { TasksService, type TaskRulesPort } from '../tasks/tasks.service';
import { validationError } from '../common/validation/validate-body';
import { SsrfGuard } from '../network/ssrf-guard';
import { screenTaskUrls } from '../network/url-screen';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { Runtime } from './runtime';

/** The services built on a runtime; shared by the HTTP controllers and the workers of one process. */
export interface Services {
  tasksRepository: TasksRepository;
  tasks: TasksService;
  dispatcher: WebhookDispatcher;
  estimates: EstimateModel;
}

/** The create-body rules, with private and loopback URLs refused at the edge (before the business rules). */
function screenedRules(rules: TaskRulesPort, guard: SsrfGuard): TaskRulesPort {
  return {
    validate: (body) => {
      const input = rules.validate(body);
      const issues = screenTaskUrls(input, guard);
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
  const tasks = new TasksService(
    db,
    tasksRepository,
    screenedRules(createTaskRules(config), new SsrfGuard(config.networkAllowlist)),
    (input) => resolveOutput(input.input.output),
    jobs,
    dispatcher,
    estimates,
    storage,
    config.priceList,
  );
  return { tasksRepository, tasks, dispatcher, estimates };
}
