import { networkFailureText } from '../network/network-failure';
import { redactUrl } from '../common/redact-url';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { guardedRequest } from '../network/guarded-http';
import type { SsrfGuard } from '../network/ssrf-guard';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { JobQueues } from '../queue/job-queues';
import type { TaskEntity } from '../tasks/task.entity';
import type { TaskEventEntity } from '../tasks/task-event.entity';
import type { TaskEventsRepository } from '../tasks/task-events.repository';
import type { TasksRepository } from '../tasks/tasks.repository';
import type { WebhookCredentials } from '../tasks/webhook-credentials';
import type { DeliveryAttemptsRepository } from './delivery-attempts.repository';
import type { WebhookDispatcher } from './webhook-dispatcher';
import { deliveryHeaders, WEBHOOK_USER_AGENT } from './webhook-signature';

export interface DeliveryOutcome {
  httpStatus: number | null;
  error: string | null;
  retryAfterMs: number | null;
}

/** What to do after an attempt, by the spec's delivery rules: "a 4xx answer is a permanent error and is not retried". */
export function classifyOutcome(outcome: DeliveryOutcome): 'delivered' | 'permanent' | 'retry' {
  const status = outcome.httpStatus;
  if (status !== null && status >= 200 && status < 300) return 'delivered';
  if (status !== null && status >= 400 && status < 500) return 'permanent';
  return 'retry';
}

/**
 * How loudly a failed request is logged: a host under `.invalid` never resolves (RFC 6761), so a webhook
 * there is the client saying "nobody listens" (the demo's, the examples'); its failures are still recorded.
 */
export function requestFailureLevel(url: string): 'debug' | 'warn' {
  const host = new URL(url).hostname;
  return host === 'invalid' || host.endsWith('.invalid') ? 'debug' : 'warn';
}

export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Time kept for the database work around a request, on top of its timeout. */
const LOCK_MARGIN_MS = 15_000;
const MAX_RETRY_AFTER_MS = 3_600_000;
/** Delay before a job whose handling broke (database or Redis hiccup) is tried again. */
const AFTER_ERROR_MS = 5_000;

const timeoutMsOf = (webhook: TaskEntity['webhook']) => Math.round((webhook.timeout_seconds ?? 30) * 1000);

/**
 * Delivers one event per job, in order per task: a job for an event that is not
 * its task's earliest pending one does nothing (the earlier one's completion
 * enqueues the next). A Redis lock per task keeps two workers from sending the
 * same task's events at once.
 */
export interface WebhookDeliveryDeps {
  tasks: TasksRepository;
  events: TaskEventsRepository;
  attempts: DeliveryAttemptsRepository;
  /** Holds the per-task delivery locks. */
  redis: Redis;
  redisPrefix: string;
  jobs: JobQueues;
  dispatcher: WebhookDispatcher;
  guard: SsrfGuard;
  retryScheduleMs: number[];
  /** Opens the task's webhook secret and header values, sealed at rest. */
  credentials: WebhookCredentials;
  logger: Logger;
  metrics: WorkerMetrics;
  /** Extra CA a receiver's certificate may chain to (WEBHOOK_CA_FILE). */
  ca?: Buffer;
}

export class WebhookDeliveryProcessor {
  private readonly logger: Logger;

  constructor(private readonly deps: WebhookDeliveryDeps) {
    this.logger = deps.logger;
  }

  async handle(eventId: string, taskId: string): Promise<void> {
    try {
      await this.deliverHead(eventId, taskId);
    } catch (error) {
      // A thrown job would stay in Bull's failed set under its id, and later kicks with that id would be
      // ignored: the event would be stranded. A fresh job id keeps it moving.
      this.logger.warn({ event_id: eventId, task_id: taskId, err: error }, 'webhook job failed; tried again shortly');
      await this.deps.jobs.enqueueWebhook(eventId, taskId, Date.now(), AFTER_ERROR_MS);
    }
  }

