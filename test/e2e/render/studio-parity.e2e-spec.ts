import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize, resolve } from 'node:path';
import { decodedFrame } from '../../support/rendered-video';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(240_000);

const ROOT = resolve(__dirname, '../../..');
const PUBLIC_DIR = join(ROOT, 'composition', 'public');

const frameRgb = (video: string, frame: number): Buffer => decodedFrame(video, frame, 'rgb24');

/** Largest difference of any channel of any pixel. */
function largestDifference(a: Buffer, b: Buffer): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** The sample as a client would send it: the same timeline, its media served over HTTP. */
describe('a Studio sample renders the same through Remotion CLI and through the API', () => {
  let app: TestApp;
  let server: Server;
  let mediaBase: string;
  const dir = mkdtempSync(join(tmpdir(), 'rs-parity-'));

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]));
      const file = join(PUBLIC_DIR, path);
      if (!file.startsWith(PUBLIC_DIR + '/')) return void res.writeHead(404).end();
      try {
        res.writeHead(200, { 'content-length': statSync(file).size });
        createReadStream(file).pipe(res);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    mediaBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await startTestApp({ role: 'all' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((done) => server?.close(done));
  });

  it('gives the same solid-colour frame, to within encoding noise', async () => {
    const cliOut = join(dir, 'cli.mp4');
    execFileSync(
      join(ROOT, 'node_modules', '.bin', 'remotion'),
      [
        'render',
        'composition/index.ts',
        'Sample-solid-red',
        cliOut,
        '--public-dir=composition/public',
        '--browser-executable=/usr/lib/chromium/chromium-headless-shell',
        '--chrome-mode=headless-shell',
        '--codec=h264',
        '--color-space=bt709',
        '--log=error',
      ],
      { cwd: ROOT, stdio: 'pipe', timeout: 180_000 },
    );

    const sample = JSON.parse(readFileSync(join(ROOT, 'composition', 'samples', 'solid-red.json'), 'utf8'));
    for (const track of sample.timeline.tracks) for (const clip of track.clips) clip.media_url = `${mediaBase}/${clip.media_url}`;
    const client = await app.client();
    const created = await client.post('/v3/tasks', {
      input: { timeline: sample.timeline, output: sample.output },
      webhook: { url: 'https://127.0.0.1:9/hook' },
    });
    expect(created.status).toBe(201);
    let record;
    for (let i = 0; i < 600; i++) {
      record = (await client.get(`/v3/tasks/${created.body.task_id}`)).body;
      if (['completed', 'failed'].includes(record.status)) break;
      await new Promise((done) => setTimeout(done, 200));
    }
    expect(record.status).toBe('completed');
    const url = new URL(record.output.video_url);
    const video = await app.anonymous().get(url.pathname + url.search);
    const apiOut = join(dir, 'api.mp4');
    writeFileSync(apiOut, video.raw);

    // Not bit-exact: Remotion's CLI passes every frame through a JPEG, the compositor
    // converts RGB to YUV once; a red channel one or two levels apart is that, not a shift.
    const cliFrame = frameRgb(cliOut, 5);
    const apiFrame = frameRgb(apiOut, 5);
    expect(apiFrame.length).toBe(cliFrame.length);
    expect(largestDifference(apiFrame, cliFrame)).toBeLessThanOrEqual(4);
    // A frame of another colour would not pass: the comparison really looks at pixels.
    expect(largestDifference(Buffer.alloc(cliFrame.length), cliFrame)).toBeGreaterThan(100);
  });
});
