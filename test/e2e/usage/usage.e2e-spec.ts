import { AccountEntity } from '../../../src/auth/account.entity';
import { TaskEntity } from '../../../src/tasks/task.entity';
import type { CreditsService } from '../../../src/auth/credits.service';
import { minimalTaskBody } from '../../fixtures/task-bodies';
import type { HttpClient } from '../../support/http-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { insertRows, taskRow } from '../../integration/usage/task-rows';

const WEBHOOK_URL = 'https://127.0.0.1:9/hook';
const DAY = 86_400_000;
// minimalTaskBody: 2 s of output, model standard, quality standard, priority standard: 2/60 min × 0.05 USD × 1.
const MINIMAL_TASK_USD = 0.001667;

let accountCounter = 0;
const accountName = (label: string) => `usage-${label}-${process.pid}-${++accountCounter}`;

describe('models, usage, quotas and credits over HTTPS', () => {
  let app: TestApp;
  let credits: CreditsService;

  const accountId = async (name: string) => (await app.runtime.db.run((m) => m.findOneByOrFail(AccountEntity, { name }))).id;
  const taskCount = async (name: string) => {
    const id = await accountId(name);
    return app.runtime.db.run((m) => m.countBy(TaskEntity, { accountId: id }));
  };
  const create = (client: HttpClient, overrides: Record<string, unknown> = {}) =>
    client.post('/v3/tasks', minimalTaskBody(overrides, { webhookUrl: WEBHOOK_URL }));

  beforeAll(async () => {
    app = await startTestApp({ role: 'api' });
    credits = app.services.credits;
  }, 60_000);
  afterAll(() => app?.close());

  describe('GET /v3/models', () => {
    it('lists exactly the two models of the spec with every field', async () => {
      const response = await (await app.client()).get('/v3/models');
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(['models']);
      const [standard, premium, ...others] = response.body.models;
      expect(others).toEqual([]);
      expect(standard.id).toBe('standard');
      expect(standard.name).toBe('Standard');
      expect(typeof standard.description).toBe('string');
      expect(standard.description.length).toBeGreaterThan(10);
      expect(standard.max_resolution).toEqual({ width: 4096, height: 2160 });
      expect(standard.max_duration_seconds).toBe(3600);
      expect(standard.supported_formats).toEqual(['mp4', 'mov', 'webm']);
      expect(standard.pricing_tier).toBe('standard');
      expect(premium.id).toBe('premium');
      expect(premium.name).toBe('Premium');
      expect(typeof premium.description).toBe('string');
      expect(premium.max_resolution).toEqual({ width: 7680, height: 4320 });
      expect(premium.max_duration_seconds).toBe(7200);
      expect(premium.supported_formats).toEqual(['mp4', 'mov', 'webm', 'prores']);
      expect(premium.pricing_tier).toBe('premium');
      for (const model of [standard, premium]) {
        expect(Object.keys(model).sort()).toEqual(['description', 'id', 'max_duration_seconds', 'max_resolution', 'name', 'pricing_tier', 'supported_formats']);
      }
    });

    it('checks creates against the listed limits of each model', async () => {
      const client = await app.client();
      const { models } = (await client.get('/v3/models')).body as {
        models: Array<{ id: string; max_resolution: { width: number; height: number }; max_duration_seconds: number }>;
      };
      for (const model of models) {
        const { width, height } = model.max_resolution;
        const atLimit = await create(client, { model: model.id, input: { ...(minimalTaskBody().input as object), output: { resolution: { width, height } } } });
        expect(atLimit.status).toBe(201);
        const over = await create(client, {
          model: model.id,
          input: { ...(minimalTaskBody().input as object), output: { resolution: { width: width + 2, height } } },
        });
        expect(over.status).toBe(422);
        expect(over.body.error.code).toBe('MODEL_LIMIT_EXCEEDED');
        expect(over.body.error.details[0]).toMatchObject({ limit: 'max_resolution', model: model.id, allowed: { width, height } });
      }
      const prores = await create(client, {
        input: { ...(minimalTaskBody().input as object), output: { resolution: { width: 320, height: 180 }, format: 'prores' } },
      });
      expect(prores.status).toBe(422);
      expect(prores.body.error.details[0]).toMatchObject({ limit: 'supported_formats', model: 'standard', allowed: ['mp4', 'mov', 'webm'] });
    });

    it('needs models:read', async () => {
      const response = await (await app.client({ permissions: ['tasks:read', 'usage:read'] })).get('/v3/models');
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    });
  });

  describe('GET /v3/usage', () => {
    it('defaults to the current month (UTC) and reports the key tier limits', async () => {
      const name = accountName('default');
      const response = await (await app.client({ account: name, tier: 'standard' })).get('/v3/usage');
      expect(response.status).toBe(200);
      const now = new Date();
      expect(response.body.period).toBe('current_month');
      expect(response.body.period_start).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
      expect(response.body.period_end).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
      expect(response.body.usage).toEqual({
        total_renders: 0,
        successful_renders: 0,
        failed_renders: 0,
        total_processing_minutes: 0,
        total_output_minutes: 0,
        storage_used_gb: 0,
      });
      expect(response.body.limits).toEqual({ monthly_renders: 1000, concurrent_renders: 5, max_storage_gb: 10 });
      expect(response.body.costs).toEqual({ total_usd: 0, breakdown: { rendering_usd: 0, storage_usd: 0, bandwidth_usd: 0 } });
    });

    it('splits today from yesterday at 00:00:00 UTC', async () => {
      const name = accountName('days');
      const client = await app.client({ account: name });
      const now = Date.now();
      if (now % DAY > DAY - 10_000) await new Promise((resolve) => setTimeout(resolve, DAY - (now % DAY) + 100));
      const nowAfterWait = Date.now();
      const midnight = nowAfterWait - (nowAfterWait % DAY);
      const id = await accountId(name);
      await insertRows(app.runtime.db, TaskEntity, [
        taskRow(id, { createdAt: midnight - 1000, status: 'completed', outputMinutes: 2, costUsd: 0.1, processingSeconds: 30 }),
        taskRow(id, { createdAt: midnight, status: 'failed', processingSeconds: 60 }),
        taskRow(id, { createdAt: midnight - DAY - 1000, status: 'completed' }),
      ]);
      const today = (await client.get('/v3/usage?period=today')).body;
      const yesterday = (await client.get('/v3/usage?period=yesterday')).body;
      expect(today.period_start).toBe(new Date(midnight).toISOString());
      expect(today.usage).toMatchObject({ total_renders: 1, successful_renders: 0, failed_renders: 1, total_processing_minutes: 1, total_output_minutes: 0 });
      expect(yesterday.period_end).toBe(new Date(midnight).toISOString());
      expect(yesterday.usage).toMatchObject({
        total_renders: 1,
        successful_renders: 1,
        failed_renders: 0,
        total_processing_minutes: 0.5,
        total_output_minutes: 2,
      });
      expect(yesterday.costs.breakdown.rendering_usd).toBe(0.1);
    });

    it.each(['all_time', 'CURRENT_MONTH', '', 'today '])('refuses period=%j with 400 VALIDATION_ERROR', async (period) => {
      const response = await (await app.client()).get(`/v3/usage?period=${encodeURIComponent(period)}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('refuses a repeated period parameter', async () => {
      const response = await (await app.client()).get('/v3/usage?period=today&period=yesterday');
      expect(response.status).toBe(400);
    });

    it('needs usage:read', async () => {
      const response = await (await app.client({ permissions: ['tasks:read', 'tasks:write', 'models:read'] })).get('/v3/usage');
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    });
  });

  describe('quotas', () => {
    it('refuses the render beyond the monthly quota with 429 QUOTA_EXCEEDED and creates no task', async () => {
      const name = accountName('quota');
      const client = await app.client({ account: name, monthlyRenders: 2 });
      expect((await create(client)).status).toBe(201);
      expect((await create(client)).status).toBe(201);
      const refused = await create(client);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('QUOTA_EXCEEDED');
      expect(refused.headers['x-ratelimit-type']).toBe('monthly_renders');
      expect(refused.headers['x-ratelimit-limit']).toBe('2');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      // Retry-After: the seconds until the next month starts, which is when X-RateLimit-Reset says the quota resets.
      const reset = Number(refused.headers['x-ratelimit-reset']);
      expect(Math.abs(Number(refused.headers['retry-after']) - (reset - Date.now() / 1000))).toBeLessThan(5);
      expect(await taskCount(name)).toBe(2);
      const usage = (await client.get('/v3/usage')).body;
      expect(usage.usage.total_renders).toBe(2);
      expect(usage.limits.monthly_renders).toBe(2);
    });

    it('charges the price list against a credit balance and refuses an overdraft with 402 INSUFFICIENT_CREDITS', async () => {
      const name = accountName('credits');
      const client = await app.client({ account: name });
      expect(await credits.balance(name)).toBeNull();
      expect(await credits.setBalance(name, 0.002)).toBe(true);
      const first = await create(client);
      expect(first.status).toBe(201);
      expect(await credits.balance(name)).toBeCloseTo(0.002 - MINIMAL_TASK_USD, 9);
      const refused = await create(client);
      expect(refused.status).toBe(402);
      expect(refused.body.error.code).toBe('INSUFFICIENT_CREDITS');
      // The balance in millionths of a dollar, as prices are: no binary fractions of 0.002 minus the price.
      expect(refused.body.error.details).toEqual({ required_usd: MINIMAL_TASK_USD, balance_usd: Math.round((0.002 - MINIMAL_TASK_USD) * 1e6) / 1e6 });
      expect(await taskCount(name)).toBe(1);
      expect(await credits.balance(name)).toBeCloseTo(0.002 - MINIMAL_TASK_USD, 9);
      // Urgent priority costs twice the standard price: 0.003333 USD.
      expect(await credits.setBalance(name, 0.003)).toBe(true);
      const urgent = await create(client, { metadata: { priority: 'urgent' } });
      expect(urgent.status).toBe(402);
      expect(urgent.body.error.details).toMatchObject({ required_usd: 0.003333 });
      const canceled = await client.delete(`/v3/tasks/${first.body.task_id}`);
      expect(canceled.status).toBe(200);
      expect(await credits.balance(name)).toBeCloseTo(0.003 + MINIMAL_TASK_USD, 9);
      expect(await credits.setBalance(name, null)).toBe(true);
      expect((await create(client, { metadata: { priority: 'urgent' } })).status).toBe(201);
    });

    it('sets balances only to a non-negative amount or null, and only for existing accounts', async () => {
      await expect(credits.setBalance('no-such-account', 5)).resolves.toBe(false);
      await expect(credits.balance('no-such-account')).resolves.toBeUndefined();
      await expect(credits.setBalance('no-such-account', -1)).rejects.toThrow(RangeError);
      await expect(credits.setBalance('no-such-account', Number.NaN)).rejects.toThrow(RangeError);
    });
  });
});
