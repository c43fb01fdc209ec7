import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { mapError } from './error-envelope';

/**
 * Every exception of every route, answered in the one error envelope. A 5xx is
 * logged at error with its stack and request id (Nest's own logger is off), so
 * operators see what the client only sees as a request id.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const mapped = mapError(exception, String(request.id));
    logServerError(this.logger, request, mapped.status, exception);
    void reply.status(mapped.status).headers(mapped.headers).send(mapped.body);
  }
}

/** A 5xx answer at error, with its cause and request id; never the body or headers, which may hold keys and secrets. */
export function logServerError(logger: Logger, request: FastifyRequest, status: number, cause: unknown): void {
  if (status < 500) return;
  logger.error({ err: cause, request_id: request.id, method: request.method, route: request.routeOptions?.url }, 'request failed');
}
