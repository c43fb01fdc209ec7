import { checkedFetch } from '../../support/reply-contract';
import { startTestApp, type TestApp } from '../../support/test-app';

/** TRUST_PROXY=true: plain HTTP behind a TLS-terminating proxy, which must say the client used HTTPS. */
describe('behind a TLS-terminating proxy', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp({ role: 'api', env: { TRUST_PROXY: 'true', UNAUTHENTICATED_RATE_LIMIT: '3' } });
    key = (await app.client()).key;
  }, 60_000);
  afterAll(() => app?.close());

  const plain = (path: string, headers: Record<string, string> = {}) =>
    checkedFetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}`, ...headers } });

  it('serves plain HTTP when the proxy says the request came over HTTPS', async () => {
    const response = await plain('/v3/models', { 'x-forwarded-proto': 'https' });
    expect(response.status).toBe(200);
    expect((await response.json()).models).toHaveLength(2);
  });

  it('refuses requests that did not arrive over HTTPS', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }] as Record<string, string>[]) {
      const response = await plain('/v3/models', headers);
      expect(response.status).toBe(403);
      expect((await response.json()).error.message).toContain('HTTPS only');
    }
  });

  it('still answers health checks from the proxy itself', async () => {
    expect((await plain('/healthz')).status).toBe(200);
  });

  it('counts a client by the address the proxy appended, whatever the client wrote to its left', async () => {
    const anonymous = (forwardedFor: string) =>
      checkedFetch(`${app.baseUrl}/v3/models`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': forwardedFor } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await anonymous(`198.51.100.${i}, 203.0.113.7`)).status);
    // A fresh left-most address each time does not buy a fresh window: the fourth is over the limit of 3.
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another real client (another address appended by the proxy) has its own window.
    expect((await anonymous('198.51.100.0, 203.0.113.8')).status).toBe(401);
  });
});
