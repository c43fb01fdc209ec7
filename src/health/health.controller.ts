import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ReadinessProbe } from './readiness';

/** Liveness and readiness, outside /v3 and without authentication (for load balancers and orchestrators). */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessProbe) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const { ok, checks } = await this.readiness.report();
    await reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not_ready', checks });
  }
}
