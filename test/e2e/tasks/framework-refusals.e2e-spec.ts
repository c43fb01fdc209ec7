/**
 * Refusals made below the routes (Node's HTTP parser, Fastify's router) and
 * the method check come in the one error envelope, echo nothing of the URL,
 * and the request gate sees the path the router sees.
 */
import { request } from 'node:https';
import { assertRefusalKeepsContract } from '../../support/reply-contract';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(60_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

async function raw(app: TestApp, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const answer = await exchange(app, method, path, headers);
  const reply = { method, url: new URL(path, app.baseUrl), status: answer.status, headers: answer.headers, raw: Buffer.from(answer.text) };
  await assertRefusalKeepsContract(reply, app.ca);
  return answer;
}

function exchange(app: TestApp, method: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const base = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path, headers, ca: app.ca }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('refusals below the routes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ role: 'api' });
  });
  afterAll(async () => {
    await app?.close();
  });

  function envelope(answer: RawAnswer): { code: string; message: string; request_id: string } {
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(answer.text) as { error: { code: string; message: string; request_id: string } };
    expect(body.error.request_id).toMatch(/^req_/);
    return body.error;
  }

  it.each([
    ['headers too large', 'GET', '/v3/tasks', { 'x-padding': 'p'.repeat(20_000) }, 431],
    ['a URL too long for the parser', 'GET', `/v3/tasks?${'q'.repeat(100_000)}`, {}, 431],
    ['malformed percent-encoding in a signed link', 'GET', '/v3/files/%zz?expires=1&signature=SECRET-SIGNATURE', {}, 400],
  ])('%s: refused in the envelope, without echoing the URL', async (_name, method, path, headers, status) => {
    const answer = await raw(app, method, path, headers);
    expect(answer.status).toBe(status);
    expect(envelope(answer).code).toBe('VALIDATION_ERROR');
    expect(answer.text).not.toMatch(/SECRET|qqqq|tttt|FST_ERR/);
    expect(answer.text.length).toBeLessThan(1_000);
  });

  it('answers a known path asked with another method 405 with Allow and the rate-limit headers, once the key is checked', async () => {
    const auth = { authorization: `Bearer ${(await app.client()).key}` };
    const put = await raw(app, 'PUT', '/v3/tasks', auth);
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    expect(envelope(put).code).toBe('METHOD_NOT_ALLOWED');
    expect(put.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    const patch = await raw(app, 'PATCH', '/v3/tasks/tsk_anything/retry', auth);
    expect(patch.status).toBe(405);
    expect(patch.headers.allow).toBe('POST');
    // Without a key the answer is the gate's, as on every endpoint.
    const anonymous = await raw(app, 'PUT', '/v3/tasks');
    expect(anonymous.status).toBe(401);
    expect(envelope(anonymous).code).toBe('MISSING_AUTHENTICATION');
    // An unknown path is still 404 (after authentication).
    expect((await (await app.client()).get('/v3/nothing-here')).status).toBe(404);
  });

  it('answers a task id of any length that fits the headers 404 TASK_NOT_FOUND, not a status the API does not use', async () => {
    const auth = { authorization: `Bearer ${(await app.client()).key}` };
    for (const id of [`tsk_${'t'.repeat(300)}`, `tsk_${'t'.repeat(12_000)}`]) {
      const answer = await raw(app, 'GET', `/v3/tasks/${id}`, auth);
      expect(answer.status).toBe(404);
      expect(envelope(answer).code).toBe('TASK_NOT_FOUND');
      expect(answer.text.length).toBeLessThan(1_000);
    }
  });

  it('gates and rate-counts a percent-encoded path like the plain one', async () => {
    const encoded = await raw(app, 'GET', '/%763/models');
    expect(encoded.status).toBe(401);
    expect(encoded.headers['x-ratelimit-limit']).toBeDefined();
    expect(envelope(encoded).code).toBe('MISSING_AUTHENTICATION');
  });
});
