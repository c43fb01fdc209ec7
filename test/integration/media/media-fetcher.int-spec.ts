import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DownloadBudget } from '../../../src/media/download-budget';
import { MediaFetcher, type MediaFetcherOptions } from '../../../src/media/media-fetcher';
import { SampleMedia } from '../../../src/media/sample-media';
import { SsrfGuard } from '../../../src/network/ssrf-guard';
import { present } from '../../support/present';
import { makeMediaFixtures, renderFailure, TestServer } from './test-server';

describe('MediaFetcher against a real HTTP server', () => {
  let work: string;
  let fixtures: { mp4: string; png: string; wav: string };
  let server: TestServer;
  let caseNo = 0;
  const allowLoopback = new SsrfGuard(['127.0.0.1']);

  const fetcher = (overrides: Partial<MediaFetcherOptions> = {}) =>
    new MediaFetcher({
      guard: allowLoopback,
      cacheDir: join(work, `cache-${(caseNo += 1)}`),
      maxBytes: 1_000_000,
      maxPixels: 50_000_000,
      maxSubtitleBytes: 100_000,
      timeoutMs: 5_000,
      parallelDownloads: 4,
      retries: 2,
      retryBaseDelayMs: 10,
      ...overrides,
    });
  const dest = () => join(work, `task-${(caseNo += 1)}`);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'media-fetcher-'));
    fixtures = makeMediaFixtures(work);
    server = await new TestServer().start();
  });
  afterAll(async () => {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  });

  describe('accepted media, judged by content', () => {
    it('takes an MP4 as a video clip and places it in the task directory', async () => {
      server.serveFile('/clip', fixtures.mp4, { 'content-type': 'text/plain' });
      const destDir = dest();
      const media = await fetcher().fetch({ url: server.url('/clip'), expect: 'visual', destDir });
      expect(media.kind).toBe('video');
      expect(media.fromCache).toBe(false);
      expect(media.path.startsWith(destDir)).toBe(true);
      expect(media.path.endsWith('.mp4')).toBe(true);
      expect(readFileSync(media.path).equals(readFileSync(fixtures.mp4))).toBe(true);
      expect(media.probe?.video).toMatchObject({ codec: 'h264', width: 64, height: 48 });
    });

    it('takes a PNG named .mp4 as an image', async () => {
      server.serveFile('/looks-like.mp4', fixtures.png, { 'content-type': 'video/mp4' });
      const media = await fetcher().fetch({ url: server.url('/looks-like.mp4'), expect: 'visual', destDir: dest() });
      expect(media.kind).toBe('image');
      expect(media.path.endsWith('.png')).toBe(true);
      expect(media.probe).toMatchObject({ isStillImage: true, video: { width: 40, height: 30 } });
    });

    it('takes a WAV and the audio of an MP4 for an audio track', async () => {
      server.serveFile('/tone', fixtures.wav);
      const f = fetcher();
      const wav = await f.fetch({ url: server.url('/tone'), expect: 'audio', destDir: dest() });
      expect(wav).toMatchObject({ kind: 'audio', probe: { video: null, audio: { codec: 'pcm_s16le' } } });
      const mp4 = await f.fetch({ url: server.url('/clip'), expect: 'audio', destDir: dest() });
      expect(mp4.kind).toBe('audio');
    });

    it('takes UTF-8 subtitles without probing them and keeps a known extension', async () => {
      const srt = '1\n00:00:00,000 --> 00:00:01,000\n你好，世界\n';
      server.routes.set('/subs.srt', (_req, res) => res.end(srt));
      const media = await fetcher().fetch({ url: server.url('/subs.srt'), expect: 'subtitle', destDir: dest() });
      expect(media).toMatchObject({ kind: 'subtitle', probe: null });
      expect(media.path.endsWith('.srt')).toBe(true);
      expect(readFileSync(media.path, 'utf8')).toBe(srt);
    });
  });

  describe('INVALID_MEDIA_FORMAT', () => {
    it('for bytes that are not media, whatever the extension', async () => {
      server.routes.set('/fake.mp4', (_req, res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.alloc(4096, 0x5a)));
      const error = await renderFailure(fetcher().fetch({ url: server.url('/fake.mp4'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({ code: 'INVALID_MEDIA_FORMAT', retryPossible: false });
      expect(error.details.media_url).toBe(server.url('/fake.mp4'));
    });

    it('for audio-only media on a visual track and an image on an audio track', async () => {
      const f = fetcher();
      const onVisual = await renderFailure(f.fetch({ url: server.url('/tone'), expect: 'visual', destDir: dest() }));
      expect(onVisual.code).toBe('INVALID_MEDIA_FORMAT');
      server.serveFile('/still', fixtures.png);
      const onAudio = await renderFailure(f.fetch({ url: server.url('/still'), expect: 'audio', destDir: dest() }));
      expect(onAudio.code).toBe('INVALID_MEDIA_FORMAT');
      expect(onAudio.message).toMatch(/no audio stream/);
    });

    it('for subtitles with NUL bytes or that are not UTF-8', async () => {
      server.routes.set('/nul.srt', (_req, res) => res.end(Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nhi\0there\n')));
      server.routes.set('/latin1.srt', (_req, res) => res.end(Buffer.from('1\n00:00:00,000 --> 00:00:01,000\ncaf\xe9\n', 'latin1')));
      const f = fetcher();
      const messages = [];
      for (const path of ['/nul.srt', '/latin1.srt']) {
        const error = await renderFailure(f.fetch({ url: server.url(path), expect: 'subtitle', destDir: dest() }));
        expect(error).toMatchObject({ code: 'INVALID_MEDIA_FORMAT', retryPossible: false });
        messages.push(error.message);
      }
      // The first bad byte named by its line, as the parser would (docs/subtitles.md).
      expect(messages[1]).toMatch(/must be UTF-8 text: line 3: byte 0xe9 at offset 35 is not valid UTF-8/);
    });

    it('for a subtitle file over MAX_SUBTITLE_BYTES, stopping the download there, even when a video fetch cached it', async () => {
      let sent = 0;
      server.routes.set('/huge.srt', (_req, res) => {
        // No length announced: the fetcher must count and stop at the subtitle cap, not at the media cap.
        const chunk = Buffer.alloc(10_000, 0x0a);
        const pump = () => {
          while (sent < 20_000_000) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      });
      const f = fetcher();
      const error = await renderFailure(f.fetch({ url: server.url('/huge.srt'), expect: 'subtitle', destDir: dest() }));
      expect(error).toMatchObject({ code: 'INVALID_MEDIA_FORMAT', retryPossible: false, details: { max_bytes: 100_000 } });
      expect(error.message).toMatch(/MAX_SUBTITLE_BYTES/);
      expect(sent).toBeLessThan(20_000_000);
      // Downloaded (and cached) under the media cap for a video track, then named as subtitles: still refused.
      server.routes.set('/clip-then-subs', (_req, res) => res.end(Buffer.alloc(200_000, 0x41)));
      await renderFailure(f.fetch({ url: server.url('/clip-then-subs'), expect: 'visual', destDir: dest() }));
      const cached = await renderFailure(f.fetch({ url: server.url('/clip-then-subs'), expect: 'subtitle', destDir: dest() }));
      expect(cached.message).toMatch(/MAX_SUBTITLE_BYTES/);
    });
  });

  describe('FILE_TOO_LARGE', () => {
    it('as soon as Content-Length announces too much', async () => {
      let bodyWritten = false;
      server.routes.set('/big-announced', (_req, res) => {
        res.writeHead(200, { 'content-length': '5000000' });
        res.write(Buffer.alloc(1000));
        // The rest would come later; a fetcher that waits for it would hang here.
        setTimeout(() => {
          bodyWritten = true;
          res.end(Buffer.alloc(4_999_000));
        }, 2000).unref();
      });
      const started = Date.now();
      const error = await renderFailure(fetcher().fetch({ url: server.url('/big-announced'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', retryPossible: false });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(bodyWritten).toBe(false);
    });

    it('for a picture of more pixels than MEDIA_MAX_PIXELS, whatever its bytes (a small PNG can hold 16000 x 16000)', async () => {
      server.serveFile('/many-pixels', fixtures.mp4);
      // The fixture is 64 x 48 = 3,072 pixels.
      const error = await renderFailure(fetcher({ maxPixels: 3_071 }).fetch({ url: server.url('/many-pixels'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({
        code: 'FILE_TOO_LARGE',
        retryPossible: false,
        message: `media file at ${server.url('/many-pixels')} is 64x48 pixels, more than the limit of 3071 pixels (MEDIA_MAX_PIXELS)`,
        details: { width: 64, height: 48, max_pixels: 3_071 },
      });
      const media = await fetcher({ maxPixels: 3_072 }).fetch({ url: server.url('/many-pixels'), expect: 'visual', destDir: dest() });
      expect(media.kind).toBe('video');
    });

    it('while streaming when no length was announced, leaving no partial file', async () => {
      server.routes.set('/big-chunked', (_req, res) => {
        res.writeHead(200);
        for (let i = 0; i < 30; i += 1) res.write(Buffer.alloc(50_000, 1));
        res.end();
      });
      const cacheDir = join(work, 'cache-stream-limit');
      const error = await renderFailure(fetcher({ cacheDir, maxBytes: 200_000 }).fetch({ url: server.url('/big-chunked'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', details: { max_bytes: 200_000 } });
      expect(server.hitCount('/big-chunked')).toBe(1);
      expect(existsSync(cacheDir) ? readdirSync(cacheDir) : []).toEqual([]);
    });

    it('when the media of a task together pass its budget, stopping the download at what was left', async () => {
      for (const name of ['/part-a', '/part-b']) {
        server.routes.set(name, (_req, res) => {
          res.writeHead(200);
          for (let i = 0; i < 3; i += 1) res.write(Buffer.alloc(50_000, 2));
          res.end();
        });
      }
      const budget = new DownloadBudget(200_000);
      const cacheDir = join(work, 'cache-task-budget');
      const fetch = (path: string) => fetcher({ cacheDir }).fetch({ url: server.url(path), expect: 'visual', destDir: dest(), budget });
      await expect(fetch('/part-a')).rejects.toMatchObject({ code: 'INVALID_MEDIA_FORMAT' });
      expect(budget.remaining()).toBe(50_000);
      const error = await renderFailure(fetch('/part-b'));
      expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', retryPossible: false, details: { max_task_bytes: 200_000 } });
      expect(error.message).toMatch(/MEDIA_TASK_MAX_BYTES/);
    });

    it('charges the budget as the bytes arrive: parallel downloads of one task stop where it runs out, before either ends', async () => {
      let completed = 0;
      for (const name of ['/stream-a', '/stream-b']) {
        server.routes.set(name, (_req, res) => {
          res.writeHead(200);
          let sent = 0;
          const timer = setInterval(() => {
            res.write(Buffer.alloc(10_000, 3));
            sent += 10_000;
            if (sent < 100_000) return;
            clearInterval(timer);
            res.end();
            completed += 1;
          }, 30);
          res.on('close', () => clearInterval(timer));
        });
      }
      const budget = new DownloadBudget(150_000);
      const f = fetcher();
      const errors = await Promise.all(
        ['/stream-a', '/stream-b'].map((path) => renderFailure(f.fetch({ url: server.url(path), expect: 'visual', destDir: dest(), budget }))),
      );
      for (const error of errors) expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', details: { max_task_bytes: 150_000 } });
      expect(completed).toBe(0);
    });
  });

  describe('MEDIA_DOWNLOAD_FAILED', () => {
    it('for a 404, with the status and without pointless retries', async () => {
      const error = await renderFailure(fetcher().fetch({ url: server.url('/missing'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({
        code: 'MEDIA_DOWNLOAD_FAILED',
        retryPossible: true,
        details: { media_url: server.url('/missing'), http_status: 404, retry_after_seconds: null },
      });
      expect(server.hitCount('/missing')).toBe(1);
    });

    it('for a 503 with Retry-After: retried, then reported with retry_after_seconds', async () => {
      server.routes.set('/busy', (_req, res) => res.writeHead(503, { 'retry-after': '1' }).end());
      const started = Date.now();
      const error = await renderFailure(fetcher({ retries: 1 }).fetch({ url: server.url('/busy'), expect: 'visual', destDir: dest() }));
      expect(error.details).toEqual({ media_url: server.url('/busy'), http_status: 503, retry_after_seconds: 1 });
      expect(server.hitCount('/busy')).toBe(2);
      // The retry honoured the server's Retry-After rather than the 10 ms back-off.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    });

    it('recovers when a transient failure clears up within the retries', async () => {
      let calls = 0;
      server.routes.set('/flaky', (req, res) => {
        calls += 1;
        if (calls < 3) res.writeHead(502).end();
        else server.routes.get('/tone')?.(req, res);
      });
      const media = await fetcher({ retries: 2 }).fetch({ url: server.url('/flaky'), expect: 'audio', destDir: dest() });
      expect(media.kind).toBe('audio');
      expect(calls).toBe(3);
    });

    it('when the server sends no headers in time', async () => {
      server.routes.set('/silent', () => undefined);
      const started = Date.now();
      const error = await renderFailure(fetcher({ timeoutMs: 300, retries: 1 }).fetch({ url: server.url('/silent'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', retryPossible: true, details: { http_status: null } });
      expect(error.message).toMatch(/timed out/);
      expect(server.hitCount('/silent')).toBe(2);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('when the body stalls half-way', async () => {
      server.routes.set('/stall', (_req, res) => {
        res.writeHead(200, { 'content-length': '100000' });
        res.write(Buffer.alloc(1000));
      });
      const error = await renderFailure(fetcher({ timeoutMs: 300, retries: 0 }).fetch({ url: server.url('/stall'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', details: { http_status: null } });
    });
  });

  describe('refused addresses (MEDIA_DOWNLOAD_FAILED, not retryable)', () => {
    const strict = new SsrfGuard([]);

    it.each(['localhost', '2130706433', '0x7f000001', '127.1', '[::ffff:127.0.0.1]'])(
      'refuses http://%s:port without the allow-list and never connects',
      async (host) => {
        server.serveFile('/secret', fixtures.png);
        const url = `http://${host}:${server.port}/secret`;
        const error = await renderFailure(fetcher({ guard: strict }).fetch({ url, expect: 'visual', destDir: dest() }));
        expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', retryPossible: false, details: { http_status: null } });
        expect(error.message).toMatch(/not allowed/);
        expect(server.hitCount('/secret')).toBe(0);
      },
    );

    it.each([
      ['metadata service', 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback', 'http://[::1]:1/'],
    ])('refuses a redirect from an allowed host to the %s', async (_name, target) => {
      server.routes.set('/hop', (_req, res) => res.writeHead(302, { location: target }).end());
      const error = await renderFailure(fetcher().fetch({ url: server.url('/hop'), expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', retryPossible: false });
      expect(error.message).toMatch(/not allowed/);
    });

    it('refuses other schemes', async () => {
      const error = await renderFailure(fetcher().fetch({ url: 'file:///etc/passwd', expect: 'subtitle', destDir: dest() }));
      expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', retryPossible: false });
    });

    it('follows up to 5 redirects, then stops', async () => {
      for (let i = 0; i < 6; i += 1) {
        server.routes.set(`/r${i}`, (_req, res) => res.writeHead(301, { location: `/r${i + 1}` }).end());
      }
      server.serveFile('/r6', fixtures.png);
      const f = fetcher();
      const fiveHops = await f.fetch({ url: server.url('/r1'), expect: 'visual', destDir: dest() });
      expect(fiveHops.kind).toBe('image');
      const sixHops = await renderFailure(f.fetch({ url: server.url('/r0'), expect: 'visual', destDir: dest() }));
      expect(sixHops).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', details: { http_status: 301 } });
    });
  });

  describe('input cache', () => {
    it('reuses a download for the next task without contacting the server', async () => {
      server.serveFile('/cached', fixtures.mp4);
      const f = fetcher();
      const first = await f.fetch({ url: server.url('/cached'), expect: 'visual', destDir: dest() });
      const second = await f.fetch({ url: server.url('/cached'), expect: 'visual', destDir: dest() });
      expect(first.fromCache).toBe(false);
      expect(second).toMatchObject({ fromCache: true, kind: 'video' });
      expect(second.path).not.toBe(first.path);
      expect(readFileSync(second.path).equals(readFileSync(fixtures.mp4))).toBe(true);
      expect(server.hitCount('/cached')).toBe(1);
    });

    it('revalidates an entry that has an ETag and downloads again when it changed', async () => {
      let etag = '"v1"';
      let bodiesSent = 0;
      const png = readFileSync(fixtures.png);
      const wav = readFileSync(fixtures.wav);
      server.routes.set('/tagged', (req, res) => {
        if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
        bodiesSent += 1;
        res.writeHead(200, { etag }).end(etag === '"v1"' ? png : wav);
      });
      const f = fetcher();
      await f.fetch({ url: server.url('/tagged'), expect: 'visual', destDir: dest() });
      const again = await f.fetch({ url: server.url('/tagged'), expect: 'visual', destDir: dest() });
      expect(again).toMatchObject({ fromCache: true, kind: 'image' });
      expect(bodiesSent).toBe(1);
      etag = '"v2"';
      const changed = await f.fetch({ url: server.url('/tagged'), expect: 'audio', destDir: dest() });
      expect(changed).toMatchObject({ fromCache: false, kind: 'audio' });
      expect(bodiesSent).toBe(2);
    });

    it('shares one download between tasks asking at the same time', async () => {
      server.serveFile('/shared', fixtures.wav);
      const f = fetcher();
      const results = await Promise.all([1, 2, 3].map(() => f.fetch({ url: server.url('/shared'), expect: 'audio', destDir: dest() })));
      expect(results.map((r) => r.kind)).toEqual(['audio', 'audio', 'audio']);
      expect(server.hitCount('/shared')).toBe(1);
    });

    it("stops a task's wait for another task's download when it is aborted, and survives the other task's abort", async () => {
      const wav = readFileSync(fixtures.wav);
      const slowly = (path: string) =>
        server.routes.set(path, (_req, res) => {
          res.writeHead(200, { 'content-length': String(wav.length) });
          const pieces = [0, 1, 2, 3, 4].map((i) => wav.subarray((i * wav.length) / 5, ((i + 1) * wav.length) / 5));
          const timer = setInterval(() => (pieces.length > 1 ? res.write(pieces.shift()) : (clearInterval(timer), res.end(pieces.shift()))), 250);
          res.on('close', () => clearInterval(timer));
        });
      const f = fetcher();
      const fetchAs = (path: string, account: string, abort: AbortController) =>
        f.fetch({ url: server.url(path), expect: 'audio', destDir: dest(), signal: abort.signal, account });
      const settled: string[] = [];

      slowly('/shared-slow');
      const [owner, sharer] = [new AbortController(), new AbortController()];
      const owned = fetchAs('/shared-slow', 'a', owner).then((media) => settled.push(`owner got ${media.kind}`));
      const shared = fetchAs('/shared-slow', 'b', sharer).catch((error: Error) => settled.push(`sharer stopped: ${error.name}`));
      setTimeout(() => sharer.abort(), 100);
      await Promise.all([owned, shared]);
      expect(settled).toEqual(['sharer stopped: AbortError', 'owner got audio']);
      expect(server.hitCount('/shared-slow')).toBe(1);

      // The task that started the download is aborted: the other one still wants the file and downloads it itself.
      slowly('/shared-slow-2');
      const [owner2, sharer2] = [new AbortController(), new AbortController()];
      const aborted = fetchAs('/shared-slow-2', 'a', owner2);
      const survivor = fetchAs('/shared-slow-2', 'b', sharer2);
      setTimeout(() => owner2.abort(), 100);
      await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
      expect((await survivor).kind).toBe('audio');
      expect(server.hitCount('/shared-slow-2')).toBe(2);
    });

    it('forgets entries after the TTL: the sweep deletes them and the next task downloads again', async () => {
      server.serveFile('/swept', fixtures.png);
      const cacheDir = join(work, 'cache-sweep');
      const f = fetcher({ cacheDir });
      const placed = await f.fetch({ url: server.url('/swept'), expect: 'visual', destDir: dest() });
      expect(await f.sweepCache(new Date(Date.now() + 59 * 60_000))).toBe(0);
      expect(await f.sweepCache(new Date(Date.now() + 61 * 60_000))).toBe(2);
      expect(readdirSync(cacheDir)).toEqual([]);
      // The task's own copy survives: it is a separate link, not the cache entry.
      expect(existsSync(placed.path)).toBe(true);
      const again = await f.fetch({ url: server.url('/swept'), expect: 'visual', destDir: dest() });
      expect(again.fromCache).toBe(false);
      expect(server.hitCount('/swept')).toBe(2);
    });
  });

  it('runs at most `parallelDownloads` downloads at once', async () => {
    const wav = readFileSync(fixtures.wav);
    for (let i = 0; i < 5; i += 1) {
      server.routes.set(`/slow${i}`, (_req, res) => setTimeout(() => res.end(wav), 150));
    }
    server.maxActive = 0;
    const f = fetcher({ parallelDownloads: 2 });
    await Promise.all([0, 1, 2, 3, 4].map((i) => f.fetch({ url: server.url(`/slow${i}`), expect: 'audio', destDir: dest() })));
    expect(server.maxActive).toBe(2);
  });

  describe("the service's own sample URLs", () => {
    // The service's public origin is this test server's: a network fetch of a sample would reach it and be counted.
    let samples: SampleMedia;
    const strict = new SsrfGuard([]);
    beforeAll(() => {
      samples = new SampleMedia(server.url(''));
    });

    it('reads a sample from disk, probes it as usual and caches it, with a guard that refuses everything loopback', async () => {
      const url = samples.urlOf('testcard-640x360.mp4');
      const path = new URL(url).pathname;
      // Different bytes on the wire: only a read from disk gives the sample file.
      server.serveFile(path, fixtures.mp4);
      const downloaded: number[] = [];
      const f = fetcher({ guard: strict, samples, onDownloaded: (bytes) => downloaded.push(bytes) });
      const first = await f.fetch({ url, expect: 'visual', destDir: dest() });
      expect(first).toMatchObject({ kind: 'video', fromCache: false, probe: { video: { width: 640, height: 360 } } });
      expect(first.probe?.audio).toBeTruthy();
      expect(readFileSync(first.path).equals(readFileSync(present(samples.sampleFileFor(url), `the sample file of ${url}`)))).toBe(true);
      const again = await f.fetch({ url, expect: 'audio', destDir: dest() });
      expect([again.kind, again.fromCache]).toEqual(['audio', true]);
      const subtitle = await f.fetch({ url: samples.urlOf('captions-zh.srt'), expect: 'subtitle', destDir: dest() });
      expect(readFileSync(subtitle.path, 'utf8')).toContain('示例视频');
      expect(server.hitCount(path)).toBe(0);
      expect(server.hitCount('/samples/captions-zh.srt')).toBe(0);
      expect(downloaded).toEqual([]);
    });

    it('keeps the size limits and the task budget', async () => {
      const url = samples.urlOf('testcard-640x360.mp4');
      const error = await renderFailure(fetcher({ guard: strict, samples, maxBytes: 10_000 }).fetch({ url, expect: 'visual', destDir: dest() }));
      expect(error).toMatchObject({ code: 'FILE_TOO_LARGE' });
      const budget = new DownloadBudget(1_000_000);
      await fetcher({ guard: strict, samples }).fetch({ url, expect: 'visual', destDir: dest(), budget });
      expect(budget.remaining()).toBe(1_000_000 - readFileSync(present(samples.sampleFileFor(url), `the sample file of ${url}`)).length);
    });

    it.each(['/samples/unknown.mp4', '/samples/../v3/models', '/samples/tone.mp3?v=2'])(
      'fetches any other URL of that origin through the guard (%s: refused, never connected)',
      async (path) => {
        const url = server.url(path);
        const error = await renderFailure(fetcher({ guard: strict, samples }).fetch({ url, expect: 'visual', destDir: dest() }));
        expect(error).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', retryPossible: false });
        expect(error.message).toMatch(/not allowed/);
        expect(server.hitCount(new URL(url).pathname)).toBe(0);
      },
    );
  });
});
