import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { guardedRequest, type GuardedRequestOptions, NetworkTimeoutError, RedirectRefusedError } from '../../../src/network/guarded-http';
import { BlockedAddressError, SsrfGuard } from '../../../src/network/ssrf-guard';
import { selfSignedCertificate, TestServer } from './test-server';

describe('guardedRequest', () => {
  let dir: string;
  let cert: { key: Buffer; cert: Buffer };
  let plain: TestServer;
  let tls: TestServer;
  const guard = new SsrfGuard(['127.0.0.1']);
  const base = (): GuardedRequestOptions => ({ guard, connectTimeoutMs: 2000, readTimeoutMs: 2000, maxRedirects: 5, ca: cert.cert });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'guarded-http-'));
    cert = selfSignedCertificate(dir);
    plain = await new TestServer().start();
    tls = await new TestServer(cert).start();
  });
  afterAll(async () => {
    await Promise.all([plain.stop(), tls.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('speaks https to a server whose certificate is passed as ca, and refuses it otherwise', async () => {
    tls.routes.set('/hello', (_req, res) => res.end('hi'));
    const response = await guardedRequest(tls.url('/hello'), base());
    expect(response.status).toBe(200);
    expect(await text(response.body)).toBe('hi');
    await expect(guardedRequest(tls.url('/hello'), { ...base(), ca: undefined })).rejects.toThrow(/self-signed/);
  });

  it('refuses a redirect from https down to http', async () => {
    plain.routes.set('/target', (_req, res) => res.end('plain'));
    tls.routes.set('/down', (_req, res) => res.writeHead(302, { location: plain.url('/target') }).end());
    await expect(guardedRequest(tls.url('/down'), base())).rejects.toThrow(RedirectRefusedError);
    expect(plain.hitCount('/target')).toBe(0);
  });

  it('returns a redirect as it is when redirects are off (webhook delivery)', async () => {
    plain.routes.set('/hook', (_req, res) => res.writeHead(307, { location: 'http://169.254.169.254/' }).end());
    const response = await guardedRequest(plain.url('/hook'), { ...base(), method: 'POST', body: '{}', maxRedirects: 0 });
    expect(response.status).toBe(307);
    expect(response.finalUrl).toBe(plain.url('/hook'));
  });

  it('drops credentials when a redirect changes origin, keeps them on the same origin, and turns 303 into GET', async () => {
    let seen: { method?: string; auth?: string } = {};
    tls.routes.set('/landing', (req, res) => {
      seen = { method: req.method, auth: req.headers.authorization };
      res.end();
    });
    plain.routes.set('/cross', (_req, res) => res.writeHead(303, { location: tls.url('/landing', 'localhost') }).end());
    plain.routes.set('/same', (req, res) => {
      seen = { method: req.method, auth: req.headers.authorization };
      res.end();
    });
    plain.routes.set('/to-same', (_req, res) => res.writeHead(308, { location: '/same' }).end());
    const headers = { authorization: 'Bearer secret' };
    (await guardedRequest(plain.url('/cross'), { ...base(), method: 'POST', body: 'x', headers })).body.resume();
    expect(seen).toEqual({ method: 'GET', auth: undefined });
    (await guardedRequest(plain.url('/to-same'), { ...base(), method: 'POST', body: 'x', headers })).body.resume();
    expect(seen).toEqual({ method: 'POST', auth: 'Bearer secret' });
  });

  it('refuses a host name resolving to loopback when only an unrelated range is allowed', async () => {
    const strict = new SsrfGuard(['10.0.0.0/8']);
    await expect(guardedRequest(plain.url('/x', 'localhost'), { ...base(), guard: strict })).rejects.toThrow(BlockedAddressError);
    expect(plain.hitCount('/x')).toBe(0);
  });

  describe('timeouts', () => {
    let blackHole: Server;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      // Accepts TCP and then says nothing: a TLS handshake never completes, no HTTP answer comes.
      blackHole = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => blackHole.close(() => resolve()));
    });
    const port = () => (blackHole.address() as { port: number }).port;

    it('gives up connecting when the TLS handshake does not finish', async () => {
      const started = Date.now();
      const error = await guardedRequest(`https://127.0.0.1:${port()}/`, { ...base(), connectTimeoutMs: 200, readTimeoutMs: 5000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkTimeoutError);
      expect((error as NetworkTimeoutError).phase).toBe('connect');
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('gives up reading when no answer comes', async () => {
      const error = await guardedRequest(`http://127.0.0.1:${port()}/`, { ...base(), connectTimeoutMs: 5000, readTimeoutMs: 200 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkTimeoutError);
      expect((error as NetworkTimeoutError).phase).toBe('read');
    });
  });
});
