import { randomBytes } from 'node:crypto';
import { AccountsRepository } from '../../src/auth/accounts.repository';
import { SecretBox } from '../../src/common/secret-box';
import { CreditsService } from '../../src/auth/credits.service';
import type { Database } from '../../src/database/database';
import { SampleMedia } from '../../src/media/sample-media';
import { SsrfGuard } from '../../src/network/ssrf-guard';
import type { JobQueues } from '../../src/queue/job-queues';
import { StoredObjectsRepository } from '../../src/retention/stored-objects.repository';
import { CreatePipeline } from '../../src/tasks/create-pipeline';
import { EstimateModel } from '../../src/tasks/estimate-model';
import { TaskEventsRepository } from '../../src/tasks/task-events.repository';
import { TaskTransitions } from '../../src/tasks/task-transitions';
import { TasksRepository } from '../../src/tasks/tasks.repository';
import { TasksService } from '../../src/tasks/tasks.service';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { WebhookCredentials } from '../../src/tasks/webhook-credentials';

/** The task side of the service on a database and job queues, built as the composition root builds it (no HTTP, no browser). */
export function taskServicesOn(db: Database, jobs: JobQueues, maxAttempts = 3) {
  const tasks = new TasksRepository(db);
  const accounts = new AccountsRepository(db);
  const outbox = new TaskEventsRepository(db);
  const dispatcher = new WebhookDispatcher(outbox, jobs);
  const signer = { signedUrl: async (key: string) => `https://signed/${key}` };
  const transitions = new TaskTransitions({
    db,
    tasks,
    accounts,
    outbox,
    storedObjects: new StoredObjectsRepository(db),
    credits: new CreditsService(accounts),
    events: dispatcher,
    jobs,
    signer,
    maxAttempts,
  });
  const credentials = new WebhookCredentials(new SecretBox(randomBytes(32)));
  const pipeline = new CreatePipeline({
    limits: { maxTracks: 50, maxClipsPerTrack: 200, maxClips: 500 },
    screen: { guard: new SsrfGuard([]), samples: new SampleMedia('https://localhost:8443') },
    estimates: new EstimateModel(tasks),
    tasks,
    transitions,
    credentials,
  });
  return { tasks, accounts, outbox, dispatcher, transitions, pipeline, service: new TasksService({ tasks, pipeline, transitions, credentials, signer }) };
}
