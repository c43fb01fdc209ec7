import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../webhooks/webhook-signature';

export interface ListenerOptions {
  port: number;
  host: string;
  cert: Buffer;
  key: Buffer;
  /** Without a secret, events are printed unverified. */
  secret?: string;
  print: (line: string) => void;
}

const MAX_BODY_BYTES = 1024 * 1024;

function describe(body: string): string {
  try {
    const event = JSON.parse(body) as { event?: unknown; task_id?: unknown; data?: unknown };
    return `${String(event.event)} ${String(event.task_id)} ${JSON.stringify(event.data ?? {})}`;
  } catch {
    return `(not JSON) ${body.slice(0, 200)}`;
  }
}

/**
 * A local HTTPS receiver for webhook events: prints each event and, with a
 * secret, verifies its signature and timestamp. A bad signature is answered
 * 401, a permanent error, so the service does not retry a forged request.
 */
export async function startWebhookListener(options: ListenerOptions): Promise<{ server: Server; url: string }> {
  const server = createServer({ cert: options.cert, key: options.key }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const verdict = options.secret ? verifyWebhook({ body: raw, headers: req.headers, secret: options.secret }) : null;
      const mark = verdict === null ? 'unverified' : verdict.ok ? 'verified' : `REJECTED (${verdict.reason})`;
      options.print(`${new Date().toISOString()} ${mark} ${describe(raw.toString('utf8'))}`);
      res.writeHead(verdict && !verdict.ok ? 401 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: verdict === null || verdict.ok }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `https://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}/` };
}
