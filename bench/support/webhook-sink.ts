import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface SinkEvent {
  event: string;
  task_id: string;
  /** The event's own timestamp (when the service recorded it). */
  timestamp: string;
  receivedAt: number;
}

/** An HTTPS webhook receiver that answers 204 at once and keeps what it got, so deliveries cost the service nothing extra. */
export class WebhookSink {
  readonly events: SinkEvent[] = [];
  private server: Server | null = null;
  private port = 0;

  static async start(certPath: string, keyPath: string): Promise<WebhookSink> {
    const sink = new WebhookSink();
    const server = createServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<SinkEvent, 'receivedAt'>;
          sink.events.push({ event: body.event, task_id: body.task_id, timestamp: body.timestamp, receivedAt: Date.now() });
        } catch {
          /* not JSON: nothing to record */
        }
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    sink.server = server;
    sink.port = (server.address() as AddressInfo).port;
    return sink;
  }

  get url(): string {
    return `https://127.0.0.1:${this.port}/hook`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
