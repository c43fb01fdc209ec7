import { promises as fs } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaServer, parseRange } from './media-server';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Raw requests, because fetch() and URL normalise `..` and encoded segments away before sending. */
function send(base: string, rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
  ])('%s of 100 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('MediaServer', () => {
  const server = new MediaServer();
  let root: string;
  let dir: string;
  let base: string;
  const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  beforeAll(async () => {
    root = await fs.mkdtemp(join(tmpdir(), 'media-server-'));
    dir = join(root, 'task');
    await fs.mkdir(join(dir, 'sub'), { recursive: true });
    await fs.writeFile(join(dir, 'clip.mp4'), content);
    await fs.writeFile(join(dir, 'sub', 'a b.png'), 'png');
    await fs.writeFile(join(dir, 'noext'), 'x');
    await fs.writeFile(join(root, 'secret.txt'), 'secret');
    await fs.symlink(join(root, 'secret.txt'), join(dir, 'escape.mp4'));
    await fs.symlink(join(dir, 'clip.mp4'), join(dir, 'inside.mp4'));
    await server.start();
    base = server.register('tok_1', dir);
  });

  afterAll(async () => {
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('returns a loopback base URL for the token', () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tok_1\/$/);
  });

  it('serves a whole file with type, length, CORS and range support', async () => {
    const r = await send(base, '/tok_1/clip.mp4');
    expect(r.status).toBe(200);
    expect(r.body.equals(content)).toBe(true);
    expect(r.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'access-control-allow-origin': '*',
    });
  });

  it('serves a byte range with 206', async () => {
    const r = await send(base, '/tok_1/clip.mp4', { Range: 'bytes=100-199' });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe('bytes 100-199/1000');
    expect(r.body.equals(content.subarray(100, 200))).toBe(true);
  });

  it('answers 416 for a range past the end', async () => {
    const r = await send(base, '/tok_1/clip.mp4', { Range: 'bytes=1000-' });
    expect(r.status).toBe(416);
    expect(r.headers['content-range']).toBe('bytes */1000');
  });

  it('answers HEAD without a body', async () => {
    const r = await send(base, '/tok_1/clip.mp4', {}, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-length']).toBe('1000');
    expect(r.body.length).toBe(0);
  });

  it('decodes encoded names in sub folders and types by extension', async () => {
    const png = await send(base, '/tok_1/sub/a%20b.png');
    expect([png.status, png.headers['content-type'], png.body.toString()]).toEqual([200, 'image/png', 'png']);
    const other = await send(base, '/tok_1/noext');
    expect(other.headers['content-type']).toBe('application/octet-stream');
  });

  it('follows symlinks that stay inside the dir', async () => {
    const r = await send(base, '/tok_1/inside.mp4');
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(1000);
  });

  it.each([
    '/tok_1/../secret.txt',
    '/tok_1/%2e%2e/secret.txt',
    '/tok_1/sub%2F..%2F..%2Fsecret.txt',
    '/tok_1/..%5csecret.txt',
    '/tok_1/%E0%A4%A',
    '/tok_1/escape.mp4',
    '/tok_1/sub',
    '/tok_1/',
    '/tok_1',
    '/other/clip.mp4',
    '/tok_1/missing.mp4',
  ])('refuses %s with 404', async (path) => {
    const r = await send(base, path);
    expect(r.status).toBe(404);
    expect(r.body.toString()).not.toContain('secret');
  });

  it('maps its own URLs back to the real file, with the same refusals as a request', async () => {
    expect(await server.localPath(`${base}sub/a%20b.png`)).toBe(await fs.realpath(join(dir, 'sub', 'a b.png')));
    expect(await server.localPath(`${base}inside.mp4?x=1`)).toBe(await fs.realpath(join(dir, 'clip.mp4')));
    expect(await server.localPath(`${base}escape.mp4`)).toBeNull();
    expect(await server.localPath(`${base}..%2Fsecret.txt`)).toBeNull();
    expect(await server.localPath(base.replace('127.0.0.1', 'localhost') + 'clip.mp4')).toBeNull();
    expect(await server.localPath('file:///etc/passwd')).toBeNull();
  });

  it('refuses writes', async () => {
    const r = await send(base, '/tok_1/clip.mp4', {}, 'PUT');
    expect(r.status).toBe(405);
  });

  it('answers CORS preflight', async () => {
    const r = await send(base, '/tok_1/clip.mp4', { Origin: 'http://localhost:3000' }, 'OPTIONS');
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-headers']).toBe('Range');
  });

  it('stops serving a token once unregistered and rejects bad tokens', async () => {
    const other = await fs.mkdtemp(join(tmpdir(), 'media-server-b-'));
    await fs.writeFile(join(other, 'x.png'), 'x');
    const otherBase = server.register('tok-2', other);
    expect((await send(otherBase, '/tok-2/x.png')).status).toBe(200);
    server.unregister('tok-2');
    expect((await send(otherBase, '/tok-2/x.png')).status).toBe(404);
    expect(() => server.register('../x', other)).toThrow();
    await fs.rm(other, { recursive: true, force: true });
  });
});
