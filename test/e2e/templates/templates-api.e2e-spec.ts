import { listingTemplate, minimalTaskBody } from '../../fixtures/task-bodies';
import type { HttpClient } from '../../support/http-client';
import type { ParsedJson } from '../../support/parsed-json';
import { startTestApp, type TestApp } from '../../support/test-app';

/** spec/extensions.md §6 over HTTPS: templates, their renders and batches (no worker: tasks stay queued). */

const MEDIA = 'http://127.0.0.1:9';
const WEBHOOK = 'https://127.0.0.1:9/hook';
const PHOTO = `${MEDIA}/photo.png`;
const body = (overrides: Record<string, unknown> = {}) => minimalTaskBody(overrides, { mediaBase: MEDIA, webhookUrl: WEBHOOK });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TEMPLATE_ID = /^tpl_[0-9a-z]{26}$/;

describe('templates and batches API', () => {
  let app: TestApp;
  let client: HttpClient;

  beforeAll(async () => {
    app = await startTestApp({ role: 'api' });
    client = await app.client();
  }, 60_000);
  afterAll(() => app?.close());

  async function createTemplate(owner: HttpClient = client): Promise<string> {
    const created = await owner.post('/v3/templates', listingTemplate({ webhookUrl: WEBHOOK }));
    expect(created.status).toBe(201);
    return created.body.template_id as string;
  }

  describe('POST, GET, DELETE /v3/templates', () => {
    it('stores a template and reads it back, listed newest first with pagination', async () => {
      const owner = await app.client();
      const created = await owner.post('/v3/templates', listingTemplate({ webhookUrl: WEBHOOK }));
      expect(created.status).toBe(201);
      expect(Object.keys(created.body).sort()).toEqual(['created_at', 'fields', 'name', 'template_id']);
      expect(created.body.template_id).toMatch(TEMPLATE_ID);
      expect(created.body.created_at).toMatch(ISO);
      expect(created.body.fields).toEqual(listingTemplate().fields);
      const read = await owner.get(`/v3/templates/${created.body.template_id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ ...created.body, body: listingTemplate({ webhookUrl: WEBHOOK }).body });

      const second = await createTemplate(owner);
      const page = await owner.get('/v3/templates?limit=1');
      expect(page.status).toBe(200);
      expect(page.body.templates.map((t: ParsedJson) => t.template_id)).toEqual([second]);
      expect(page.body.pagination).toEqual({ total: 2, limit: 1, offset: 0, has_more: true });
      const rest = await owner.get('/v3/templates?limit=1&offset=1');
      expect(rest.body.templates.map((t: ParsedJson) => t.template_id)).toEqual([created.body.template_id]);
      expect(rest.body.pagination.has_more).toBe(false);
      expect((await owner.get('/v3/templates?limit=0')).status).toBe(400);

      const deleted = await owner.delete(`/v3/templates/${second}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ template_id: second, deleted: true });
      expect((await owner.get(`/v3/templates/${second}`)).body.error.code).toBe('TEMPLATE_NOT_FOUND');
      expect((await owner.delete(`/v3/templates/${second}`)).status).toBe(404);
    });

    it('refuses a placeholder without a field and a field never used, at their paths', async () => {
      const template = listingTemplate({ webhookUrl: WEBHOOK }) as ParsedJson;
      template.body.input.timeline.tracks[1].clips[0].text = '{{title}} {{price}} {{agent}}';
      template.fields.unused = { type: 'number', default: 1 };
      const response = await client.post('/v3/templates', template);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.details.map((d: ParsedJson) => d.field).sort()).toEqual(['body.input.timeline.tracks[1].clips[0].text', 'fields.unused']);
    });

    it('refuses a template whose body can never be a valid create body: a value of the wrong type where a whole placeholder stands', async () => {
      const template = listingTemplate({ webhookUrl: WEBHOOK }) as ParsedJson;
      template.body.input.output.resolution.width = '{{title}}';
      template.body.input.timeline.tracks[1].clips[0].text = '{{price}}';
      const response = await client.post('/v3/templates', template);
      expect(response.status).toBe(400);
      // A whole "{{price}}" becomes the number 100, which no text is.
      expect(response.body.error.details).toEqual([
        expect.objectContaining({ field: 'body.input.timeline.tracks[1].clips[0].text', provided_value: 100 }),
        expect.objectContaining({ field: 'body.input.output.resolution.width', provided_value: 'Flat' }),
      ]);
    });

    it("answers 404 TEMPLATE_NOT_FOUND for another account's template on every endpoint", async () => {
      const templateId = await createTemplate();
      const stranger = await app.client();
      for (const response of [
        await stranger.get(`/v3/templates/${templateId}`),
        await stranger.delete(`/v3/templates/${templateId}`),
        await stranger.post(`/v3/templates/${templateId}/tasks`, { merge: { photo: PHOTO } }),
        await stranger.get('/v3/templates/tpl_nonsense'),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('TEMPLATE_NOT_FOUND');
      }
      const batch = await stranger.post('/v3/tasks/batch', { tasks: [{ template_id: templateId, merge: { photo: PHOTO } }] });
      expect(batch.body.results).toEqual([{ index: 0, status: 404, error: expect.objectContaining({ code: 'TEMPLATE_NOT_FOUND' }) }]);
      expect((await stranger.get('/v3/tasks')).body.pagination.total).toBe(0);
      expect((await client.get(`/v3/templates/${templateId}`)).status).toBe(200);
    });

    it('needs templates:write to store and templates:read (with tasks:write) to render', async () => {
      const templateId = await createTemplate();
      const account = `perm-${Date.now()}`;
      const owner = await app.client({ account });
      const ownTemplate = await createTemplate(owner);
      const writerOnly = await app.client({ account, permissions: ['tasks:read', 'tasks:write', 'templates:read'] });
      const noTemplates = await app.client({ account, permissions: ['tasks:read', 'tasks:write'] });
      expect((await writerOnly.post('/v3/templates', listingTemplate({ webhookUrl: WEBHOOK }))).body.error.details).toEqual({
        required_permission: 'templates:write',
      });
      const render = await noTemplates.post(`/v3/templates/${ownTemplate}/tasks`, { merge: { photo: PHOTO } });
      expect(render.status).toBe(403);
      expect(render.body.error.details).toEqual({ required_permission: 'templates:read' });
      const batch = await noTemplates.post('/v3/tasks/batch', { tasks: [{ template_id: ownTemplate, merge: { photo: PHOTO } }, body()] });
      expect(batch.body.results.map((r: ParsedJson) => r.status)).toEqual([403, 201]);
      expect(templateId).not.toBe(ownTemplate);
    });
  });

  describe('POST /v3/templates/{id}/tasks', () => {
    it('answers exactly what POST /v3/tasks answers for the merged body, and the task holds the merged body', async () => {
      const templateId = await createTemplate();
      const response = await client.post(`/v3/templates/${templateId}/tasks`, {
        merge: { title: 'Seaside', price: 250000, size: 30, photo: PHOTO },
        request_id: 'tpl-render-1',
        metadata: { tags: ['listing'] },
      });
      expect(response.status).toBe(201);
      const direct = await client.post('/v3/tasks', body());
      expect(Object.keys(response.body).sort()).toEqual(Object.keys(direct.body).sort());
      expect(response.body.webhook).toEqual(direct.body.webhook);
      const request = (await client.get(`/v3/tasks/${response.body.task_id}/request`)).body.request;
      expect(request.request_id).toBe('tpl-render-1');
      expect(request.metadata.tags).toEqual(['listing']);
      const tracks = request.input.timeline.tracks;
      expect(tracks[0].clips[0].media_url).toBe(PHOTO);
      expect(tracks[1].clips[0].text).toBe('Seaside 250000');
      expect(tracks[1].clips[0].properties.font_size).toBe(30);

      const again = await client.post(`/v3/templates/${templateId}/tasks`, { merge: { photo: PHOTO }, request_id: 'tpl-render-1' });
      expect(again.status).toBe(409);
      expect(again.body.error.details.task_id).toBe(response.body.task_id);
    });

    it('names merge.<field> for a missing or mistyped value, and validates the merged body as any create body', async () => {
      const templateId = await createTemplate();
      const missing = await client.post(`/v3/templates/${templateId}/tasks`, { merge: { size: '30' } });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('VALIDATION_ERROR');
      expect(missing.body.error.details).toEqual([
        { field: 'merge.size', issue: 'must be a finite number', provided_value: '30' },
        { field: 'merge.photo', issue: 'is required: the url field has no default', provided_value: null },
      ]);
      const tooSmall = await client.post(`/v3/templates/${templateId}/tasks`, { merge: { size: 2, photo: PHOTO } });
      expect(tooSmall.status).toBe(400);
      expect(tooSmall.body.error.details.map((d: ParsedJson) => d.field)).toEqual(['input.timeline.tracks[1].clips[0].properties.font_size']);
      const privateUrl = await client.post(`/v3/templates/${templateId}/tasks`, { merge: { photo: 'http://10.0.0.7/p.png' } });
      expect(privateUrl.status).toBe(400);
      expect(privateUrl.body.error.details.map((d: ParsedJson) => d.field)).toEqual(['input.timeline.tracks[0].clips[0].media_url']);
    });
  });

  describe('POST /v3/tasks/batch', () => {
    it('creates 98 of 100 items with two invalid, and the same batch again answers 409 for every created item and creates nothing', async () => {
      const owner = await app.client();
      const templateId = await createTemplate(owner);
      const tasks = Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0 ? body({ request_id: `batch-${i}` }) : { template_id: templateId, merge: { photo: PHOTO, title: `No ${i}` }, request_id: `batch-${i}` },
      );
      (tasks[17] as ParsedJson).merge = { photo: 'not a url' };
      (tasks[42] as ParsedJson).input.output.resolution.width = -1;
      const first = await owner.post('/v3/tasks/batch', { tasks });
      expect(first.status).toBe(200);
      const results: ParsedJson[] = first.body.results;
      expect(results.map((r) => r.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
      expect(results.filter((r) => r.status === 201)).toHaveLength(98);
      expect(results[17]).toEqual({ index: 17, status: 400, error: expect.objectContaining({ code: 'VALIDATION_ERROR' }) });
      expect(results[17].error.details.map((d: ParsedJson) => d.field)).toEqual(['merge.photo']);
      expect(results[42].error.details.map((d: ParsedJson) => d.field)).toEqual(['input.output.resolution.width']);
      expect(results[42].error.request_id).toBe(first.headers['x-request-id']);
      const listed = await owner.get('/v3/tasks?limit=100');
      expect(listed.body.pagination.total).toBe(98);
      expect(new Set(listed.body.tasks.map((t: ParsedJson) => t.task_id))).toEqual(new Set(results.filter((r) => r.status === 201).map((r) => r.task_id)));
      const merged = (await owner.get(`/v3/tasks/${results[3].task_id}/request`)).body.request;
      expect(merged.input.timeline.tracks[1].clips[0].text).toBe('No 3 100');

      const second = await owner.post('/v3/tasks/batch', { tasks });
      expect(second.status).toBe(200);
      second.body.results.forEach((result: ParsedJson, i: number) => {
        if (i === 17 || i === 42) expect(result.status).toBe(400);
        else expect({ i, status: result.status, task_id: result.error.details.task_id }).toEqual({ i, status: 409, task_id: results[i].task_id });
      });
      expect((await owner.get('/v3/tasks?limit=1')).body.pagination.total).toBe(98);
    }, 120_000);

    it('counts one request plus one per created task against the rate limit; the rest are 429 with retry_after', async () => {
      const limited = await app.client({ rateLimitPerMinute: 6 });
      expect((await limited.post('/v3/tasks', body({ request_id: 'counted-once' }))).headers['x-ratelimit-remaining']).toBe('5');
      const invalid = body();
      (invalid as ParsedJson).input.output.resolution.width = -1;
      // The batch takes count 2; a repeated request_id (409) and an invalid item create nothing and take none; four tasks take 3 to 6.
      const tasks = [body({ request_id: 'counted-once' }), invalid, body(), body(), body(), body(), body(), body()];
      const batch = await limited.post('/v3/tasks/batch', { tasks });
      expect(batch.status).toBe(200);
      expect(batch.body.results.map((r: ParsedJson) => r.status)).toEqual([409, 400, 201, 201, 201, 201, 429, 429]);
      expect(batch.body.results[6].error.code).toBe('RATE_LIMIT_EXCEEDED');
      expect(batch.body.results[6].error.retry_after).toBeGreaterThan(0);
      // The batch's reply shows the window after its tasks' counts, not as the gate found it (4 left).
      expect(batch.headers['x-ratelimit-remaining']).toBe('0');
      expect((await limited.get('/v3/tasks?limit=10')).status).toBe(429);
    });

    it('refuses a batch that is not 1 to 100 items as a whole', async () => {
      for (const tasks of [[], Array.from({ length: 101 }, () => body()), 'x']) {
        const response = await client.post('/v3/tasks/batch', { tasks });
        expect(response.status).toBe(400);
        expect(response.body.error.details.map((d: ParsedJson) => d.field)).toEqual(['tasks']);
      }
      expect((await client.post('/v3/tasks/batch', { tasks: [body()], extra: 1 })).body.error.details.map((d: ParsedJson) => d.field)).toEqual(['extra']);
    });
  });
});
