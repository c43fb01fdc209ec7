/**
 * What a rendering service listens on, and what its listeners survive. A real
 * `node dist/src/main.js` (ROLE=all, the embedded default) renders with each
 * engine; while the render runs, every listening TCP socket of its process
 * tree (the service, redis-server, Chromium and its helpers) is read from
 * /proc every 20 ms. None may be on a non-loopback address. As soon as the
 * render's own server appears (Remotion's, for the page and `/proxy`), every
 * listening port of the tree gets hostile requests: a `/proxy` of a canary URL
 * on a server of this test, a 1 MB path and a malformed `/proxy`. The service
 * must stay up and answer /healthz, the render must complete, and the canary
 * must never be fetched.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send, type Target } from '../../fuzz/fuzz-support';
import { isLoopback, listenersOfTree, type Listener } from '../../support/process-listeners';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import {
  buildService,
  createKey,
  embeddedServiceEnv,
  freePort,
  makeCertificate,
  ServiceProcess,
  sleep,
  type Certificate,
  type ServiceBuild,
} from '../scale-out/service-processes';

jest.setTimeout(300_000);

const SECONDS = 6;
const HOSTILE_TIMEOUT_MS = 5_000;

/** One cue per 100 ms: the compositor draws each as a still, which keeps Remotion's server up long enough to be seen. */
function manyCues(): string {
  const time = (ms: number) => `00:00:${String(Math.floor(ms / 1000)).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;
  return Array.from({ length: SECONDS * 10 }, (_, i) => `${i + 1}\n${time(i * 100)} --> ${time(i * 100 + 100)}\nCue ${i + 1}\n`).join('\n');
}

/** Sends raw bytes and resolves with whatever comes back before the server closes or the timeout; never rejects. */
function sendRaw(host: string, port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host, port });
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1').split('\r\n', 1)[0]);
    };
    const timer = setTimeout(done, HOSTILE_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
  });
}

interface Answer {
  port: number;
  request: 'canary' | 'long path' | 'malformed';
  /** The first line of the reply; empty when the server closed without one (TLS, DevTools). */
  reply: string;
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

describe('listeners of a rendering service', () => {
  let dir: string;
  let build: ServiceBuild;
  let tls: Certificate;
  let media: MediaFixtures;
  let canary: Server;
  let canaryUrl: string;
  let canaryHits = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-listeners-'));
    build = buildService(dir);
    tls = makeCertificate(dir);
    media = await startMediaFixtures();
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=320x180:r=30:d=${SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(media.dir, 'long.mp4')],
    ]);
    writeFileSync(join(media.dir, 'many-cues.srt'), manyCues());
    canary = createServer((_req, res) => {
      canaryHits += 1;
      res.end('canary');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/canary.mp4`;
  });
  afterAll(async () => {
    if (canary) await new Promise((resolve) => canary.close(resolve));
    await media?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The three hostile requests to every listening port of the tree (wildcard listeners through 127.0.0.1), and each first reply line. */
  async function attack(listeners: Listener[]): Promise<Answer[]> {
    const hostile: Record<Answer['request'], string> = {
      canary: get(`/proxy?src=${encodeURIComponent(canaryUrl)}&time=0&transparent=false&toneMapped=true`),
      'long path': get(`/${'a'.repeat(1024 * 1024)}`),
      malformed: get('/proxy?src=x&time=0'),
    };
    const targets = new Map(listeners.map((l) => [`${l.address} ${l.port}`, { host: l.address === '::1' ? '::1' : '127.0.0.1', port: l.port }]));
    const answers: Answer[] = [];
    for (const { host, port } of targets.values()) {
      for (const [request, bytes] of Object.entries(hostile) as [Answer['request'], string][]) {
        answers.push({ port, request, reply: await sendRaw(host, port, bytes) });
      }
    }
    return answers;
  }

  it.each(['compositor', 'remotion'])('with RENDER_ENGINE=%s: loopback only, and no request ends the service or fetches the canary', async (engine) => {
    const port = await freePort();
    const name = `all-${engine}`;
    const service = await ServiceProcess.start(build, name, dir, { ...embeddedServiceEnv(port, tls), RENDER_ENGINE: engine });
    try {
      const key = createKey(build, { DATA_DIR: join(dir, name) }, `listeners-${engine}`, 10_000);
      const target: Target = { baseUrl: `https://127.0.0.1:${port}`, ca: tls.cert };
      const api = (method: string, path: string, body?: unknown) =>
        send(
          target,
          method,
          path,
          { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body === undefined ? undefined : JSON.stringify(body),
        );

      const before = new Set(listenersOfTree(service.pid).map((l) => l.port));
      const created = await api('POST', '/v3/tasks', {
        input: {
          timeline: {
            duration_ms: SECONDS * 1000,
            tracks: [
              { id: 'v', type: 'video', clips: [{ id: 'clip', media_url: `${media.baseUrl}/long.mp4`, start_time_ms: 0, end_time_ms: SECONDS * 1000 }] },
              {
                id: 's',
                type: 'subtitle',
                clips: [{ id: 'subs', media_url: `${media.baseUrl}/many-cues.srt`, start_time_ms: 0, end_time_ms: SECONDS * 1000 }],
              },
            ],
          },
          output: { resolution: { width: 320, height: 180 }, framerate: 15 },
        },
        webhook: { url: 'https://127.0.0.1:9/hook' },
      });
      expect(created.status).toBe(201);
      const taskId = (JSON.parse(created.text) as { task_id: string }).task_id;

      const seen = new Map<string, Listener>();
      // Set by the scans (a cast, so that the compiler does not take them for null after the loop).
      let attacked = null as Promise<Answer[]> | null;
      let renderServerPort = null as number | null;
      let freshBefore: number[] = [];
      const scan = () => {
        const now = listenersOfTree(service.pid);
        for (const l of now) seen.set(`${l.pid} ${l.address} ${l.port}`, l);
        // A new port seen twice in a row: Remotion also listens for an instant on a port to see whether it is free.
        const fresh = now.find((l) => !before.has(l.port) && freshBefore.includes(l.port));
        freshBefore = now.filter((l) => !before.has(l.port)).map((l) => l.port);
        if (attacked === null && fresh !== undefined) {
          renderServerPort = fresh.port;
          // The render server first: with the compositor it lives only while the stills are drawn.
          attacked = attack([fresh, ...now]);
        }
      };
      const watch = setInterval(scan, 20);
      let status = 'unknown';
      try {
        for (const deadline = Date.now() + 180_000; Date.now() < deadline && service.running; await sleep(200)) {
          const answer = await api('GET', `/v3/tasks/${taskId}`).catch(() => null);
          if (answer === null) continue;
          status = (JSON.parse(answer.text) as { status: string }).status;
          if (['completed', 'failed', 'canceled'].includes(status)) break;
        }
      } finally {
        clearInterval(watch);
      }
      const answers = (await attacked) ?? [];
      const health = service.running ? (await send(target, 'GET', '/healthz').catch(() => null))?.status : undefined;

      expect({
        nonLoopback: [...seen.values()].filter((l) => !isLoopback(l.address)),
        renderServerSeen: renderServerPort !== null,
        serviceRunning: service.running,
        health,
        status,
        canaryHits,
      }).toEqual({ nonLoopback: [], renderServerSeen: true, serviceRunning: true, health: 200, status: 'completed', canaryHits: 0 });
      // The render server got the requests, and refused them, while it served the render.
      const refused = answers.filter((a) => a.port === renderServerPort && a.request !== 'long path').map((a) => a.reply);
      expect(refused).toEqual([expect.stringMatching(/^HTTP\/1\.1 4\d\d /), expect.stringMatching(/^HTTP\/1\.1 4\d\d /)]);
    } finally {
      if (!service.running) console.log(service.tail());
      await service.stop();
    }
  });
});
