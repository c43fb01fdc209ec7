import type { FastifyReply } from 'fastify';
import { HealthController } from './health.controller';
import { loggedCheck } from './readiness';

describe('HealthController readiness', () => {
  it('names the failing dependency without its internal cause, which goes to the log', async () => {
    const warnings: Array<{ obj: object; msg: string }> = [];
    const failing = { name: 'redis', run: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:6379')) };
    const passing = { name: 'database', run: () => Promise.resolve() };
    const logger = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
    const controller = new HealthController([loggedCheck(passing, logger), loggedCheck(failing, logger)]);
    let status = 0;
    let body: unknown;
    const reply = { status: (s: number) => ((status = s), reply), send: async (b: unknown) => void (body = b) } as unknown as FastifyReply;
    await controller.ready(reply);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'not_ready', checks: { database: { ok: true }, redis: { ok: false, error: 'unavailable' } } });
    expect(JSON.stringify(body)).not.toMatch(/10\.0\.0\.5|ECONNREFUSED/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ obj: { check: 'redis' }, msg: 'readiness check failed' });
  });
});
