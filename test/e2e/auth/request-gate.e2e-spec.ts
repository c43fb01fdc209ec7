import { HttpClient } from '../../support/http-client';
import { startTestApp, type TestApp } from '../../support/test-app';

const withKey = (app: TestApp, key: string) => new HttpClient(app.baseUrl, app.ca, key);

/** What the request gate costs and logs, seen from outside: key rows read, answers, log lines. */
describe('request gate over HTTPS', () => {
  jest.setTimeout(60_000);

  it('logs a 5xx it answers with its cause and request id, never the key', async () => {
    const lines: string[] = [];
    const app = await startTestApp({ env: { LOG_LEVEL: 'error' }, log: { write: (line: string) => void lines.push(line) } });
    try {
      const issued = await app.runtime.keys.create({ account: 'gate-outage', tier: 'pro' });
      // Also has the client read the OpenAPI document it checks replies against, while the gate still can count.
      expect((await withKey(app, issued.key).get('/v3/models')).status).toBe(200);
      // Redis gone: the gate cannot count the request.
      app.runtime.commandRedis.disconnect();
      const response = await withKey(app, issued.key).get('/v3/models');
      await app.runtime.commandRedis.connect();
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      const logged = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.request_id === response.body.error.request_id && line.msg === 'request failed');
      expect(logged).toEqual([
        expect.objectContaining({
          level: 50,
          msg: 'request failed',
          method: 'GET',
          route: '/v3/models',
          // ioredis's words for a client that is not connected.
          err: expect.objectContaining({ message: expect.stringMatching(/Connection is closed|Stream isn't writeable/) }),
        }),
      ]);
      expect(lines.join('\n')).not.toContain(issued.key);
    } finally {
      await app.close();
    }
  });
});
