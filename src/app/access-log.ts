import type { FastifyInstance } from 'fastify';
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
 */
export function logHttpRequests(fastify: FastifyInstance, serviceLogger: Logger): void {
  const batched = batchedLogger(serviceLogger);
  fastify.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : 'info';
    const logger = level === 'error' ? serviceLogger : batched;
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        request_id: request.id,
        req: { method: request.method, url: loggableUrl(request.url) },
        res: { statusCode: status },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}
