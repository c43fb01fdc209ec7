import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MetricsAccess } from './metrics-access';
import { ServiceMetrics } from './service-metrics';

export const METRICS_ACCESS = Symbol('METRICS_ACCESS');

/**
 * Prometheus text exposition for operators (docs/operations.md): outside /v3, so
 * no API key and no API rate limit; METRICS_TOKEN is the credential.
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(
    @Inject(METRICS_ACCESS) private readonly access: MetricsAccess,
    private readonly metrics: ServiceMetrics,
  ) {}

  @Get('metrics')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    this.access.check(authorization);
    const text = await this.metrics.scrape();
    await reply.header('content-type', this.metrics.contentType).header('cache-control', 'no-store').send(text);
  }
}
