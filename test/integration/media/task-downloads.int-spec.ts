/**
 * A task's download phase (prepareRender over a real MediaFetcher and HTTP
 * server): its downloads stop together, at the first failure or at
 * MEDIA_DOWNLOAD_TIMEOUT_MS, and the phase ends only once every connection has.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/app-config';
import { MediaFetcher } from '../../../src/media/media-fetcher';
import { SsrfGuard } from '../../../src/network/ssrf-guard';
import type { TaskEntity } from '../../../src/tasks/task.entity';
import { prepareRender } from '../../../src/worker/render-inputs';
import { makeMediaFixtures, renderFailure, TestServer, trickle } from './test-server';

jest.setTimeout(30_000);

describe('the download phase of a task', () => {
  let work: string;
  let server: TestServer;
  let caseNo = 0;

  /** Prepares a render of `urls` (one video clip each) as the worker does, with MEDIA_DOWNLOAD_TIMEOUT_MS at `timeoutMs`. */
  const prepare = (urls: string[], timeoutMs = 60_000, signal = new AbortController().signal, env: Record<string, string> = {}) => {
    caseNo += 1;
    const config = loadConfig({ MEDIA_DOWNLOAD_TIMEOUT_MS: String(timeoutMs), MEDIA_PARALLEL_DOWNLOADS: '4', ...env });
    const fetcher = new MediaFetcher({
      guard: new SsrfGuard(['127.0.0.1']),
      cacheDir: join(work, `cache-${caseNo}`),
      maxBytes: config.mediaMaxBytes,
      maxPixels: config.mediaMaxPixels,
      maxSubtitleBytes: config.subtitleLimits.maxBytes,
      timeoutMs: config.mediaDownloadTimeoutMs,
      parallelDownloads: config.mediaParallelDownloads,
    });
    const clips = urls.map((url, i) => ({ id: `c${i}`, media_url: url, start_time_ms: i * 100, end_time_ms: (i + 1) * 100 }));
    const task = {
      id: `tsk_${caseNo}`,
      accountId: 'acc',
      timeline: { duration_ms: urls.length * 100, tracks: [{ id: 'v', type: 'video', clips }] },
      outputSettings: { resolution: { width: 160, height: 90 }, framerate: 10 },
    };
    const at = { workDir: join(work, `task-${caseNo}`), baseUrl: 'http://127.0.0.1:1/' };
    return prepareRender({ config, fetcher }, task as unknown as TaskEntity, at, signal, () => undefined);
  };

  let trickleNo = 0;
  /** URLs of `count` media that never finish downloading. */
  const trickling = (count: number) =>
    Array.from({ length: count }, () => {
      const path = `/trickle/${(trickleNo += 1)}.mp4`;
      server.routes.set(path, trickle());
      return server.url(path);
    });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'task-downloads-'));
    server = await new TestServer().start();
  });
  afterAll(async () => {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('fails with the first failure and stops every other download of the task, queued ones included', async () => {
    // The clip whose download starts first answers 404 once the three others that got a slot are trickling.
    let missing = '';
    const clips = Array.from({ length: 21 }, (_, i) => {
      const path = `/first-fails/${i}.mp4`;
      server.routes.set(path, (req, res) => {
        if (missing !== '') return trickle()(req, res);
        missing = server.url(path);
        setTimeout(() => res.writeHead(404).end(), 500);
      });
      return server.url(path);
    });
    const error = await renderFailure(prepare(clips));
    expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', details: { media_url: missing, http_status: 404 } });
    await server.allClosed(5_000);
    // The 404 and three trickles held the four slots; the 17 queued behind them never connected.
    expect(clips.reduce((sum, url) => sum + server.hitCount(new URL(url).pathname), 0)).toBe(4);
  });

  it('fails MEDIA_DOWNLOAD_FAILED naming MEDIA_DOWNLOAD_TIMEOUT_MS when the media take longer, and stops them', async () => {
    const clips = trickling(6);
    const started = Date.now();
    const error = await renderFailure(prepare(clips, 1_500));
    expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', retryPossible: true, details: { media_url: clips[0], http_status: null } });
    expect(error.message).toMatch(/within 1500 ms \(MEDIA_DOWNLOAD_TIMEOUT_MS\): 6 file\(s\) unfinished/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await server.allClosed(1_000);
  });

  it('fetches a file that several clips name once: one request, one charge to the task budget, one path', async () => {
    const { mp4 } = makeMediaFixtures(mkdtempSync(join(work, 'fixtures-')));
    server.serveFile('/shared.mp4', mp4, { 'content-type': 'video/mp4' });
    const url = server.url('/shared.mp4');
    // Room for the file twice, not three times: three charges would fail the task FILE_TOO_LARGE.
    const plan = await prepare([url, url, url], 60_000, undefined, { MEDIA_TASK_MAX_BYTES: String(2 * statSync(mp4).size) });
    expect(server.hitCount('/shared.mp4')).toBe(1);
    const sources = plan.layers.map((layer) => ('src' in layer ? layer.src : null));
    expect(sources).toHaveLength(3);
    expect(new Set(sources).size).toBe(1);
  });
});
