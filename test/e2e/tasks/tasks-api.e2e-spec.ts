import { RenderFailure } from '../../../src/common/render-failure';
import { TaskEventEntity } from '../../../src/tasks/task-event.entity';
import { minimalTaskBody } from '../../fixtures/task-bodies';
import type { HttpClient } from '../../support/http-client';
import type { ParsedJson } from '../../support/parsed-json';
import { present } from '../../support/present';
import { startTestApp, type TestApp } from '../../support/test-app';

const WEBHOOK = 'https://127.0.0.1:9/hook';
const body = (overrides: Record<string, unknown> = {}) => minimalTaskBody(overrides, { mediaBase: 'http://127.0.0.1:9', webhookUrl: WEBHOOK });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('tasks API (no worker running)', () => {
  let app: TestApp;
  let client: HttpClient;

  beforeAll(async () => {
    app = await startTestApp({ role: 'api', env: { MAX_CLIPS: '3' } });
    client = await app.client();
  }, 60_000);
  afterAll(() => app?.close());

  async function failTask(taskId: string): Promise<void> {
    const { transitions, repositories } = app.services;
    const task = present(await repositories.tasks.findById(taskId), `task ${taskId}`);
    expect(await transitions.fail(task, new RenderFailure('MEDIA_DOWNLOAD_FAILED', 'media answered 404', true, { media_url: 'x', http_status: 404 }))).toBe(
      true,
    );
  }

  describe('POST /v3/tasks', () => {
    it('answers 201 with exactly the fields of the spec', async () => {
      const response = await client.post('/v3/tasks', body({ metadata: { priority: 'high', tags: ['a'] } }));
      expect(response.status).toBe(201);
      const created = response.body;
      expect(Object.keys(created).sort()).toEqual(
        ['created_at', 'estimated_duration_seconds', 'links', 'priority', 'queue_position', 'status', 'task_id', 'webhook'].sort(),
      );
      expect(created.task_id).toMatch(/^tsk_[0-9a-z]{26}$/);
      expect(created.status).toBe('queued');
      expect(created.created_at).toMatch(ISO);
      expect(Number.isInteger(created.estimated_duration_seconds)).toBe(true);
      expect(created.estimated_duration_seconds).toBeGreaterThan(0);
      expect(created.priority).toBe('high');
      expect(created.links).toEqual({ self: `/v3/tasks/${created.task_id}`, cancel: `/v3/tasks/${created.task_id}` });
      expect(created.webhook).toEqual({
        url: WEBHOOK,
        events: ['task.queued', 'task.started', 'task.progress', 'task.completed', 'task.failed', 'task.canceled'],
      });
      const job = await app.runtime.jobs.queue('render').getJob(created.task_id);
      expect(job?.opts.priority).toBe(2);
    });

    it('reports every validation problem with its field path', async () => {
      const bad = body();
      const clip = (bad.input as ParsedJson).timeline.tracks[0].clips[0];
      clip.properties = { opacity: 2, fit: 'squash', volume: 1 };
      (bad.webhook as ParsedJson).url = 'http://insecure.example.com/hook';
      (bad as ParsedJson).surprise = true;
      const response = await client.post('/v3/tasks', bad);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      const fields = response.body.error.details.map((issue: { field: string }) => issue.field).sort();
      expect(fields).toEqual(
        [
          'input.timeline.tracks[0].clips[0].properties.fit',
          'input.timeline.tracks[0].clips[0].properties.opacity',
          'input.timeline.tracks[0].clips[0].properties.volume',
          'surprise',
          'webhook.url',
        ].sort(),
      );
      const opacity = response.body.error.details.find((issue: { field: string }) => issue.field.endsWith('opacity'));
      expect(opacity.provided_value).toBe(2);
      expect(typeof opacity.issue).toBe('string');
    });

    it('refuses media and webhook URLs that name private or link-local addresses, at create time', async () => {
      const bad = body();
      (bad.input as ParsedJson).timeline.tracks[0].clips[0].media_url = 'http://169.254.169.254/latest/meta-data';
      (bad.webhook as ParsedJson).url = 'https://10.0.0.7/hook';
      const response = await client.post('/v3/tasks', bad);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.details.map((issue: { field: string }) => issue.field).sort()).toEqual([
        'input.timeline.tracks[0].clips[0].media_url',
        'webhook.url',
      ]);
    });

    it('answers an unknown font with INVALID_FONT listing the catalogue', async () => {
      const withSubtitle = body();
      (withSubtitle.input as ParsedJson).timeline.tracks.push({
        id: 'subs',
        type: 'subtitle',
        clips: [{ id: 's', media_url: 'http://127.0.0.1:9/subs.srt', start_time_ms: 0, end_time_ms: 1000, properties: { font_family: 'comic-sans' } }],
      });
      const response = await client.post('/v3/tasks', withSubtitle);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('INVALID_FONT');
      for (const key of ['liberation-sans', 'dejavu-math', 'sourcehan-sans-tc-light', 'chinese-tc-serif', 'courier']) {
        expect(response.body.error.message).toContain(key);
      }
    });

    it('applies the business rules with 422', async () => {
      const prores = await client.post(
        '/v3/tasks',
        body({ input: { ...(body().input as object), output: { resolution: { width: 320, height: 180 }, format: 'prores' } } }),
      );
      expect(prores.status).toBe(422);
      expect(prores.body.error.code).toBe('MODEL_LIMIT_EXCEEDED');
      const huge = await client.post('/v3/tasks', body({ input: { ...(body().input as object), output: { resolution: { width: 7680, height: 4320 } } } }));
      expect(huge.status).toBe(422);
      expect(huge.body.error.code).toBe('MODEL_LIMIT_EXCEEDED');
      const premium = await client.post(
        '/v3/tasks',
        body({ model: 'premium', input: { ...(body().input as object), output: { resolution: { width: 7680, height: 4320 } } } }),
      );
      expect(premium.status).toBe(201);
      const many = body();
      const clips = [0, 1, 2, 3].map((i) => ({ id: `c${i}`, media_url: 'http://127.0.0.1:9/a.png', start_time_ms: 0, end_time_ms: 1000 }));
      (many.input as ParsedJson).timeline.tracks[0].clips = clips;
      const complex = await client.post('/v3/tasks', many);
      expect(complex.status).toBe(422);
      expect(complex.body.error.code).toBe('TIMELINE_TOO_COMPLEX');
    });

    it('answers a body of 2 000 over-long tracks with 50 exceeded limits and the count of the others, not one per track', async () => {
      const tracks = Array.from({ length: 2_000 }, () => ({ clips: Array.from({ length: 201 }, () => 0) }));
      const response = await client.post('/v3/tasks', body({ input: { ...(body().input as object), timeline: { duration_ms: 1000, tracks } } }));
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('TIMELINE_TOO_COMPLEX');
      const details = response.body.error.details as Array<{ limit: string }>;
      expect(details).toHaveLength(50);
      expect(details.slice(0, 2).map((d) => d.limit)).toEqual(['max_tracks', 'max_clips']);
      expect(response.body.error.message).toContain('; 1952 more tracks over max_clips_per_track not listed');
      expect(response.raw.length).toBeLessThan(16 * 1024);
    });

    it('refuses a reused request_id with 409 and the existing task id', async () => {
      const first = await client.post('/v3/tasks', body({ request_id: 'dup-1' }));
      const second = await client.post('/v3/tasks', body({ request_id: 'dup-1' }));
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('DUPLICATE_REQUEST_ID');
      expect(second.body.error.details.task_id).toBe(first.body.task_id);
      const other = await app.client();
      expect((await other.post('/v3/tasks', body({ request_id: 'dup-1' }))).status).toBe(201);
    });

    it('creates exactly one task when 20 identical requests race', async () => {
      const responses = await Promise.all(Array.from({ length: 20 }, () => client.post('/v3/tasks', body({ request_id: 'race-1' }))));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const winner = present(
        responses.find((r) => r.status === 201),
        'the 201 answer',
      ).body.task_id;
      for (const loser of responses.filter((r) => r.status === 409)) expect(loser.body.error.details.task_id).toBe(winner);
    });

    it('gives an urgent task queued after standard ones the first queue position', async () => {
      const fresh = await startTestApp({ role: 'api' });
      try {
        const c = await fresh.client();
        const positions = [];
        for (let i = 0; i < 3; i++) positions.push((await c.post('/v3/tasks', body())).body.queue_position);
        expect(positions).toEqual([1, 2, 3]);
        const low = await c.post('/v3/tasks', body({ metadata: { priority: 'low' } }));
        expect(low.body.queue_position).toBe(4);
        const urgent = await c.post('/v3/tasks', body({ metadata: { priority: 'urgent' } }));
        expect(urgent.body.queue_position).toBe(1);
        const events = await fresh.runtime.db.run((m) => m.findOneByOrFail(TaskEventEntity, { taskId: urgent.body.task_id, type: 'task.queued' }));
        expect(JSON.parse(events.body).data).toMatchObject({ queue_position: 1, priority: 'urgent' });
      } finally {
        await fresh.close();
      }
    });
  });

  describe('GET /v3/tasks/{id}', () => {
    it('returns every field of the record, null until set', async () => {
      const created = await client.post('/v3/tasks', body({ metadata: { user_reference: 'order-7', tags: ['x', 'y'] } }));
      const response = await client.get(`/v3/tasks/${created.body.task_id}`);
      expect(response.status).toBe(200);
      const record = response.body;
      expect(record).toMatchObject({
        task_id: created.body.task_id,
        status: 'queued',
        created_at: created.body.created_at,
        started_at: null,
        completed_at: null,
        output: null,
        error: null,
        progress: {
          percentage: 0,
          current_phase: null,
          phases: {
            download: { completed: false, duration_seconds: 0 },
            render: { completed: false, duration_seconds: 0 },
            upload: { completed: false, duration_seconds: 0 },
          },
        },
        metadata: { user_reference: 'order-7', tags: ['x', 'y'], processing_time_seconds: null, estimated_vs_actual: null },
      });
    });

    it('answers 404 TASK_NOT_FOUND for unknown ids and for other accounts', async () => {
      const created = await client.post('/v3/tasks', body());
      const stranger = await app.client();
      for (const path of [`/v3/tasks/${created.body.task_id}`, '/v3/tasks/tsk_00000000000000000000000000', '/v3/tasks/nonsense']) {
        const response = await stranger.get(path);
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('TASK_NOT_FOUND');
      }
      expect((await stranger.delete(`/v3/tasks/${created.body.task_id}`)).status).toBe(404);
      expect((await stranger.post(`/v3/tasks/${created.body.task_id}/retry`)).status).toBe(404);
      expect((await client.get(`/v3/tasks/${created.body.task_id}`)).body.status).toBe('queued');
    });
  });

  describe('GET /v3/tasks', () => {
    it('lists newest first with filters and stable pagination', async () => {
      const c = await app.client();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await c.post('/v3/tasks', body())).body.task_id);
      await c.delete(`/v3/tasks/${ids[1]}`);
      const all = await c.get('/v3/tasks');
      expect(all.body.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([...ids].reverse());
      expect(all.body.pagination).toEqual({ total: 5, limit: 20, offset: 0, has_more: false });
      expect(Object.keys(all.body.tasks[0]).sort()).toEqual(['completed_at', 'created_at', 'metadata', 'status', 'task_id']);
      const page1 = await c.get('/v3/tasks?limit=2');
      const page2 = await c.get('/v3/tasks?limit=2&offset=2');
      const page3 = await c.get('/v3/tasks?limit=2&offset=4');
      expect([...page1.body.tasks, ...page2.body.tasks, ...page3.body.tasks].map((t: { task_id: string }) => t.task_id)).toEqual([...ids].reverse());
      expect(page1.body.pagination).toEqual({ total: 5, limit: 2, offset: 0, has_more: true });
      expect(page3.body.pagination).toEqual({ total: 5, limit: 2, offset: 4, has_more: false });
      // Past the end: no row carries the total, which is counted apart.
      const beyond = await c.get('/v3/tasks?limit=2&offset=10');
      expect(beyond.body).toEqual({ tasks: [], pagination: { total: 5, limit: 2, offset: 10, has_more: false } });
      const canceled = await c.get('/v3/tasks?status=canceled');
      expect(canceled.body.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([ids[1]]);
      expect(canceled.body.pagination.total).toBe(1);
      expect((await c.get('/v3/tasks?status=canceled&offset=1')).body.pagination).toEqual({ total: 1, limit: 20, offset: 1, has_more: false });
      const third = (await c.get(`/v3/tasks/${ids[2]}`)).body.created_at;
      const after = await c.get(`/v3/tasks?created_after=${encodeURIComponent(third)}`);
      expect(after.body.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([ids[4], ids[3], ids[2]]);
      const before = await c.get(`/v3/tasks?created_before=${encodeURIComponent(third)}`);
      expect(before.body.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([ids[1], ids[0]]);
    });

    it('refuses limit over 100 and bad filters with 400', async () => {
      for (const query of ['limit=101', 'limit=0', 'offset=-1', 'status=done', 'created_after=yesterday']) {
        const response = await client.get(`/v3/tasks?${query}`);
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('DELETE /v3/tasks/{id}', () => {
    it('cancels a queued task, removes its job and writes task.canceled; a second cancel is 409', async () => {
      const created = await client.post('/v3/tasks', body());
      const id = created.body.task_id;
      const response = await client.delete(`/v3/tasks/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ task_id: id, status: 'canceled', canceled_at: expect.stringMatching(ISO), message: expect.any(String) });
      expect(await app.runtime.jobs.queue('render').getJob(id)).toBeNull();
      const event = await app.runtime.db.run((m) => m.findOneByOrFail(TaskEventEntity, { taskId: id, type: 'task.canceled' }));
      expect(JSON.parse(event.body).data).toMatchObject({ canceled_by: 'user_request', canceled_at: response.body.canceled_at });
      const again = await client.delete(`/v3/tasks/${id}`);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('TASK_NOT_CANCELABLE');
      expect(again.body.error.message).toContain('canceled');
    });
  });

  describe('POST /v3/tasks/{id}/retry', () => {
    it('refuses tasks that did not fail', async () => {
      const created = await client.post('/v3/tasks', body());
      const response = await client.post(`/v3/tasks/${created.body.task_id}/retry`);
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('TASK_NOT_RETRYABLE');
    });

    it('retries a failed task once, and the retry can be retried in turn', async () => {
      const created = await client.post('/v3/tasks', body({ metadata: { user_reference: 'keep-me' } }));
      const original = created.body.task_id;
      await failTask(original);
      const retry = await client.post(`/v3/tasks/${original}/retry`);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual({
        task_id: expect.stringMatching(/^tsk_/),
        original_task_id: original,
        status: 'queued',
        created_at: expect.stringMatching(ISO),
        retry_count: 1,
      });
      expect(retry.body.task_id).not.toBe(original);
      const again = await client.post(`/v3/tasks/${original}/retry`);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('TASK_ALREADY_RETRIED');
      expect(again.body.error.details.retry_task_id).toBe(retry.body.task_id);
      const originalRecord = (await client.get(`/v3/tasks/${original}`)).body;
      expect(originalRecord.status).toBe('failed');
      expect(originalRecord.error.code).toBe('MEDIA_DOWNLOAD_FAILED');
      const retried = (await client.get(`/v3/tasks/${retry.body.task_id}`)).body;
      expect(retried.metadata.user_reference).toBe('keep-me');
      await failTask(retry.body.task_id);
      const second = await client.post(`/v3/tasks/${retry.body.task_id}/retry`);
      expect(second.body.retry_count).toBe(2);
    });

    it('lets only one of two racing retries win', async () => {
      const created = await client.post('/v3/tasks', body());
      await failTask(created.body.task_id);
      const results = await Promise.all([0, 1, 2].map(() => client.post(`/v3/tasks/${created.body.task_id}/retry`)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'TASK_ALREADY_RETRIED')).toBe(true);
    });
  });
});
