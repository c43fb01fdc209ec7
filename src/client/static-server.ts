import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  mp4: 'video/mp4', png: 'image/png', jpg: 'image/jpeg', mp3: 'audio/mpeg', wav: 'audio/wav', srt: 'application/x-subrip', vtt: 'text/vtt',
};

/**
 * Serves the files of one directory over plain HTTP on 127.0.0.1, as a
 * client's media host would for the demo. Paths outside the directory are 404.
 */
export async function startStaticServer(root: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const base = resolve(root);
  const server: Server = createServer((req, res) => {
    let file: string;
    try {
      file = resolve(base, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)}`);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const inside = relative(base, file);
    if (inside === '' || inside.startsWith('..') || inside.startsWith(sep) || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    try {
      const size = statSync(file).size;
      res.writeHead(200, { 'content-length': size, 'content-type': TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
