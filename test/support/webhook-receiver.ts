import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

/** One request as the receiver saw it: the exact body bytes, headers and arrival time. */
export interface ReceivedRequest {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** The body parsed as JSON (null when it is not JSON). */
  json: { event: string; timestamp: string; task_id: string; data: Record<string, unknown> } | null;
  receivedAt: number;
  /** The status the receiver answered (or meant to answer, when it held the request). */
  answered: number;
}

/** The request's JSON envelope; throws, naming the path and the start of the body, when the body was not JSON. */
export function webhookEnvelope(request: ReceivedRequest): NonNullable<ReceivedRequest['json']> {
  if (request.json === null) throw new Error(`the request to ${request.path} has no JSON body: ${request.raw.toString('utf8').slice(0, 200)}`);
  return request.json;
}

/** How to answer one request. */
export interface PlannedResponse {
  status: number;
  /** Milliseconds to wait before answering (longer than the webhook timeout = a timeout). */
  delayMs?: number;
  retryAfter?: string;
  body?: string;
}

/** Chooses the answer for a request; `nth` counts earlier requests to the same path (0 = first). */
export type Responder = (request: ReceivedRequest, nth: number) => PlannedResponse;

/**
 * An HTTPS webhook receiver on 127.0.0.1 with a programmable answer per request.
 * Each test uses its own path (`url(path)`) and its own responder for it, so
 * tests can share one receiver.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly responders = new Map<string, Responder>();
  private readonly waiters: Array<() => void> = [];
  private readonly held = new Set<() => void>();
  private server: Server | null = null;
  private port = 0;

  static async start(certPath: string, keyPath: string): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.listen(readFileSync(certPath), readFileSync(keyPath));
    return receiver;
  }

  url(path: string): string {
    return `https://127.0.0.1:${this.port}${path}`;
  }

  /** Sets how requests to `path` are answered (default: 200). */
  respond(path: string, responder: Responder): void {
    this.responders.set(path, responder);
  }

  received(path: string): ReceivedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** Resolves once `predicate` holds over the requests to `path`; rejects after `timeoutMs`. */
  async waitFor(path: string, predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs = 30_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received(path))) {
      const left = deadline - Date.now();
      if (left <= 0) {
        // Event id and arrival time tell a duplicate delivery (same id) from a second event, and its timing the path that sent it.
        const requests = this.received(path);
        const first = requests[0]?.receivedAt ?? 0;
        const seen = requests.map(
          (request) => `${request.json?.event ?? '?'} ${String(request.headers['webhook-id'] ?? '')} at ${request.receivedAt - first} ms→${request.answered}`,
        );
        throw new Error(`timed out waiting on ${path}; received: ${seen.join(', ') || 'nothing'}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received(path);
  }

  async close(): Promise<void> {
    for (const release of this.held) release();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listen(cert: Buffer, key: Buffer): Promise<void> {
    const server = createServer({ cert, key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'https://receiver').pathname;
        const raw = Buffer.concat(chunks);
        const record: ReceivedRequest = {
          path,
          method: req.method ?? '',
          headers: req.headers,
          raw,
          json: parseJson(raw),
          receivedAt: Date.now(),
          answered: 0,
        };
        const nth = this.received(path).length;
        const responder: Responder = this.responders.get(path) ?? (() => ({ status: 200 }));
        const plan = responder(record, nth);
        record.answered = plan.status;
        this.requests.push(record);
        for (const wake of this.waiters.splice(0)) wake();
        const answer = () => {
          this.held.delete(answer);
          if (res.destroyed) return;
          res.writeHead(plan.status, { 'content-type': 'text/plain', ...(plan.retryAfter ? { 'retry-after': plan.retryAfter } : {}) });
          res.end(plan.body ?? 'ok');
        };
        if (!plan.delayMs) return answer();
        this.held.add(answer);
        setTimeout(answer, plan.delayMs).unref();
      });
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }
}

function parseJson(raw: Buffer): ReceivedRequest['json'] {
  try {
    return JSON.parse(raw.toString('utf8')) as ReceivedRequest['json'];
  } catch {
    return null;
  }
}
