import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { READINESS_CHECKS, ReadinessCheck } from './readiness';

/** Liveness and readiness, outside /v3 and without authentication (for load balancers and orchestrators). */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[]) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const results = await Promise.all(
      this.checks.map(async (check) => {
        try {
          await withTimeout(check.run(), 3_000);
          return [check.name, { ok: true }] as const;
        } catch {
          // Unauthenticated: say which dependency is down, never why (addresses, driver messages); the log has the cause.
          return [check.name, { ok: false, error: 'unavailable' }] as const;
        }
      }),
    );
    const ok = results.every(([, result]) => result.ok);
    const checks: Record<string, { ok: boolean; error?: string }> = Object.fromEntries(
      results.map(([name, result]) => [name, result] as [string, typeof result]),
    );
    await reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not_ready', checks });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}
