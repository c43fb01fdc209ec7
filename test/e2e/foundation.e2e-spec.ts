import SwaggerParser from '@apidevtools/swagger-parser';
import { connect } from 'node:tls';
import { READINESS_CACHE_MS } from '../../src/health/readiness';
import { NULL_VALUE, nullableShapeProblems } from '../../src/openapi/nullable-schema';
import { startTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { present } from '../support/present';
import { ReplyContract } from '../support/reply-contract';
import { minimalTaskBody } from '../fixtures/task-bodies';

interface SchemaNode {
  $ref?: string;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Array<{ name: string; in: string; schema: SchemaNode }>; responses: Record<string, { content?: Record<string, { schema: SchemaNode }> }> }
    >
  >;
  components: { schemas: Record<string, SchemaNode> };
}

function resolve(document: OpenApiDocument, schema: SchemaNode): SchemaNode {
  return schema.$ref ? resolve(document, document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
}

function responseSchema(document: OpenApiDocument, path: string, method: string, status: number): SchemaNode {
  const content = present(document.paths[path][method].responses[String(status)].content, `content of ${method} ${path} ${status}`);
  return resolve(document, content['application/json'].schema);
}

function propertiesOf(schema: SchemaNode): Record<string, SchemaNode> {
  return present(schema.properties, 'the properties of an object schema');
}

/** The property schema of a nested field (following $ref, single-entry allOf and a nullable oneOf's object), e.g. 'progress.phases'. */
function fieldSchema(document: OpenApiDocument, schema: SchemaNode, dotted: string): SchemaNode {
  return dotted.split('.').reduce((node, key) => {
    const property = propertiesOf(resolve(document, node))[key];
    return resolve(document, (property.allOf ?? property.oneOf)?.[0] ?? property);
  }, schema);
}

describe('foundation over HTTPS', () => {
  let app: TestApp;
  let client: HttpClient;

  beforeAll(async () => {
    app = await startTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
    client = await app.client();
  }, 60_000);
  afterAll(() => app?.close());

  it('serves a valid OpenAPI document at /v3/openapi.json', async () => {
    const response = await app.anonymous().get('/v3/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    for (const path of ['/v3/tasks', '/v3/tasks/{task_id}', '/v3/tasks/{task_id}/retry', '/v3/models', '/v3/usage']) {
      expect(Object.keys(response.body.paths)).toContain(path);
    }
    await expect(SwaggerParser.validate(structuredClone(response.body))).resolves.toBeDefined();
    expect(nullableShapeProblems(response.body)).toEqual([]);
  });

  it('declares the spec fields of the create, read and list answers, and the list query parameters', async () => {
    const document = (await app.anonymous().get('/v3/openapi.json')).body as OpenApiDocument;
    const keys = (schema: SchemaNode) => Object.keys(schema.properties ?? {});
    const created = responseSchema(document, '/v3/tasks', 'post', 201);
    expect(keys(created)).toEqual(
      expect.arrayContaining(['task_id', 'status', 'created_at', 'estimated_duration_seconds', 'queue_position', 'priority', 'links', 'webhook']),
    );
    expect(keys(fieldSchema(document, created, 'links'))).toEqual(['self', 'cancel']);
    expect(keys(fieldSchema(document, created, 'webhook'))).toEqual(['url', 'events']);
    expect(propertiesOf(created).queue_position.type).toBe('integer');

    const record = responseSchema(document, '/v3/tasks/{task_id}', 'get', 200);
    expect(keys(record)).toEqual(expect.arrayContaining(['task_id', 'status', 'created_at', 'started_at', 'completed_at', 'progress', 'output', 'metadata']));
    expect(record.required).toEqual(expect.arrayContaining(['started_at', 'completed_at', 'output', 'error']));
    expect(keys(fieldSchema(document, record, 'progress'))).toEqual(['percentage', 'current_phase', 'phases']);
    expect(keys(fieldSchema(document, record, 'progress.phases'))).toEqual(['download', 'render', 'upload']);
    expect(keys(fieldSchema(document, record, 'progress.phases.render'))).toEqual(['completed', 'duration_seconds']);
    expect(keys(fieldSchema(document, record, 'output'))).toEqual(
      expect.arrayContaining(['video_url', 'thumbnail_url', 'preview_url', 'duration_ms', 'file_size_bytes', 'resolution', 'format', 'expires_at']),
    );
    expect(keys(fieldSchema(document, record, 'metadata'))).toEqual(['user_reference', 'tags', 'processing_time_seconds', 'estimated_vs_actual']);
    expect(keys(fieldSchema(document, record, 'metadata.estimated_vs_actual'))).toEqual(['estimated', 'actual', 'accuracy']);
    // OpenAPI 3.0: `nullable` beside a $ref widens nothing, so a nullable object is one of the object or null.
    expect(propertiesOf(record).output).toEqual({ oneOf: [{ $ref: '#/components/schemas/TaskOutputResponse' }, NULL_VALUE] });
    expect(propertiesOf(fieldSchema(document, record, 'progress')).current_phase.enum).toContain(null);
    expect(propertiesOf(record).started_at).toMatchObject({ type: 'string', format: 'date-time', nullable: true });

    const list = responseSchema(document, '/v3/tasks', 'get', 200);
    expect(keys(list)).toEqual(['tasks', 'pagination']);
    expect(keys(resolve(document, present(propertiesOf(list).tasks.items, 'items of the task list')))).toEqual([
      'task_id',
      'status',
      'created_at',
      'completed_at',
      'metadata',
    ]);
    expect(keys(fieldSchema(document, list, 'pagination'))).toEqual(['total', 'limit', 'offset', 'has_more']);

    const query = (document.paths['/v3/tasks'].get.parameters ?? []).filter((parameter) => parameter.in === 'query');
    expect(query.map((parameter) => parameter.name)).toEqual(['status', 'limit', 'offset', 'created_after', 'created_before']);
    expect(query[1].schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(propertiesOf(responseSchema(document, '/v3/tasks/{task_id}', 'get', 404)).error).toBeDefined();
  });

  // The client checks every reply against the served document (test/support/reply-contract.ts): this flow only has to run.
  it("keeps the document through a client's ordinary flow: created, read, listed, canceled, models, usage, deliveries and errors", async () => {
    const created = await client.post('/v3/tasks', minimalTaskBody({ metadata: { tags: ['openapi'] } }));
    expect(created.status).toBe(201);
    const taskId = created.body.task_id as string;
    const statuses = [
      (await client.get(`/v3/tasks/${taskId}`)).status,
      (await client.get('/v3/tasks?limit=5')).status,
      (await client.delete(`/v3/tasks/${taskId}`)).status,
      (await client.get(`/v3/tasks/${taskId}`)).status,
      (await client.get('/v3/models')).status,
      (await client.get('/v3/usage?period=today')).status,
      (await client.get(`/v3/tasks/${taskId}/deliveries`)).status,
      (await client.get('/v3/tasks/tsk_00000000000000000000000000')).status,
      (await client.post('/v3/tasks', { input: {} })).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 404, 400]);
  });

  it('refuses, through the reply check, a reply that breaks the document', async () => {
    const contract = await ReplyContract.fromDocument((await app.anonymous().get('/v3/openapi.json')).body);
    const created = await client.post('/v3/tasks', minimalTaskBody());
    const read = await client.get(`/v3/tasks/${created.body.task_id}`);
    const reply = (body: unknown, changes: { status?: number; contentType?: string } = {}) => ({
      method: 'GET',
      url: new URL(`/v3/tasks/${created.body.task_id}`, app.baseUrl),
      status: changes.status ?? 200,
      headers: { ...read.headers, 'content-type': changes.contentType ?? 'application/json; charset=utf-8' },
      raw: Buffer.from(JSON.stringify(body)),
    });
    // The genuine reply passes, so each refusal below is the change's doing.
    expect(contract.problems(reply(read.body))).toEqual([]);
    expect(contract.problems(reply({ ...read.body, output: 42 })).join('\n')).toContain('/output');
    expect(contract.problems(reply({ ...read.body, metadata: { ...read.body.metadata, estimated_vs_actual: 'soon' } })).join('\n')).toContain(
      '/metadata/estimated_vs_actual',
    );
    expect(contract.problems(reply({ ...read.body, created_at: 'yesterday' })).join('\n')).toContain('/created_at must match format "date-time"');
    expect(contract.problems(reply({ ...read.body, surprise: true })).join('\n')).toContain('"surprise"');
    const withoutStatus = { ...read.body };
    delete withoutStatus.status;
    expect(contract.problems(reply(withoutStatus)).join('\n')).toContain('"status"');
    expect(contract.problems(reply(read.body, { status: 418 }))).toEqual([expect.stringContaining('status 418 is not documented for TasksController_get')]);
    expect(contract.problems(reply(read.body, { contentType: 'text/plain' }))).toEqual(['content type "text/plain" is not one of application/json']);
    // An unknown route is not described, but its refusal must still be the error envelope.
    const unknown = { ...reply({ error: { code: 'NOT_FOUND' } }, { status: 404 }), url: new URL('/v3/nothing-here', app.baseUrl) };
    expect(contract.problems(unknown).join('\n')).toContain('"message"');
  });

  it('answers liveness and readiness without a key', async () => {
    expect((await app.anonymous().get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await app.anonymous().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.database).toEqual({ ok: true });
  });

  it('runs the readiness checks once for a flood of /readyz calls, not once per call', async () => {
    const ping = jest.spyOn(app.runtime.db, 'ping');
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.anonymous().get('/readyz')));
    const elapsedMs = Date.now() - started;
    ping.mockRestore();
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // At most one run per READINESS_CACHE_MS: a loaded machine may stretch the flood over more than one period.
    expect(ping.mock.calls.length).toBeLessThanOrEqual(1 + Math.floor(elapsedMs / READINESS_CACHE_MS));
  }, 60_000);

  it('wraps unknown routes in the error envelope with a request id', async () => {
    const response = await client.get('/v3/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
    expect(response.body.error.request_id).toMatch(/^req_/);
    expect(response.headers['x-request-id']).toBe(response.body.error.request_id);
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const response = await client.post('/v3/tasks', '{"input": ');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toContain('not valid JSON');
  });

  it('answers an oversized body with 413 and a wrong content type with 415, in the envelope', async () => {
    const big = await client.post('/v3/tasks', JSON.stringify({ padding: 'x'.repeat(10_000) }));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await client.post('/v3/tasks', 'hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('echoes X-Service-Version and refuses unknown versions', async () => {
    const ok = await client.get('/v3/models', { 'x-service-version': '2025-01-17' });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-service-version']).toBe('2025-01-17');
    const absent = await client.get('/v3/models');
    expect(absent.headers['x-service-version']).toBe('2025-01-17');
    const bad = await client.get('/v3/models', { 'x-service-version': '2024-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('UNSUPPORTED_API_VERSION');
    expect(bad.body.error.details.supported_versions).toEqual(['2025-01-17']);
  });

  it('speaks TLS only: a plain HTTP request on the port gets no API answer', async () => {
    const url = new URL(app.baseUrl);
    const plain = await fetch(`http://127.0.0.1:${url.port}/healthz`)
      .then((r) => r.status)
      .catch(() => 'refused');
    expect(plain).not.toBe(200);
    const certificate = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(url.port), ca: app.ca, servername: 'localhost' }, () => {
        resolve(String(socket.getPeerCertificate().subject.CN));
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(certificate).toBe('localhost');
  });
});
