import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaServer } from './media-server';
import { proxyRefusal, remotionModule, screenedProxy } from './remotion-server-guard';

describe('proxyRefusal', () => {
  const media = new MediaServer();
  let base: string;

  beforeAll(async () => {
    await media.start();
    base = media.register('tok', '/nonexistent');
  });
  afterAll(() => media.stop());

  const proxy = (src: string, rest = '&time=0.5&transparent=false&toneMapped=true') => `/proxy?src=${encodeURIComponent(src)}${rest}`;

  it('lets through what Remotion’s page asks for: a media-server URL, a time, the flags', () => {
    expect(proxyRefusal(proxy(`${base}clip.mp4`))).toBeNull();
    expect(proxyRefusal(proxy(`${base}clip.mp4`, '&time=12.0333&toneMapped=false'))).toBeNull();
  });

  it.each([
    ['no toneMapped', '/proxy?src=x&time=0'],
    ['no src', '/proxy?time=0&toneMapped=true'],
    ['no query', '/proxy'],
    ['a time that is no number', proxy('x', '&time=abc&toneMapped=true')],
    ['a negative time', proxy('x', '&time=-1&toneMapped=true')],
    ['an infinite time', proxy('x', '&time=Infinity&toneMapped=true')],
    ['a flag that is no boolean', proxy('x', '&time=0&transparent=yes&toneMapped=true')],
  ])('refuses a malformed request (%s) with 400', (_name, target) => {
    expect(proxyRefusal(target)).toBe(400);
  });

  it('refuses every source that is not a running media server of this process with 403', () => {
    const origin = new URL(base).origin;
    expect(proxyRefusal(proxy('http://127.0.0.1:9/canary.mp4'))).toBe(403);
    expect(proxyRefusal(proxy('http://169.254.169.254.invalid/latest/meta-data'))).toBe(403);
    expect(proxyRefusal(proxy(`https://${new URL(base).host}/tok/clip.mp4`))).toBe(403);
    expect(proxyRefusal(proxy(`http://user@${new URL(base).host}/tok/clip.mp4`))).toBe(403);
    expect(proxyRefusal(proxy(`${origin}@127.0.0.1:9/clip.mp4`))).toBe(403);
    expect(proxyRefusal(proxy(`http://localhost:${new URL(base).port}/tok/clip.mp4`))).toBe(403);
    expect(proxyRefusal(proxy('file:///etc/passwd'))).toBe(403);
    expect(proxyRefusal(proxy('/etc/passwd'))).toBe(403);
  });

  it('refuses the URLs of a media server once it has stopped', async () => {
    const other = new MediaServer();
    await other.start();
    const url = `${other.register('t', '/nonexistent')}clip.mp4`;
    expect(proxyRefusal(proxy(url))).toBeNull();
    await other.stop();
    expect(proxyRefusal(proxy(url))).toBe(403);
  });
});

describe('screenedProxy', () => {
  let server: Server;
  let port: number;
  let inner: jest.Mock;
  const media = new MediaServer();

  beforeAll(async () => {
    await media.start();
    const src = `${media.register('tok', '/nonexistent')}clip.mp4`;
    inner = jest.fn();
    server = createServer((req, res) => {
      // Route the allowed target to the screened listener with its query intact.
      if (req.url === '/ok') req.url = `/proxy?src=${encodeURIComponent(src)}&time=0&toneMapped=true`;
      screenedProxy(inner)(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await media.stop();
  });

  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });

  it('answers a refused request itself, without calling Remotion’s listener', async () => {
    inner.mockReset();
    expect(await get('/proxy?src=x&time=0')).toBe(400);
    expect(await get(`/proxy?src=${encodeURIComponent('http://127.0.0.1:9/x')}&time=0&toneMapped=true`)).toBe(403);
    expect(inner).not.toHaveBeenCalled();
  });

  it('answers 500 when Remotion’s listener throws, and nothing reaches the request event', async () => {
    inner.mockReset().mockImplementation(() => {
      throw new Error('Did not get `toneMapped` parameter');
    });
    expect(await get('/ok')).toBe(500);
    expect(inner).toHaveBeenCalledTimes(1);
  });
});

describe('remotionModule', () => {
  it('refuses to go on when a Remotion internal it replaces is missing', () => {
    expect(() => remotionModule('port-config.js', 'getNoSuchThing')).toThrow(/has no getNoSuchThing in port-config\.js.*remotion-server-guard\.ts/);
    expect(() => remotionModule('no-such-file.js', 'getPortConfig')).toThrow(/has no getPortConfig in no-such-file\.js/);
  });
});
