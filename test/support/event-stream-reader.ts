import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { SseParser, type SseMessage } from '../../src/client/event-stream';
import type { HttpClient } from './http-client';
import { assertReplyKeepsContract } from './reply-contract';

/**
 * Reads `GET /v3/tasks/{id}/events` over HTTPS as it arrives: the parsed events,
 * the keep-alive comments, and when the service ended the response. A refusal
 * (any status but 200) is read whole into `error`. The reply is checked against
 * the OpenAPI document (status, headers, and a refusal's body); the frames are
 * not, since the document describes the stream only as text/event-stream.
 */
export class EventStreamReader {
  readonly events: SseMessage[] = [];
  readonly parser = new SseParser();
  /** Resolves when the service ends the stream (not when this side closes it). */
  readonly ended: Promise<void>;
  error: { code: string; message: string; request_id: string; details?: unknown } | null = null;
  /** The refusal's body as received. */
  private refusal: string | null = null;
  private onEnd!: () => void;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly req: ClientRequest,
  ) {
    this.ended = new Promise((resolve) => (this.onEnd = resolve));
  }

  static open(client: HttpClient, caPem: Buffer, taskId: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
    const url = new URL(`/v3/tasks/${taskId}/events`, client.baseUrl);
    const opened = new Promise<EventStreamReader>((resolve, reject) => {
      const req = request(
        url,
        { ca: caPem, headers: { ...(client.key ? { authorization: `Bearer ${client.key}` } : {}), accept: 'text/event-stream', ...headers } },
        (res: IncomingMessage) => {
          const reader = new EventStreamReader(res.statusCode ?? 0, res.headers, req);
          res.setEncoding('utf8');
          let text = '';
          res.on('data', (chunk: string) => {
            if (reader.status !== 200) {
              text += chunk;
              return;
            }
            reader.events.push(...reader.parser.push(chunk));
            for (const listener of reader.listeners) listener();
          });
          res.on('end', () => {
            if (reader.status !== 200) {
              reader.refusal = text;
              reader.error = (JSON.parse(text) as { error: EventStreamReader['error'] }).error;
            }
            reader.onEnd();
            for (const listener of reader.listeners) listener();
          });
          res.on('error', () => undefined);
          if (reader.status === 200) resolve(reader);
          else res.once('end', () => resolve(reader));
        },
      );
      req.on('error', reject);
      req.end();
    });
    return opened.then(async (reader) => {
      const raw = reader.refusal === null ? null : Buffer.from(reader.refusal);
      await assertReplyKeepsContract({ method: 'GET', url, status: reader.status, headers: reader.headers, raw }, caPem);
      return reader;
    });
  }

  /** Resolves once `predicate` holds over the events received so far. */
  waitFor(predicate: (events: SseMessage[]) => boolean, timeoutMs = 60_000): Promise<void> {
    if (predicate(this.events)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out; events so far: ${this.events.map((event) => event.event).join(', ') || 'none'}`));
      }, timeoutMs);
      const check = () => {
        if (!predicate(this.events)) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      this.listeners.add(check);
    });
  }

  /** Drops the connection, as a client that goes away does. */
  close(): void {
    this.req.destroy();
  }
}
