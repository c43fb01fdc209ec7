import type { ErrorEnvelope, TaskRecord, TaskStatus } from '../../client/api-models.js';
import { SseParser, taskEventOf, type StreamedTaskEvent } from '../../client/event-stream.js';

/**
 * sessionStorage, not localStorage: the key lives as long as the tab, is not
 * shared with other tabs, and is never written to disk as a lasting setting.
 */
const KEY_ITEM = 'render-console.api-key';

export const FINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'canceled']);

/** A refused or failed call: the HTTP status and, when the service answered one, its error envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope | null,
    message: string,
  ) {
    super(message);
  }

  get code(): string | null {
    return this.envelope?.error.code ?? null;
  }
}

/** Nothing answered (the service stopped, the network): fetch's own rejection, in words a user can act on. */
export class ServiceUnreachable extends Error {
  constructor(cause: unknown) {
    super(`The service cannot be reached (${cause instanceof Error ? cause.message : String(cause)}): is it running, and is this its address?`);
  }
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

async function failureOf(response: Response): Promise<ApiFailure> {
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not the service's envelope (a proxy's page): described by the status alone
  }
  const envelope = isEnvelope(parsed) ? parsed : null;
  return new ApiFailure(response.status, envelope, envelope ? `${envelope.error.code}: ${envelope.error.message}` : `HTTP ${response.status}`);
}

/**
 * Calls the API of the origin the console was loaded from. The key goes only
 * into the Authorization header: never into a URL (EventSource cannot send
 * headers, which is why the event stream is read with fetch).
 */
export class ConsoleApi {
  get key(): string | null {
    return sessionStorage.getItem(KEY_ITEM);
  }

  setKey(key: string): void {
    sessionStorage.setItem(KEY_ITEM, key.trim());
  }

  forgetKey(): void {
    sessionStorage.removeItem(KEY_ITEM);
  }

  private headers(extra: Record<string, string>): Record<string, string> {
    const key = this.key;
    if (key === null) throw new ApiFailure(401, null, 'Paste an API key first');
    return { authorization: `Bearer ${key}`, ...extra };
  }

  async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(path, {
      method,
      headers: this.headers(body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' }),
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    }).catch((error: unknown) => {
      throw new ServiceUnreachable(error);
    });
    if (!response.ok) throw await failureOf(response);
    const text = await response.text();
    return (text === '' ? null : JSON.parse(text)) as T;
  }

  /** Reads GET /v3/tasks/{id}/events until the service ends it (after the final event) or `signal` aborts. */
  async streamEvents(taskId: string, onEvent: (event: StreamedTaskEvent) => void, signal: AbortSignal): Promise<void> {
    const response = await fetch(`/v3/tasks/${encodeURIComponent(taskId)}/events`, {
      headers: this.headers({ accept: 'text/event-stream' }),
      cache: 'no-store',
      credentials: 'omit',
      signal,
    });
    if (!response.ok || response.body === null) throw await failureOf(response);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = new SseParser();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const message of parser.push(value)) onEvent(taskEventOf(message));
    }
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export type FollowMode = 'stream' | 'polling';

/**
 * Keeps a task's record current until it is final: each streamed event
 * re-reads the record; while it renders the record is also re-read every
 * `everyMs`, because `task.progress` events come at most every
 * PROGRESS_INTERVAL_MS (30 s) while the record's percentage moves every second.
 * Without a stream (refused, e.g. the key's stream limit, or broken) it polls.
 */
export async function followTask(
  api: ConsoleApi,
  taskId: string,
  onRecord: (record: TaskRecord, mode: FollowMode) => void,
  signal: AbortSignal,
  everyMs = 1500,
): Promise<void> {
  let mode: FollowMode = 'stream';
  let record = await api.call<TaskRecord>('GET', `/v3/tasks/${encodeURIComponent(taskId)}`);
  const refresh = async () => {
    if (signal.aborted) return;
    record = await api.call<TaskRecord>('GET', `/v3/tasks/${encodeURIComponent(taskId)}`);
    if (!signal.aborted) onRecord(record, mode);
  };
  onRecord(record, mode);
  if (FINAL_STATUSES.has(record.status)) return;
  const progress = setInterval(() => {
    if (record.status === 'processing') refresh().catch(() => undefined);
  }, everyMs);
  try {
    await api
      .streamEvents(taskId, () => void refresh().catch(() => undefined), signal)
      .catch(() => {
        mode = 'polling';
      });
    // The service may be gone for a while (a restart, the network): polling goes on until it answers again.
    await refresh().catch(() => undefined);
    while (!signal.aborted && !FINAL_STATUSES.has(record.status)) {
      mode = 'polling';
      await sleep(everyMs, signal);
      await refresh().catch(() => undefined);
    }
  } finally {
    clearInterval(progress);
  }
}
