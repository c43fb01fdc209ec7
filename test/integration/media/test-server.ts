import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { RenderFailure } from '../../../src/common/render-failure';
import { writeSelfSignedCertificate } from '../../../src/common/self-signed-certificate';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP(S) server on 127.0.0.1 whose routes the test sets and whose requests it can count. */
export class TestServer {
  readonly routes = new Map<string, Handler>();
  readonly hits = new Map<string, number>();
  readonly requests: IncomingMessage[] = [];
  active = 0;
  maxActive = 0;
  /** Connections open now, and when the last one closed. */
  openConnections = 0;
  lastClosedAt = 0;
  private server!: Server;

  constructor(private readonly tls?: { key: Buffer; cert: Buffer }) {}

  async start(): Promise<this> {
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0];
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      this.requests.push(req);
      this.active += 1;
      this.maxActive = Math.max(this.maxActive, this.active);
      res.on('close', () => (this.active -= 1));
      const route = this.routes.get(path);
      if (route) route(req, res);
      else res.writeHead(404).end('not found');
    };
    this.server = this.tls ? createHttpsServer(this.tls, handle) : createHttpServer(handle);
    this.server.on('connection', (socket: Socket) => {
      this.openConnections += 1;
      socket.on('close', () => {
        this.openConnections -= 1;
        this.lastClosedAt = Date.now();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `${this.tls ? 'https' : 'http'}://${host}:${this.port}${path}`;
  }

  hitCount(path: string): number {
    return this.hits.get(path) ?? 0;
  }

  serveFile(path: string, file: string, headers: Record<string, string> = {}): void {
    const body = readFileSync(file);
    this.routes.set(path, (_req, res) => res.writeHead(200, { 'content-length': String(body.length), ...headers }).end(body));
  }

  /** Resolves once no connection is open, or throws after `withinMs`. */
  async allClosed(withinMs: number): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (this.openConnections > 0) {
      if (Date.now() > deadline) throw new Error(`${this.openConnections} connection(s) still open after ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The RenderFailure `promise` ends with; anything else it ends with fails the test. */
export async function renderFailure(promise: Promise<unknown>): Promise<RenderFailure> {
  const error = await promise.then(
    () => new Error('expected a RenderFailure'),
    (e: unknown) => e,
  );
  if (!(error instanceof RenderFailure)) throw error;
  return error;
}

/** A media host that never finishes: it announces `totalBytes` and sends one byte every `everyMs` while the client listens. */
export function trickle(totalBytes = 1_000_000, everyMs = 250): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-length': String(totalBytes), 'content-type': 'video/mp4' });
    const timer = setInterval(() => res.write(Buffer.from([0])), everyMs);
    res.on('close', () => clearInterval(timer));
  };
}

/** A throw-away self-signed certificate for 127.0.0.1 and localhost. */
export function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  writeSelfSignedCertificate({ certPath: cert, keyPath: key }, 1);
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Small real media files made with ffmpeg. */
export function makeMediaFixtures(dir: string): { mp4: string; png: string; wav: string } {
  const run = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
  const mp4 = join(dir, 'clip.mp4');
  const png = join(dir, 'still.png');
  const wav = join(dir, 'tone.wav');
  run(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    mp4,
  );
  run('-f', 'lavfi', '-i', 'testsrc=size=40x30', '-frames:v', '1', png);
  run('-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.5', wav);
  return { mp4, png, wav };
}
