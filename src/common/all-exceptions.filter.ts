import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapError } from './error-envelope';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const mapped = mapError(exception, String(request.id));
    if (mapped.status >= 500) {
      this.logger.error({ err: exception, requestId: request.id }, 'request failed');
    }
    void reply.status(mapped.status).headers(mapped.headers).send(mapped.body);
  }
}
