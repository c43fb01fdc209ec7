import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { JsonBody } from '../../fixtures/task-bodies';
import type { HttpClient } from '../../support/http-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

const run = promisify(execFile);

/**
 * Tiny media generated with ffmpeg and served over plain HTTP on 127.0.0.1
 * (the SSRF guard allow-lists it in tests). Any other path answers 404, which
 * makes a task fail at download: the cheapest way to get task.failed.
 * `/slow` holds its answer for 10 s, keeping a task in its download phase.
 * `/dripping.png` sends half of the image, then the rest 2 s later: a render
 * that lasts long enough for a task.progress event, however fast it draws
 * (any query, e.g. `/dripping.png?again`, is another URL: not in the input cache).
 */
export class MediaHost {
  private constructor(
    private readonly dir: string,
    private readonly server: Server,
    readonly base: string,
  ) {}

  static async start(): Promise<MediaHost> {
    const dir = mkdtempSync(join(tmpdir(), 'rs-wh-media-'));
    const ffmpeg = (args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x3366cc:s=320x180', '-frames:v', '1', join(dir, 'image.png')]);
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', join(dir, 'clip.mp4')]);
    const files: Record<string, { type: string; bytes: Buffer }> = {
      '/image.png': { type: 'image/png', bytes: readFileSync(join(dir, 'image.png')) },
      '/clip.mp4': { type: 'video/mp4', bytes: readFileSync(join(dir, 'clip.mp4')) },
    };
    const server = createServer((req, res) => {
      const file = files[req.url ?? ''];
      if ((req.url ?? '').split('?')[0] === '/dripping.png') {
        const { bytes } = files['/image.png'];
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
        res.write(bytes.subarray(0, bytes.length >> 1));
        setTimeout(() => res.end(bytes.subarray(bytes.length >> 1)), 2_000).unref();
        return;
      }
      if (req.url === '/slow') {
        setTimeout(() => res.writeHead(404).end('gone'), 10_000).unref();
        return;
      }
      if (!file) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length });
      res.end(req.method === 'HEAD' ? undefined : file.bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new MediaHost(dir, server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A 1 s, 160x90, 10 fps render of `mediaPath` (a missing path makes the task fail at download). */
export function tinyTaskBody(mediaBase: string, mediaPath: string, webhook: JsonBody): JsonBody {
  return {
    input: {
      timeline: {
        duration_ms: 1000,
        tracks: [{ id: 'main', type: 'video', clips: [{ id: 'c1', media_url: `${mediaBase}${mediaPath}`, start_time_ms: 0, end_time_ms: 1000 }] }],
      },
      output: { resolution: { width: 160, height: 90 }, framerate: 10, quality: 'draft' },
    },
    webhook,
  };
}

/** What a webhook suite runs against: a service with a worker, the media host, an HTTPS receiver the service trusts, a client. */
export interface WebhookBench {
  app: TestApp;
  media: MediaHost;
  receiver: WebhookReceiver;
  client: HttpClient<string>;
  close(): Promise<void>;
}

export async function startWebhookBench(env: Record<string, string> = {}, dataDir?: string): Promise<WebhookBench> {
  const [app, media] = await Promise.all([startTestApp({ role: 'all', env, dataDir }), MediaHost.start()]);
  const receiver = await WebhookReceiver.start(app.certPath, app.keyPath);
  return {
    app,
    media,
    receiver,
    client: await app.client(),
    async close() {
      await receiver.close();
      await media.close();
      await app.close();
    },
  };
}
