/**
 * Remotion's render server with the guard in place, started the way every
 * render starts it (RenderInternals.prepareServer on the bundle): it listens on
 * 127.0.0.1 only, its `/proxy` still gives frames of media-server videos, and
 * refuses any other source (unfetched) and malformed requests, which used to
 * throw in the request event and end the process.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RenderInternals } from '@remotion/renderer';
import { guardRemotionServer } from '../../../src/render/remotion-server-guard';
import { listenersOfTree } from '../../support/process-listeners';
import { ensureBundle, MediaFixtures } from './render-fixtures';

jest.setTimeout(120_000);

interface Reply {
  status: number;
  type: string | undefined;
}

function get(port: number, path: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to ${path.slice(0, 80)} within 15 s`)));
    req.on('error', reject).end();
  });
}

const proxy = (src: string, time = 0.5) => `/proxy?src=${encodeURIComponent(src)}&time=${time}&transparent=false&toneMapped=true`;

describe("Remotion's render server, guarded", () => {
  const fixtures = new MediaFixtures();
  let canary: Server;
  let canaryUrl: string;
  let canaryHits = 0;
  let server: Awaited<ReturnType<typeof RenderInternals.prepareServer>>;

  beforeAll(async () => {
    guardRemotionServer();
    await fixtures.start();
    await fixtures.video('red.mp4', 64, 36, [[255, 0, 0]], 1);
    canary = createServer((_req, res) => {
      canaryHits += 1;
      res.end('canary');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/canary.mp4`;
    server = await RenderInternals.prepareServer({
      webpackConfigOrServeUrl: await ensureBundle(),
      port: null,
      remotionRoot: process.cwd(),
      offthreadVideoThreads: 1,
      logLevel: 'error',
      indent: false,
      offthreadVideoCacheSizeInBytes: 64 * 1024 * 1024,
      binariesDirectory: null,
      forceIPv4: false,
      sampleRate: 48_000,
    });
  });
  afterAll(async () => {
    await server?.closeServer(true);
    if (canary) await new Promise((resolve) => canary.close(resolve));
    await fixtures.stop();
  });

  it('listens on 127.0.0.1 only', () => {
    const listeners = listenersOfTree(process.pid).filter((l) => l.port === server.offthreadPort);
    expect(listeners.map((l) => l.address)).toEqual(['127.0.0.1']);
  });

  it('still serves the bundle and frames of a media-server video', async () => {
    expect(await get(server.offthreadPort, '/index.html')).toMatchObject({ status: 200 });
    expect(await get(server.offthreadPort, proxy(fixtures.url('red.mp4')))).toEqual({ status: 200, type: expect.stringMatching(/^image\/(png|bmp)$/) });
  });

  it('refuses any other source with 403 and never fetches it', async () => {
    const mediaOrigin = new URL(fixtures.url('red.mp4')).origin;
    for (const src of [canaryUrl, `${mediaOrigin}@${new URL(canaryUrl).host}/canary.mp4`, canaryUrl.replace('127.0.0.1', 'localhost')]) {
      expect(await get(server.offthreadPort, proxy(src))).toMatchObject({ status: 403 });
    }
    expect(canaryHits).toBe(0);
  });

  it('answers malformed requests with 400 and keeps serving', async () => {
    const video = encodeURIComponent(fixtures.url('red.mp4'));
    for (const target of [
      '/proxy?src=x&time=0',
      '/proxy',
      `/proxy?src=${video}&time=NaN&toneMapped=true`,
      `/proxy?src=${video}&time=0&transparent=maybe&toneMapped=true`,
    ]) {
      expect(await get(server.offthreadPort, target)).toMatchObject({ status: 400 });
    }
    expect(await get(server.offthreadPort, '/index.html')).toMatchObject({ status: 200 });
  });
});
