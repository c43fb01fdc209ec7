import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { batchedLogger } from './logger';
import { loggableUrl } from '../common/request-path';

/**
 * One log line per answered request (`request completed`, with the request id,
 * method, URL without its query's secrets, status and milliseconds), written from
 * Fastify's onResponse hook. A per-request child logger (pino-http) cost about a
 * seventh of the API's CPU on the polling path; this writes the same facts once.
 * 5xx answers log at error level, everything else at info. The info lines are
 * batched (`batchedLogger`): written together, at most a quarter of a second late.
 * A request whose client hung up before the answer gets `request aborted` instead
 * (its handler still runs to the end: a create it made is committed).
 */
export function logHttpRequests(fastify: FastifyInstance, serviceLogger: Logger): void {
  const batched = batchedLogger(serviceLogger);
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : 'info';
    const logger = level === 'error' ? serviceLogger : batched;
    if (logger.isLevelEnabled(level)) logRequest(logger, level, request, status, reply.elapsedTime);
    done();
  });
  // Fastify's onRequestAbort fires only while a body is still arriving; a client that hangs up while the
  // handler works shows as a response closed before it finished.
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished || !batched.isLevelEnabled('info')) return;
      batched.info({ request_id: request.id, req: { method: request.method, url: loggableUrl(request.url) } }, 'request aborted');
    });
    done();
  });
}

function logRequest(logger: Logger, level: 'info' | 'error', request: FastifyRequest, status: number, elapsedMs: number): void {
  logger[level](
    {
      request_id: request.id,
      req: { method: request.method, url: loggableUrl(request.url) },
      res: { statusCode: status },
      responseTime: Math.round(elapsedMs),
    },
    'request completed',
  );
}
