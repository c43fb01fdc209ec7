import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../webhooks/webhook-signature';

export interface ListenerOptions {
  port: number;
  host: string;
  cert: Buffer;
  key: Buffer;
  /** The webhook's secret: only the events whose signature it verifies are printed. */
  secret: string;
  print: (line: string) => void;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** C0 controls (ESC, which starts terminal escape sequences, among them), DEL and C1 controls (0x9b is a one-character CSI). */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Text as it may reach a terminal: each control character as a visible `\uXXXX`, so no payload can move the cursor, retitle the window or hide a line. */
export function printable(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function describe(body: string): string {
  try {
    const event = JSON.parse(body) as { event?: unknown; task_id?: unknown; data?: unknown };
    return `${String(event.event)} ${String(event.task_id)} ${JSON.stringify(event.data ?? {})}`;
  } catch {
    return `(not JSON) ${body.slice(0, 200)}`;
  }
}

/**
 * A local HTTPS receiver for webhook events: verifies each request's signature
 * and timestamp with the secret and prints the events that verify, escaped. A
 * request that does not verify is answered 401, a permanent error, so the
 * service does not retry a forged request, and printed as one line without its
 * payload: what anyone on the network could send never reaches the terminal.
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
      const verdict = verifyWebhook({ body: raw, headers: req.headers, secret: options.secret });
      const at = new Date().toISOString();
      if (verdict.ok) options.print(`${at} verified ${printable(describe(raw.toString('utf8')))}`);
      else options.print(`${at} REJECTED (${verdict.reason}): ${raw.length} bytes not shown`);
      res.writeHead(verdict.ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: verdict.ok }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `https://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}/` };
}
