/**
 * Hostile work that used to hold the event loop: subtitle bombs (parsed by the
 * worker, which with ROLE=all shares the loop with the API) and bodies of
 * 10 000 clips. They are sent to a real `node dist/src/main.js` (ROLE=all, the
 * embedded default) whose event-loop delay is measured from inside by a
 * preloaded probe (perf_hooks.monitorEventLoopDelay): no stall over 150 ms
 * and, under the bombs' hundreds of samples, p99 under 50 ms; /healthz
 * answers within 200 ms throughout.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, createKey, freePort, makeCertificate, ServiceProcess, sleep, type Certificate } from '../e2e/scale-out/service-processes';
import { startMediaFixtures, type MediaFixtures } from '../support/media-fixtures';
import { send, watchHealth, type Target } from './fuzz-support';

jest.setTimeout(300_000);

const MAX_P99_MS = 50;
const MAX_HEALTHZ_MS = 200;
/** p99 hides one long block among hundreds of samples: no single stall may pass this either. */
const MAX_STALL_MS = 150;

const cue = (n: number, text: string) => `${n}\n00:00:00,000 --> 00:00:01,000\n${text}\n`;

/** Each bomb, and what the failed task's message must name. */
const BOMBS: { file: string; content: () => string; names: RegExp }[] = [
  // 234 KB of nested and unclosed tags in one cue (13 s of event loop before), then a broken cue.
  {
    file: 'nested-tags.srt',
    content: () => `${cue(1, '<b><i>'.repeat(20_000) + '<b '.repeat(20_000) + '{\\'.repeat(20_000))}\n2\nnot a timing line\n`,
    names: /line 6: malformed timing line/,
  },
  // 40 MB of newlines (2.4 GB of heap before): the download stops at MAX_SUBTITLE_BYTES.
  { file: 'newlines.srt', content: () => '\n'.repeat(40 * 1024 * 1024), names: /MAX_SUBTITLE_BYTES/ },
  { file: 'many-cues.srt', content: () => Array.from({ length: 25_000 }, (_, i) => cue(i + 1, 'x')).join('\n'), names: /MAX_SUBTITLE_CUES/ },
  { file: 'many-lines.vtt', content: () => `WEBVTT\n\n00:00.000 --> 00:01.000\n${'a\n'.repeat(150_000)}`, names: /MAX_SUBTITLE_LINES/ },
  // Just under every limit, with the one error at its very end: the most parsing a file can cost.
  {
    file: 'largest-allowed.srt',
    content: () =>
      `${Array.from({ length: 14_000 }, (_, i) => cue(i + 1, `<i>line ${i}</i> &amp; {\\an8}more text to fill the cue up ${'w'.repeat(20)}`)).join('\n')}\n99\n00:00:00,000 --> broken\n`,
    names: /malformed timing line/,
  },
];

interface LoopDelay {
  sequence: number;
  samples: number;
  p99Ms: number;
  maxMs: number;
  longestGcMs: number;
}