  private async deliverHead(eventId: string, taskId: string): Promise<void> {
    const { jobs, redis } = this.deps;
    const task = await this.deps.tasks.findById(taskId);
    if (!task) return;
    const lockKey = `${this.deps.redisPrefix}:webhook-lock:${taskId}`;
    const token = randomUUID();
    // The lock outlives the longest attempt, and no more: after a crash the task's events wait only that long.
    const lockMs = timeoutMsOf(task.webhook) + LOCK_MARGIN_MS;
    if ((await redis.set(lockKey, token, 'PX', lockMs, 'NX')) !== 'OK') {
      // Another worker is sending this task's events; it enqueues the next one when done.
      await jobs.enqueueWebhook(eventId, taskId, Date.now(), 1_000);
      return;
    }
    try {
      const head = await this.deps.events.headPending(taskId);
      if (!head || head.id !== eventId) return;
      const { nextAttemptAt } = head;
      if (nextAttemptAt !== null && nextAttemptAt > Date.now() + 50) {
        await jobs.enqueueWebhook(head.id, taskId, head.attemptCount + 1, nextAttemptAt - Date.now());
        return;
      }
      await this.attempt(head, task);
    } finally {
      await redis.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0", 1, lockKey, token);
    }
    await this.deps.dispatcher.kick(taskId);
  }

  private async attempt(event: TaskEventEntity, task: TaskEntity): Promise<void> {
    const webhook = this.deps.credentials.open(task);
    const maxRetries = webhook.max_retries ?? 3;
    const attemptNo = event.attemptCount + 1;
    const startedAt = Date.now();
    const outcome = await this.send(event, webhook, startedAt);
    const durationMs = Date.now() - startedAt;
    const verdict = classifyOutcome(outcome);
    const retriesLeft = attemptNo <= maxRetries;
    const status = verdict === 'delivered' ? 'delivered' : verdict === 'retry' && retriesLeft ? 'pending' : 'failed';
    const schedule = this.deps.retryScheduleMs;
    const delay = outcome.retryAfterMs ?? schedule[Math.min(attemptNo - 1, schedule.length - 1)];
    const nextAttemptAt = status === 'pending' ? Date.now() + Math.min(delay, MAX_RETRY_AFTER_MS) : null;
    await this.deps.attempts.recordAttempt(event.id, {
      startedAt,
      durationMs,
      httpStatus: outcome.httpStatus,
      error: outcome.error,
      status,
      attemptCount: attemptNo,
      nextAttemptAt,
      finishedAt: status === 'pending' ? null : Date.now(),
    });
    this.logger.info({ event_id: event.id, task_id: event.taskId, attempt: attemptNo, http_status: outcome.httpStatus, outcome: status }, 'webhook attempt');
    void this.deps.metrics.webhookAttempted(status === 'pending' ? 'retrying' : status);
    if (nextAttemptAt !== null) await this.deps.jobs.enqueueWebhook(event.id, event.taskId, attemptNo + 1, nextAttemptAt - Date.now());
  }

  private async send(event: TaskEventEntity, webhook: TaskEntity['webhook'], now: number): Promise<DeliveryOutcome> {
    const timeoutMs = timeoutMsOf(webhook);
    const headers = {
      'user-agent': WEBHOOK_USER_AGENT,
      ...lowercaseKeys(webhook.headers ?? {}),
      ...deliveryHeaders({
        eventId: event.id,
        eventType: event.type,
        body: event.body,
        secret: webhook.secret,
        timestampSeconds: Math.floor(now / 1000),
      }),
    };
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      const response = await guardedRequest(webhook.url, {
        guard: this.deps.guard,
        method: 'POST',
        headers,
        body: event.body,
        connectTimeoutMs: timeoutMs,
        readTimeoutMs: timeoutMs,
        maxRedirects: 0,
        signal: deadline,
        ca: this.deps.ca,
      });
      response.body.resume();
      return {
        httpStatus: response.status,
        error: response.status >= 300 ? `receiver answered ${response.status}` : null,
        retryAfterMs: response.status >= 500 ? parseRetryAfter(response.headers['retry-after'], now) : null,
      };
    } catch (error) {
      // The delivery record is read by the client: the kind of failure only; the log keeps the cause.
      this.logger[requestFailureLevel(webhook.url)](
        { event_id: event.id, task_id: event.taskId, webhook_url: redactUrl(webhook.url), err: error },
        'webhook request failed',
      );
      return { httpStatus: null, error: networkFailureText(error), retryAfterMs: null };
    }
  }
}

function lowercaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
