import SwaggerParser from '@apidevtools/swagger-parser';
import { connect } from 'node:tls';
import { startTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';

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
    for (const path of ['/v3/tasks', '/v3/tasks/{taskId}', '/v3/tasks/{taskId}/retry', '/v3/models', '/v3/usage']) {
      expect(Object.keys(response.body.paths)).toContain(path);
    }
    await expect(SwaggerParser.validate(structuredClone(response.body))).resolves.toBeDefined();
  });

  it('answers liveness and readiness without a key', async () => {
    expect((await app.anonymous().get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await app.anonymous().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.database).toEqual({ ok: true });
  });

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
    const plain = await fetch(`http://127.0.0.1:${url.port}/healthz`).then((r) => r.status).catch(() => 'refused');
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
