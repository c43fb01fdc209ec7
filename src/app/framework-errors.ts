import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { mapError } from '../common/error-envelope';
import { newId } from '../common/ids';

/** How long a refused connection's remaining bytes are read and dropped before it is closed. */
const MALFORMED_LINGER_MS = 2_000;

/**
 * Refusals made below the routes, by Node's HTTP parser (headers too large,
 * malformed requests) and by Fastify's router (malformed percent-encoding),
 * answered in the service's one error envelope like
 * every other refusal, without echoing the URL (it may be a signed link).
 */
export function refuseMalformedConnection(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(mapError({ statusCode: status }, newId('req')).body);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Closing while the client's unread bytes sit in the kernel resets the
  // connection, and the reset can destroy the answer before the client reads
  // it: end gracefully and drain what it still sends, for a short while.
  socket.on('error', () => undefined);
  socket.on('data', () => undefined);
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), MALFORMED_LINGER_MS).unref();
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function refuseUnroutableRequest(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = mapError(error, String(request.id));
  void reply.status(mapped.status).header('X-Request-Id', String(request.id)).send(mapped.body);
}

/**
 * The methods each route path answers, recorded as Nest registers the routes,
 * so a known path asked with another method gets 405 and `Allow` instead of 404.
 */
export class RouteMethods {
  private readonly routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];

  record(url: string, method: string | string[]): void {
    const source = url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : escapeRegExp(part)))
      .join('/');
    const pattern = new RegExp(`^${source}/?$`);
    let route = this.routes.find((r) => r.pattern.source === pattern.source);
    if (route === undefined) {
      route = { pattern, methods: new Set() };
      this.routes.push(route);
    }
    for (const m of Array.isArray(method) ? method : [method]) route.methods.add(m.toUpperCase());
  }

  /** The methods `path` answers; empty when no route has that path. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }

  /** A 405 for a method `path` does not answer, or null. */
  refusal(method: string, path: string): ApiError | null {
    const allowed = this.allowed(path);
    if (allowed.length === 0 || allowed.includes(method.toUpperCase())) return null;
    return new ApiError('METHOD_NOT_ALLOWED', `${method.toUpperCase()} is not allowed on this path; use ${allowed.join(', ')}`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