describe('fuzz: hostile work does not hold the event loop', () => {
  let dir: string;
  let media: MediaFixtures;
  let service: ServiceProcess;
  let target: Target;
  let key: string;
  let probeFile: string;
  let signals = 0;

  /** What the service's probe saw since the last call. */
  async function loopDelay(): Promise<LoopDelay> {
    signals += 1;
    service.kill('SIGUSR2');
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(20)) {
      if (!existsSync(probeFile)) continue;
      const seen = JSON.parse(readFileSync(probeFile, 'utf8')) as LoopDelay;
      if (seen.sequence === signals) return seen;
    }
    throw new Error('the event-loop probe did not answer');
  }

  const api = (method: string, path: string, body?: unknown) =>
    send(
      target,
      method,
      path,
      {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    );

  async function waitForEnd(taskId: string): Promise<{ status: string; error?: { code: string; message: string } }> {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(200)) {
      const record = JSON.parse((await api('GET', `/v3/tasks/${taskId}`)).text) as { status: string; error?: { code: string; message: string } };
      if (['completed', 'failed', 'canceled'].includes(record.status)) return record;
    }
    throw new Error(`task ${taskId} did not end`);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-loop-'));
    media = await startMediaFixtures();
    for (const bomb of BOMBS) writeFileSync(join(media.dir, bomb.file), bomb.content());
    const build = buildService(dir);
    const tls: Certificate = makeCertificate(dir);
    const port = await freePort();
    probeFile = join(dir, 'loop-delay.json');
    const env = {
      ROLE: 'all',
      HOST: '127.0.0.1',
      PORT: String(port),
      TLS_CERT: tls.certPath,
      TLS_KEY: tls.keyPath,
      NETWORK_ALLOWLIST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RENDER_CONCURRENCY: '1',
      NODE_OPTIONS: `--require ${join(__dirname, 'event-loop-probe.js')}`,
      EVENT_LOOP_PROBE_FILE: probeFile,
    };
    service = await ServiceProcess.start(build, 'all', dir, env);
    key = createKey(build, { DATA_DIR: join(dir, 'all') }, 'loop-account', 100_000);
    target = { baseUrl: `https://127.0.0.1:${port}`, ca: tls.cert };
  });
  afterAll(async () => {
    await service?.stop();
    await media?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('fails every subtitle bomb with INVALID_MEDIA_FORMAT naming the limit, the loop never held', async () => {
    const health = watchHealth(target);
    await loopDelay();
    const created = await Promise.all(
      BOMBS.map((bomb) =>
        api('POST', '/v3/tasks', {
          input: {
            timeline: {
              duration_ms: 1_000,
              tracks: [
                { id: 'v', type: 'video', clips: [{ id: 'bg', media_url: `${media.baseUrl}/red-320x180.png`, start_time_ms: 0, end_time_ms: 1_000 }] },
                { id: 's', type: 'subtitle', clips: [{ id: 'bomb', media_url: `${media.baseUrl}/${bomb.file}`, start_time_ms: 0, end_time_ms: 1_000 }] },
              ],
            },
            output: { resolution: { width: 160, height: 90 }, framerate: 10 },
          },
          webhook: { url: 'https://127.0.0.1:9/hook' },
        }),
      ),
    );
    for (const answer of created) expect(answer.status).toBe(201);
    const ended = await Promise.all(created.map((answer) => waitForEnd((JSON.parse(answer.text) as { task_id: string }).task_id)));
    const delay = await loopDelay();
    const { slowestMs } = await health.stop();
    ended.forEach((record, i) => {
      expect([BOMBS[i].file, record.status, record.error?.code]).toEqual([BOMBS[i].file, 'failed', 'INVALID_MEDIA_FORMAT']);
      expect(record.error?.message).toMatch(BOMBS[i].names);
    });
    report('subtitle bombs', delay, slowestMs);
    expect(delay.samples).toBeGreaterThan(100);
    expect(delay.p99Ms).toBeLessThan(MAX_P99_MS);
    expect(delay.maxMs).toBeLessThan(MAX_STALL_MS);
    expect(slowestMs).toBeLessThan(MAX_HEALTHZ_MS);
  });

  it('refuses ten 10 000-clip bodies at once as TIMELINE_TOO_COMPLEX, the loop never held', async () => {
    const clips = Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, media_url: 'https://m.example/c.png', start_time_ms: 0, end_time_ms: 1 }));
    const body = JSON.stringify({
      input: { timeline: { duration_ms: 1_000, tracks: [{ id: 'v', type: 'video', clips }] }, output: { resolution: { width: 320, height: 180 } } },
      webhook: { url: 'https://hooks.example.com/x' },
    });
    expect(body.length).toBeLessThan(1024 * 1024);
    const health = watchHealth(target);
    await loopDelay();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('POST', '/v3/tasks', body)));
    const delay = await loopDelay();
    const { slowestMs } = await health.stop();
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect((JSON.parse(answer.text) as { error: { code: string } }).error.code).toBe('TIMELINE_TOO_COMPLEX');
    }
    report('10 x 10 000 clips', delay, slowestMs);
    expect(delay.samples).toBeGreaterThan(20);
    // Over a few dozen samples p99 is just the longest one, the JSON parse of one ~0.9 MB body (10-30 ms on a quiet
    // machine, 60 ms seen on a busy one): what is asserted here is that no single stall passes MAX_STALL_MS.
    expect(delay.maxMs).toBeLessThan(MAX_STALL_MS);
    expect(slowestMs).toBeLessThan(MAX_HEALTHZ_MS);
  });
});

function report(what: string, delay: LoopDelay, slowestHealthzMs: number): void {
  process.stdout.write(
    `${what}: event-loop delay p99 ${delay.p99Ms.toFixed(1)} ms, max ${delay.maxMs.toFixed(1)} ms over ${delay.samples} samples, ` +
      `longest GC ${delay.longestGcMs.toFixed(1)} ms; slowest /healthz ${slowestHealthzMs.toFixed(0)} ms\n`,
  );
}
