/**
 * Serves a task's downloaded media to Chromium and Remotion over loopback HTTP,
 * because compositions cannot load file:// URLs; serves the composition bundle
 * to the still page likewise. Each dir is registered under an unguessable
 * token; only regular files inside a registered dir are served (no listings,
 * no `..`, no symlinks leading out of the dir).
 */
import { createReadStream, promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.ts': 'video/mp2t',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.srt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.json': 'application/json',
  // The composition bundle, which the still page loads from a server of its own (still-page.ts).
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ico': 'image/x-icon',
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** `http://127.0.0.1:<port>` of every media server running in this process. */
const runningOrigins = new Set<string>();

/** True for a URL of a media server running in this process: the only media Remotion's `/proxy` may fetch. */
export function isMediaServerUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && parsed.username === '' && parsed.password === '' && runningOrigins.has(parsed.origin);
  } catch {
    return false;
  }
}

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type ByteRange = { start: number; end: number };

/**
 * Parses a single-range `Range` header against a file size. Returns null to
 * serve the whole file (no header, or a form we do not split such as multiple
 * ranges, which HTTP lets a server ignore) and 'unsatisfiable' for a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Decoded path segments, or null when any segment could step outside the dir. */
function safeSegments(encodedPath: string): string[] | null {
  const segments: string[] = [];
  for (const raw of encodedPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/** A bare status reply, or a dropped connection when the headers are already out. */
export function replyStatus(res: ServerResponse, status: number): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${status}\n`);
}

export class MediaServer {
  private server: Server | null = null;
  private origin = '';
  private readonly dirs = new Map<string, string>();

  async start(): Promise<void> {
    if (this.server !== null) return;
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => replyStatus(res, 500));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    runningOrigins.add(this.origin);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === null) return;
    this.server = null;
    runningOrigins.delete(this.origin);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Serves `dir` under `token`; returns the base URL (ending in `/`) to prefix file names with. */
  register(token: string, dir: string): string {
    if (this.server === null) throw new Error('MediaServer is not started');
    if (!TOKEN_PATTERN.test(token)) throw new Error('media token must be 1-128 characters of [A-Za-z0-9_-]');
    this.dirs.set(token, dir);
    return `${this.origin}/${token}/`;
  }

  unregister(token: string): void {
    this.dirs.delete(token);
  }

  /**
   * The file behind a URL this server hands out, or null for any other URL:
   * the compositor reads media straight from disk, with the same checks a
   * request would pass.
   */
  async localPath(url: string): Promise<string | null> {
    const prefix = `${this.origin}/`;
    if (this.server === null || !url.startsWith(prefix)) return null;
    return (await this.resolveFile(url.slice(this.origin.length)))?.path ?? null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'Range',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD, OPTIONS');
      replyStatus(res, 405);
      return;
    }
    const file = await this.resolveFile(req.url ?? '/');
    if (file === null) {
      replyStatus(res, 404);
      return;
    }
    await this.sendFile(req, res, file.path, file.size);
  }

  /** The real path and size of the requested regular file, or null for anything else. */
  private async resolveFile(url: string): Promise<{ path: string; size: number } | null> {
    const pathname = url.split(/[?#]/, 1)[0];
    const slash = pathname.indexOf('/', 1);
    if (!pathname.startsWith('/') || slash < 0) return null;
    const dir = this.dirs.get(pathname.slice(1, slash));
    const segments = safeSegments(pathname.slice(slash + 1));
    if (dir === undefined || segments === null) return null;
    try {
      const root = await fs.realpath(dir);
      const real = await fs.realpath(join(root, ...segments));
      if (!real.startsWith(root + sep)) return null;
      const stat = await fs.stat(real);
      return stat.isFile() ? { path: real, size: stat.size } : null;
    } catch {
      return null;
    }
  }

  private async sendFile(req: IncomingMessage, res: ServerResponse, path: string, size: number): Promise<void> {
    const range = parseRange(req.headers.range, size);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Type', contentTypeFor(path));
    res.setHeader('Cache-Control', 'no-store');
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${size}`);
      replyStatus(res, 416);
      return;
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const length = size === 0 ? 0 : end - start + 1;
    res.setHeader('Content-Length', String(length));
    if (range !== null) res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    res.writeHead(range === null ? 200 : 206);
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    await new Promise<void>((resolve) => {
      const stream = createReadStream(path, { start, end });
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  }
}
