import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { rootCertificates } from 'node:tls';
import type {
  BatchResults,
  CanceledTask,
  CreatedTask,
  CreateTaskBody,
  DeliveryList,
  ErrorEnvelope,
  ListTasksQuery,
  ModelList,
  Redelivery,
  RetriedTask,
  SubmittedRequest,
  TaskList,
  TemplateRecord,
  TemplateTaskItem,
  TaskRecord,
  UsagePeriod,
  UsageRecord,
} from './api-models';
import { FINAL_EVENT_TYPES } from '../events/final-events';
import { SseParser, taskEventOf, type StreamedTaskEvent } from './event-stream';
import { downloadTo, NetworkError, openStream, send, type TransportResponse } from './http-transport';

export interface RenderClientOptions {
  /** The published base, ending in /v3 (e.g. https://localhost:8443/v3). */
  baseUrl: string;
  apiKey: string;
  /** PEM to trust for the service (its self-signed certificate). */
  ca?: Buffer;
  timeoutMs?: number;
  /** How often a 429 RATE_LIMIT_EXCEEDED is waited out before giving up. */
  rateLimitRetries?: number;
  /** Longest Retry-After the client waits; a longer one is returned as the error. */
  maxRateLimitWaitSeconds?: number;
  /** Attempts of a create whose answer was lost (network error or timeout). */
  createAttempts?: number;
  onRateLimited?: (waitSeconds: number) => void;
  /** Reconnections in a row that bring no event before streamEvents gives up (default 3). */
  streamReconnects?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface StreamEventsOptions {
  /** Start after this event (the id of the last event already handled); unknown to the service = from the start. */
  lastEventId?: string;
  /** Aborting closes the stream and ends the iteration quietly. */
  signal?: AbortSignal;
}

export interface RateLimitInfo {
  limit: number;
  remaining: number;
  resetAt: number;
  type: string | null;
}

/** A non-2xx answer, with the service's error envelope. */
export class RenderApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown,
    readonly requestId: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'RenderApiError';
  }
}

export type CreateOutcome =
  | { kind: 'created'; task: CreatedTask; requestId: string }
  /** A resend found the first attempt had landed: this is that task. */
  | { kind: 'recovered'; task: TaskRecord; requestId: string };

const TERMINAL = new Set(['completed', 'failed', 'canceled']);

/** Wait before reopening a dropped event stream (the service sends no `retry:` of its own). */
const STREAM_RECONNECT_DELAY_MS = 1_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function headerNumber(headers: IncomingHttpHeaders, name: string): number | null {
  const raw = headers[name];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw === undefined || !Number.isFinite(value) ? null : value;
}

function parseError(response: TransportResponse): RenderApiError {
  let envelope: ErrorEnvelope | null = null;
  try {
    const parsed = JSON.parse(response.text) as Partial<ErrorEnvelope>;
    if (parsed && typeof parsed.error?.code === 'string') envelope = parsed as ErrorEnvelope;
  } catch {
    // not JSON: a proxy or a non-service answer; described below
  }
  const retryAfter = headerNumber(response.headers, 'retry-after') ?? envelope?.error.retry_after ?? null;
  if (!envelope) {
    return new RenderApiError(response.status, `HTTP_${response.status}`, response.text.slice(0, 200).trim() || 'no error body', null, null, retryAfter);
  }
  const { code, message, details, request_id: requestId } = envelope.error;
  return new RenderApiError(response.status, code, message, details ?? null, requestId ?? null, retryAfter);
}

/**
 * Typed client of the render service API v3: waits out rate limits, and makes
 * creates idempotent with a request_id so a create whose answer was lost can
 * be resent safely.
 */
