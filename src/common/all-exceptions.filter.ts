import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { mapError } from './error-envelope';

/**
 * Every exception of every route, answered in the one error envelope. A 5xx is
 * logged at error with its stack and request id (Nest's own logger is off), so
 * operators see what the client only sees as a request id. The body is never
 * logged: it may hold webhook secrets.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const mapped = mapError(exception, String(request.id));
    if (mapped.status >= 500) {
      this.logger.error({ err: exception, request_id: request.id, method: request.method, route: request.routeOptions?.url }, 'request failed');
    }
    void reply.status(mapped.status).headers(mapped.headers).send(mapped.body);
  }
}
