import type { FastifyReply } from 'fastify';
import { HealthController } from './health.controller';
import { loggedCheck, READINESS_CACHE_MS, ReadinessProbe, type ReadinessCheck } from './readiness';

/** Calls GET /readyz on the controller; its status and body. */
async function readyz(controller: HealthController): Promise<{ status: number; body: unknown }> {
  const answer = { status: 0, body: undefined as unknown };
  const reply = { status: (s: number) => ((answer.status = s), reply), send: async (b: unknown) => void (answer.body = b) } as unknown as FastifyReply;
  await controller.ready(reply);
  return answer;
}

/** A check that counts its runs and answers only when told to (a storage write that takes its time). */
function countingCheck(name: string) {
  const pending: Array<() => void> = [];
  const check = {
    name,
    runs: 0,
    run: () => {
      check.runs += 1;
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    answerAll: () => pending.splice(0).forEach((resolve) => resolve()),
  };
  return check;
}

describe('HealthController readiness', () => {
  it('names the failing dependency without its internal cause, which goes to the log', async () => {
    const warnings: Array<{ obj: object; msg: string }> = [];
    const failing = { name: 'redis', run: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:6379')) };
    const passing = { name: 'database', run: () => Promise.resolve() };
    const logger = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
    const { status, body } = await readyz(new HealthController(new ReadinessProbe([loggedCheck(passing, logger), loggedCheck(failing, logger)])));
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'not_ready', checks: { database: { ok: true }, redis: { ok: false, error: 'unavailable' } } });
    expect(JSON.stringify(body)).not.toMatch(/10\.0\.0\.5|ECONNREFUSED/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ obj: { check: 'redis' }, msg: 'readiness check failed' });
  });

  it('runs the checks once for a flood of calls, and again only once the answer is older than the cache time', async () => {
    let now = 1_000_000;
    const storage = countingCheck('storage');
    const database = countingCheck('database');
    const controller = new HealthController(new ReadinessProbe([storage, database], READINESS_CACHE_MS, () => now));

    const flood = Array.from({ length: 500 }, () => readyz(controller));
    await new Promise((resolve) => setImmediate(resolve));
    // Every call is waiting on the one run in flight.
    expect([storage.runs, database.runs]).toEqual([1, 1]);
    storage.answerAll();
    database.answerAll();
    const answers = await Promise.all(flood);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers[0].body).toEqual({ status: 'ready', checks: { storage: { ok: true }, database: { ok: true } } });

    now += READINESS_CACHE_MS - 1;
    await Promise.all(Array.from({ length: 100 }, () => readyz(controller)));
    expect([storage.runs, database.runs]).toEqual([1, 1]);

    now += 1;
    const later = Promise.all(Array.from({ length: 100 }, () => readyz(controller)));
    await new Promise((resolve) => setImmediate(resolve));
    storage.answerAll();
    database.answerAll();
    await later;
    expect([storage.runs, database.runs]).toEqual([2, 2]);
  });

  it('gives a failure the same cache time, so a failing dependency is not probed by every call either', async () => {
    let now = 0;
    const runs: string[] = [];
    const down: ReadinessCheck = { name: 'redis', run: () => (runs.push('redis'), Promise.reject(new Error('down'))) };
    const controller = new HealthController(new ReadinessProbe([down], READINESS_CACHE_MS, () => now));
    const answers = await Promise.all(Array.from({ length: 50 }, () => readyz(controller)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([503]));
    expect(runs).toEqual(['redis']);
    now += READINESS_CACHE_MS;
    expect((await readyz(controller)).status).toBe(503);
    expect(runs).toEqual(['redis', 'redis']);
  });
});
