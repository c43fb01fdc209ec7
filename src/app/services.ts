import { createTaskRules, resolveOutput } from '../tasks/task-rules';
import { EstimateModel } from '../tasks/estimate-model';
import { TasksRepository } from '../tasks/tasks.repository';
import { TasksService } from '../tasks/tasks.service';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { Runtime } from './runtime';

/** The services built on a runtime; shared by the HTTP controllers and the workers of one process. */
export interface Services {
  tasksRepository: TasksRepository;
  tasks: TasksService;
  dispatcher: WebhookDispatcher;
  estimates: EstimateModel;
}

export function buildServices(runtime: Runtime): Services {
  const { config, db, jobs, storage } = runtime;
  const tasksRepository = new TasksRepository(db);
  const dispatcher = new WebhookDispatcher(db, jobs);
  const estimates = new EstimateModel(db.dataSource);
  const tasks = new TasksService(
    db,
    tasksRepository,
    createTaskRules(config),
    (input) => resolveOutput(input.input.output),
    jobs,
    dispatcher,
    estimates,
    storage,
    config.priceList,
  );
  return { tasksRepository, tasks, dispatcher, estimates };
}