export class RenderClient {
  /** The rate-limit headers of the latest answer. */
  lastRateLimit: RateLimitInfo | null = null;
  private readonly base: URL;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: RenderClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    if (this.base.protocol !== 'https:') throw new Error(`the API base must be https:// (got ${this.base.protocol}//)`);
    // eslint-disable-next-line no-control-regex -- a control character is what this looks for
    if (/[\u0000-\u001f\u007f]/.test(options.apiKey)) throw new Error('the API key holds a control character (a line break read from a file?)');
    this.sleep = options.sleep ?? defaultSleep;
  }

  async createTask(body: CreateTaskBody): Promise<CreateOutcome> {
    const requestId = body.request_id ?? `cli-${randomUUID()}`;
    const payload = { ...body, request_id: requestId };
    const attempts = this.options.createAttempts ?? 3;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { kind: 'created', task: await this.call<CreatedTask>('POST', 'tasks', payload), requestId };
      } catch (error) {
        if (attempt > 1 && error instanceof RenderApiError && error.code === 'DUPLICATE_REQUEST_ID') {
          return { kind: 'recovered', task: await this.getTask(duplicateTaskId(error)), requestId };
        }
        if (!(error instanceof NetworkError) || attempt >= attempts) throw error;
        await this.sleep(500 * attempt);
      }
    }
  }

  getTask(taskId: string): Promise<TaskRecord> {
    return this.call('GET', `tasks/${encodeURIComponent(taskId)}`);
  }

  /** The create body the task was submitted with (webhook credentials left out). */
  getTaskRequest(taskId: string): Promise<SubmittedRequest> {
    return this.call('GET', `tasks/${encodeURIComponent(taskId)}/request`);
  }

  listTasks(query: ListTasksQuery = {}): Promise<TaskList> {
    return this.call('GET', 'tasks', undefined, query);
  }

  cancelTask(taskId: string): Promise<CanceledTask> {
    return this.call('DELETE', `tasks/${encodeURIComponent(taskId)}`);
  }

  retryTask(taskId: string): Promise<RetriedTask> {
    return this.call('POST', `tasks/${encodeURIComponent(taskId)}/retry`);
  }

  listDeliveries(taskId: string): Promise<DeliveryList> {
    return this.call('GET', `tasks/${encodeURIComponent(taskId)}/deliveries`);
  }

  redeliver(taskId: string, eventId: string): Promise<Redelivery> {
    return this.call('POST', `tasks/${encodeURIComponent(taskId)}/deliveries/${encodeURIComponent(eventId)}/redeliver`);
  }

  listModels(): Promise<ModelList> {
    return this.call('GET', 'models');
  }

  getTemplate(templateId: string): Promise<TemplateRecord> {
    return this.call('GET', `templates/${encodeURIComponent(templateId)}`);
  }

  /** POST /v3/tasks/batch: one result per item, in order (a refused item is a result, not an error). */
  createBatch(tasks: Array<CreateTaskBody | TemplateTaskItem>): Promise<BatchResults> {
    return this.call('POST', 'tasks/batch', { tasks });
  }

  getUsage(period?: UsagePeriod): Promise<UsageRecord> {
    return this.call('GET', 'usage', undefined, period ? { period } : {});
  }

  /** Polls until the task is completed, failed or canceled. */
  async waitForTask(taskId: string, onUpdate: (task: TaskRecord) => void, intervalMs = 1000): Promise<TaskRecord> {
    for (;;) {
      const task = await this.getTask(taskId);
      onUpdate(task);
      if (TERMINAL.has(task.status)) return task;
      await this.sleep(intervalMs);
    }
  }

  /**
   * Follows a task's events live (`GET /v3/tasks/{id}/events`): the past ones
   * first, then each as it happens, ending after the final one (completed,
   * failed or canceled). A dropped stream is reopened with Last-Event-ID, so no
   * event is repeated or missed; after `streamReconnects` reopenings in a row
   * without an event the last NetworkError is thrown. A stream the service ends
   * on purpose (its lifetime, SSE_MAX_STREAM_SECONDS: it sends `retry:` last) is
   * reopened without counting. Refusals (404, 429, 401 once the key is revoked…)
   * are thrown at once as RenderApiError.
   */
  async *streamEvents(taskId: string, options: StreamEventsOptions = {}): AsyncGenerator<StreamedTaskEvent, void, undefined> {
    let lastEventId = options.lastEventId;
    let fruitless = 0;
    for (;;) {
      let failure: NetworkError;
      const connection = { endedOnPurpose: false };
      try {
        for await (const event of this.streamOnce(taskId, lastEventId, options.signal, connection)) {
          lastEventId = event.id;
          fruitless = 0;
          yield event;
          if (FINAL_EVENT_TYPES.has(event.event)) return;
        }
        if (connection.endedOnPurpose) {
          fruitless = 0;
          await this.sleep(STREAM_RECONNECT_DELAY_MS);
          continue;
        }
        failure = new NetworkError(`the event stream of ${taskId} ended before the task did`, false);
      } catch (error) {
        if (options.signal?.aborted) return;
        if (!(error instanceof NetworkError)) throw error;
        failure = error;
      }
      fruitless += 1;
      if (fruitless > (this.options.streamReconnects ?? 3)) throw failure;
      await this.sleep(STREAM_RECONNECT_DELAY_MS);
    }
  }

  /** One connection of streamEvents: its events until it ends; `connection.endedOnPurpose` once the service ended it with `retry:`. */
  private async *streamOnce(
    taskId: string,
    lastEventId: string | undefined,
    signal: AbortSignal | undefined,
    connection: { endedOnPurpose: boolean },
  ): AsyncGenerator<StreamedTaskEvent> {
    const response = await openStream({
      url: new URL(`tasks/${encodeURIComponent(taskId)}/events`, this.base),
      headers: {
        authorization: `Bearer ${this.options.apiKey}`,
        accept: 'text/event-stream',
        ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      },
      // An idle limit: the service's keep-alives (every 15 s by default) must come more often.
      timeoutMs: this.options.timeoutMs ?? 30_000,
      ca: this.options.ca,
      signal,
    });
    this.lastRateLimit = rateLimitOf(response.headers);
    if (response.status !== 200) {
      let text = '';
      for await (const chunk of response.chunks) text += chunk;
      throw parseError({ status: response.status, headers: response.headers, text });
    }
    const parser = new SseParser();
    for await (const chunk of response.chunks) {
      for (const message of parser.push(chunk)) yield taskEventOf(message);
    }
    connection.endedOnPurpose = parser.retryMs !== null;
  }

  /**
   * Saves an output URL to a file, without the API key (the URL is pre-signed).
   * Storage may be the service itself or a bucket with a public certificate:
   * both the service's CA and the system roots are trusted.
   */
  download(url: string, path: string): Promise<number> {
    return downloadTo({ url: new URL(url), headers: {}, timeoutMs: this.options.timeoutMs ?? 300_000, ca: this.publicCa() }, path);
  }

  /** Reads a text file a timeline names (a subtitle file), without the API key, trusting what `download` trusts. */
  async fetchText(url: string): Promise<string> {
    const response = await send({ method: 'GET', url: new URL(url), headers: {}, timeoutMs: this.options.timeoutMs ?? 30_000, ca: this.publicCa() });
    if (response.status !== 200) throw new Error(`GET ${url} answered HTTP ${response.status}`);
    return response.text;
  }

  private publicCa(): Buffer | undefined {
    return this.options.ca ? Buffer.concat([Buffer.from(rootCertificates.join('\n')), Buffer.from('\n'), this.options.ca]) : undefined;
  }

  private async call<T>(method: string, path: string, body?: unknown, query: object = {}): Promise<T> {
    const url = new URL(path, this.base);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const retries = this.options.rateLimitRetries ?? 3;
    for (let attempt = 0; ; attempt += 1) {
      const response = await send({
        method,
        url,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: this.options.timeoutMs ?? 30_000,
        ca: this.options.ca,
      });
      this.lastRateLimit = rateLimitOf(response.headers);
      if (response.status >= 200 && response.status < 300) return JSON.parse(response.text) as T;
      const error = parseError(response);
      const wait = error.retryAfterSeconds ?? 1;
      // QUOTA_EXCEEDED is a 429 too, but waiting a minute does not lift a monthly quota.
      const waitable = error.code === 'RATE_LIMIT_EXCEEDED' && wait <= (this.options.maxRateLimitWaitSeconds ?? 60);
      if (!waitable || attempt >= retries) throw error;
      this.options.onRateLimited?.(wait);
      await this.sleep(wait * 1000);
    }
  }
}

function rateLimitOf(headers: IncomingHttpHeaders): RateLimitInfo | null {
  const limit = headerNumber(headers, 'x-ratelimit-limit');
  const remaining = headerNumber(headers, 'x-ratelimit-remaining');
  const resetAt = headerNumber(headers, 'x-ratelimit-reset');
  if (limit === null || remaining === null || resetAt === null) return null;
  const type = headers['x-ratelimit-type'];
  return { limit, remaining, resetAt, type: typeof type === 'string' ? type : null };
}

function duplicateTaskId(error: RenderApiError): string {
  const details = error.details as { task_id?: unknown } | null;
  if (typeof details?.task_id !== 'string') throw error;
  return details.task_id;
}
