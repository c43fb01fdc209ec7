import type { AccountsRepository } from '../auth/accounts.repository';
import type { Principal } from '../auth/auth.types';
import type { CreditsService } from '../auth/credits.service';
import { rateLimitHeaders } from '../auth/request-gate';
import { ApiError } from '../common/api-error';
import type { Database } from '../database/database';
import { utcMonthOf } from '../common/utc-month';
import { type Admission, AdmissionLedger, accountMonthsOf } from './admission-ledger';
import type { TaskEventEntity } from './task-event.entity';
import type { TaskEventsRepository } from './task-events.repository';
import type { TaskEntity } from './task.entity';
import type { TasksRepository } from './tasks.repository';

/**
 * Most creates one unit of work admits. A task row binds about 40 parameters, so
 * the batch's insert stays far below either engine's limit (32,766 on SQLite).
 */
const MAX_BATCH = 32;

/** What the admission of creates reads and writes. */
export interface TaskAdmissionDeps {
  db: Database;
  tasks: TasksRepository;
  accounts: AccountsRepository;
  outbox: TaskEventsRepository;
  credits: CreditsService;
}

/** An admitted create: where its task stands in the queue, and its first event (task.queued). */
export interface Admitted {
  queuePosition: number;
  queued: TaskEventEntity;
}

interface WaitingCreate {
  principal: Principal;
  task: TaskEntity;
  /** The failed task a retry was made from; null for a create. */
  original: TaskEntity | null;
  resolve: (admitted: Admitted) => void;
  reject: (error: unknown) => void;
}

/**
 * Admits new tasks (creates and retries): checks the monthly quota and the
 * credits, claims a retry's original, charges, and writes each task with its
 * first event, in one unit of work per batch. The creates that arrive while a
 * batch is being admitted wait, and go together in the next one: its
 * statements are then a fixed handful (the kept totals read once per account,
 * the tasks inserted in one statement and their events in another) rather
 * than a few per create, which is what bounded creates per second on SQLite,
 * whose single connection runs one unit of work at a time.
 *
 * Each create is decided as if admitted alone after the ones before it
 * (AdmissionLedger). A refusal (quota, credits, a retry already taken) writes
 * nothing and is that create's own answer. Any other failure (a `request_id`
 * already used, a lost connection) rolls the batch back, and each of its
 * creates is admitted again alone, so it stays that create's own failure.
 */
export class TaskAdmission {
  private waiting: WaitingCreate[] = [];
  private admitting = false;

  constructor(private readonly deps: TaskAdmissionDeps) {}

  admit(principal: Principal, task: TaskEntity, original: TaskEntity | null): Promise<Admitted> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ principal, task, original, resolve, reject });
      if (this.admitting) return;
      this.admitting = true;
      // The creates parsed in this turn of the event loop join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) await this.settle(this.waiting.splice(0, MAX_BATCH));
    this.admitting = false;
  }

  private async settle(batch: WaitingCreate[]): Promise<void> {
    let outcomes: Array<Admitted | ApiError>;
    try {
      outcomes = await this.deps.db.transaction(() => this.admitAll(batch));
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error);
      else for (const create of batch) await this.settle([create]);
      return;
    }
    outcomes.forEach((outcome, i) => (outcome instanceof ApiError ? batch[i].reject(outcome) : batch[i].resolve(outcome)));
  }

  /** The batch's unit of work: each create's admission or refusal, in the batch's order. */
  private async admitAll(batch: WaitingCreate[]): Promise<Array<Admitted | ApiError>> {
    const { tasks, accounts, outbox } = this.deps;
    // In one order on every node, so that two batches sharing accounts cannot deadlock (PostgreSQL; SQLite runs one at a time).
    for (const accountId of [...new Set(batch.map(({ task }) => task.accountId))].sort()) await accounts.lock(accountId);
    const ledger = new AdmissionLedger(await tasks.admissionTotals(accountMonthsOf(batch.map(({ task }) => task))));
    const decisions: Array<Admission | ApiError> = [];
    for (const create of batch) decisions.push(await this.decide(create, ledger));
    const admitted = batch.flatMap(({ task }, i) => {
      const decision = decisions[i];
      return decision instanceof ApiError ? [] : [{ task, admission: decision }];
    });
    // By rank: the insert trigger updates one queue total per rank, taken in this order by concurrent batches.
    await tasks.insertAll(admitted.map(({ task }) => task).sort((a, b) => a.priorityRank - b.priorityRank));
    const events = await outbox.appendFirsts(
      admitted.map(({ task, admission }) => ({
        task,
        type: 'task.queued' as const,
        at: task.createdAt,
        data: {
          queue_position: admission.ahead + 1,
          estimated_start_time: new Date(task.createdAt + admission.secondsAhead * 1000).toISOString(),
          priority: task.priority,
        },
      })),
    );
    let nextEvent = 0;
    return decisions.map((decision) => (decision instanceof ApiError ? decision : { queuePosition: decision.ahead + 1, queued: events[nextEvent++] }));
  }

  /**
   * One create's admission, after the creates before it in the batch: a refusal writes nothing (the checks
   * come first, and a retry already taken claims nothing); an admitted create claims its original, is charged,
   * and counts in the ledger. Its rows are written with the batch's.
   */
  private async decide({ principal, task, original }: WaitingCreate, ledger: AdmissionLedger): Promise<Admission | ApiError> {
    const admission = ledger.admissionOf(task);
    const refusal = monthlyQuotaRefusal(principal, admission.createdSince, task.createdAt) ?? this.deps.credits.refusal(task.costUsd, admission.balanceUsd);
    if (refusal) return refusal;
    if (original && !(await this.deps.tasks.claimRetry(original.id, task.id, task.createdAt))) {
      return new ApiError('TASK_ALREADY_RETRIED', 'This task has already been retried');
    }
    // An unlimited balance (null, the default) has nothing to deduct: no statement for it.
    if (admission.balanceUsd !== null) await this.deps.credits.charge(task.accountId, task.costUsd);
    ledger.count(task);
    return admission;
  }
}

/** 429 QUOTA_EXCEEDED once the account's tasks created this month (`used`) reach the key's monthly allowance. */
function monthlyQuotaRefusal(principal: Principal, used: number, now: number): ApiError | null {
  const limit = principal.limits.monthlyRenders;
  if (used < limit) return null;
  const resetAt = Math.floor(utcMonthOf(now).end / 1000);
  return new ApiError('QUOTA_EXCEEDED', `The monthly quota of ${limit} renders is used up`, {
    details: { monthly_renders: limit, used },
    headers: {
      ...rateLimitHeaders({ allowed: false, limit, remaining: 0, resetAt, retryAfterSeconds: resetAt - Math.floor(now / 1000) }, 'monthly_renders'),
    },
    suggestedAction: 'Wait for the next month or move the key to a higher tier',
  });
}
