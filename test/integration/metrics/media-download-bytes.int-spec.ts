import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaFetcher } from '../../../src/media/media-fetcher';
import { SsrfGuard } from '../../../src/network/ssrf-guard';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';

/** What the media fetcher reports for media_download_bytes_total: bytes that came over the network, never cache hits. */
describe('MediaFetcher download byte reports', () => {
  let media: MediaFixtures;
  let work: string;

  beforeAll(async () => {
    media = await startMediaFixtures();
    work = mkdtempSync(join(tmpdir(), 'rs-download-bytes-'));
  });
  afterAll(async () => {
    await media.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('reports each download once with its size, and nothing for a cache hit or a refused URL', async () => {
    const reports: number[] = [];
    const fetcher = new MediaFetcher({
      guard: new SsrfGuard(['127.0.0.1']),
      cacheDir: join(work, 'cache'),
      maxBytes: 10_000_000,
      maxPixels: 50_000_000,
      maxSubtitleBytes: 100_000,
      timeoutMs: 5_000,
      parallelDownloads: 2,
      retries: 0,
      onDownloaded: (bytes) => reports.push(bytes),
    });
    const fetch = (name: string, task: string) => fetcher.fetch({ url: `${media.baseUrl}/${name}`, expect: 'visual', destDir: join(work, task) });

    expect((await fetch('red-320x180.png', 'a')).fromCache).toBe(false);
    expect((await fetch('red-320x180.png', 'b')).fromCache).toBe(true);
    expect((await fetch('yellow-2s.mp4', 'b')).fromCache).toBe(false);
    await expect(fetch('missing.png', 'c')).rejects.toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED' });

    expect(reports).toEqual([statSync(join(media.dir, 'red-320x180.png')).size, statSync(join(media.dir, 'yellow-2s.mp4')).size]);
    expect(media.hits.get('red-320x180.png')).toBe(1);
  });
});
