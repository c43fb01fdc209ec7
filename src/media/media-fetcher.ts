import { networkFailureText } from '../network/network-failure';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { RenderFailure } from '../common/render-failure';
import { guardedRequest, NetworkTimeoutError, RedirectRefusedError } from '../network/guarded-http';
import { BlockedAddressError, type SsrfGuard } from '../network/ssrf-guard';
import { invalidUtf8 } from '../subtitles/subtitle-parser';
import { DownloadSlots } from './download-slots';
import type { DownloadBudget } from './download-budget';
import { type MediaProbe, ProbeError, probeMedia } from './ffprobe';
import { type CacheMeta, MediaCache } from './media-cache';
import { downloadFailed, HttpStatusError, invalidFormat, retryAfterSeconds, subtitleTooLarge, tooLarge, checkPixels } from './media-failures';
import { mediaExtension, subtitleExtension } from './media-extension';
import type { SampleMedia } from './sample-media';

export type MediaExpectation = 'visual' | 'audio' | 'subtitle';

export interface FetchedMedia {
  path: string;
  kind: 'video' | 'image' | 'audio' | 'subtitle';
  probe: MediaProbe | null;
  fromCache: boolean;
}

export interface MediaFetcherOptions {
  guard: SsrfGuard;
  /** Private to the worker: never served, swept after `cacheTtlMs`. */
  cacheDir: string;
  maxBytes: number;
  /** Largest picture of a video or image: a small PNG can hold 16000 x 16000 pixels, gigabytes once decoded. */
  maxPixels: number;
  /** Subtitle files are parsed in memory: they get a much smaller cap (MAX_SUBTITLE_BYTES). */
  maxSubtitleBytes: number;
  /** Whole download of one attempt, headers and body. */
  timeoutMs: number;
  parallelDownloads: number;
  /** Extra attempts after a transient failure (network error, timeout, 408/425/429/5xx). */
  retries?: number;
  retryBaseDelayMs?: number;
  cacheTtlMs?: number;
  /** A server's Retry-After longer than this ends the retries at once. */
  maxRetryWaitMs?: number;
  /** Extra certificate authority to trust (self-signed test servers). */
  ca?: string | Buffer;
  /** Told the bytes each download received (complete or not; never for cache hits), for /metrics. */
  onDownloaded?: (bytes: number) => void;
  /** The service's own sample URLs, copied from disk instead of downloaded (the guard never sees them). */
  samples?: SampleMedia;
}

export interface FetchRequest {
  url: string;
  expect: MediaExpectation;
  destDir: string;
  /** Stops the fetch. Abort without a RenderFailure as the reason: a task sharing the download must not fail with it. */
  signal?: AbortSignal;
  /** The task's total across its media, charged as the bytes arrive: the download stops where it runs out. */
  budget?: DownloadBudget;
  /** Whose task it is: waiting downloads take turns between accounts (without one, they share a turn). */
  account?: string;
}

interface Obtained {
  key: string;
  meta: CacheMeta;
  fromCache: boolean;
}

/** One failed attempt, and whether trying again could help. */
interface AttemptError {
  failure: RenderFailure;
  transient: boolean;
  waitMs: number;
}

const HOUR_MS = 3_600_000;
const MAX_REDIRECTS = 5;
const TRANSIENT_STATUS = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

/** How big a download may grow, and what the task is told when it grows past that; `budget`: the task's, shared by its media. */
interface SizeLimit {
  maxBytes: number;
  refuse(url: string): RenderFailure;
  budget: DownloadBudget | undefined;
}

/** Who waits for a download: the task's abort, its account's turn for a slot, its size limit. */
interface Requester {
  signal: AbortSignal | undefined;
  account: string;
  limit: SizeLimit;
}

/** One URL to bring into the cache under `key`; `validators`: the fresh copy's, to revalidate it instead. */
interface CacheFill {
  key: string;
  url: string;
  validators: CacheMeta | null;
  limit: SizeLimit;
}

/** The refusal when `added` more bytes of `url`, `total` in all, pass the file's limit or what is left of the task's budget. */
function sizeRefusal(limit: SizeLimit, url: string, total: number, added: number): RenderFailure | null {
  if (total > limit.maxBytes) return limit.refuse(url);
  if (limit.budget && added > limit.budget.remaining()) return limit.budget.refusal(url);
  return null;
}

/** Charges `added` more bytes of `url` to the task's budget, or throws the refusal (see sizeRefusal). */
function admit(limit: SizeLimit, url: string, total: number, added: number): void {
  const refusal = sizeRefusal(limit, url, total, added);
  if (refusal) throw refusal;
  limit.budget?.charge(url, added);
}

/** `work`, or a rejection with the signal's reason as soon as `signal` aborts (the work itself goes on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function checkUtf8Text(path: string): Promise<string | null> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let sawText = false;
  try {
    for await (const chunk of createReadStream(path)) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text.includes('\0')) return 'binary content (NUL bytes) in a subtitle file';
      sawText ||= text.trim().length > 0;
    }
    decoder.decode();
  } catch {
    // Only subtitle-sized files get here (MAX_SUBTITLE_BYTES): read whole, to name where they break.
    const invalid = invalidUtf8(await readFile(path));
    return `a subtitle file must be UTF-8 text${invalid === null ? '' : `: line ${invalid.line}: ${invalid.message}`}`;
  }
  return sawText ? null : 'the subtitle file is empty';
}

/**
 * Downloads media URLs for renders through the SSRF guard, with size and time
 * limits, bounded parallelism shared by turns between accounts, retries of
 * transient failures, and a private one-hour cache shared by the tasks of this
 * worker. The service's own sample URLs (sample-media.ts) are copied from disk
 * instead. Every failure is a RenderFailure with the spec's code; an abort
 * through `signal` is rethrown as is.
 */
export class MediaFetcher {
  private readonly slots: DownloadSlots;
  private readonly inFlight = new Map<string, Promise<Obtained>>();
  private readonly retries: number;
  private readonly retryBaseDelayMs: number;
  private readonly cacheTtlMs: number;
  private readonly maxRetryWaitMs: number;
  private readonly cache: MediaCache;

  constructor(private readonly opts: MediaFetcherOptions) {
    this.cache = new MediaCache(opts.cacheDir);
    this.slots = new DownloadSlots(opts.parallelDownloads);
    this.retries = opts.retries ?? 3;
    this.retryBaseDelayMs = opts.retryBaseDelayMs ?? 1000;
    this.cacheTtlMs = opts.cacheTtlMs ?? HOUR_MS;
    this.maxRetryWaitMs = opts.maxRetryWaitMs ?? 30_000;
  }

  async fetch(req: FetchRequest): Promise<FetchedMedia> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw downloadFailed(req.url, `media URL ${JSON.stringify(req.url)} is not a valid URL`, false, null, null);
    }
    const limit: SizeLimit =
      req.expect === 'subtitle'
        ? {
            maxBytes: Math.min(this.opts.maxSubtitleBytes, this.opts.maxBytes),
            refuse: (u) => subtitleTooLarge(u, this.opts.maxSubtitleBytes),
            budget: req.budget,
          }
        : { maxBytes: this.opts.maxBytes, refuse: (u) => tooLarge(u, this.opts.maxBytes), budget: req.budget };
    const sample = this.opts.samples?.sampleFileFor(req.url) ?? null;
    const { key, meta, fromCache } = await this.obtain(url.href, sample, { signal: req.signal, account: req.account ?? '', limit });
    // What this fetch downloaded was counted as it arrived; a copy it found (cached, or another task's download) counts here.
    if (fromCache) admit(limit, req.url, meta.sizeBytes, meta.sizeBytes);
    const placed = await this.classify(key, meta, req, url);
    return { ...placed, fromCache };
  }

  /** Deletes cache entries older than the TTL and leftovers of interrupted downloads; returns files removed. */
  async sweepCache(now: Date = new Date()): Promise<number> {
    return this.cache.sweep(now.getTime() - this.cacheTtlMs, now.getTime(), (key) => this.inFlight.has(key));
  }

  /** `sample`: the file on disk when `url` is one of the service's sample URLs. */
  private obtain(url: string, sample: string | null, requester: Requester): Promise<Obtained> {
    const key = createHash('sha256').update(url).digest('hex');
    const running = this.inFlight.get(key);
    if (running) {
      // Share the download; if it was aborted by its own task, this task still wants the file.
      const shared = running.then(
        (result) => ({ ...result, fromCache: true }),
        (error: unknown) => {
          if (error instanceof RenderFailure || requester.signal?.aborted) throw error;
          return this.obtain(url, sample, requester);
        },
      );
      return requester.signal ? untilAborted(shared, requester.signal) : shared;
    }
    const work = this.obtainUnshared(key, url, sample, requester).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private async obtainUnshared(key: string, url: string, sample: string | null, requester: Requester): Promise<Obtained> {
    const { signal, limit } = requester;
    const cached = await this.cache.readMeta(key);
    const fresh = cached !== null && Date.now() - cached.fetchedAt < this.cacheTtlMs && (await this.cache.dataExists(key));
    if (fresh && !cached.etag && !cached.lastModified) return { key, meta: cached, fromCache: true };
    try {
      const fill: CacheFill = { key, url, validators: fresh ? cached : null, limit };
      const meta = sample !== null ? await this.copySample(fill, sample) : await this.downloadWithRetries(fill, requester);
      return meta === 'not-modified' && fresh ? { key, meta: cached, fromCache: true } : { key, meta: meta as CacheMeta, fromCache: false };
    } catch (error) {
      // A revalidation that cannot reach the server still has a copy younger than the TTL.
      if (fresh && error instanceof RenderFailure && error.code === 'MEDIA_DOWNLOAD_FAILED' && !signal?.aborted) {
        return { key, meta: cached, fromCache: true };
      }
      throw error;
    }
  }

  private async downloadWithRetries(fill: CacheFill, { signal, account }: Requester): Promise<CacheMeta | 'not-modified'> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.slots.run(() => this.downloadOnce(fill, signal), account, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason ?? error;
        const outcome = this.toAttemptError(error, fill.url, attempt);
        if (!outcome.transient || attempt >= this.retries || outcome.waitMs > this.maxRetryWaitMs) throw outcome.failure;
        await sleep(outcome.waitMs, undefined, { signal });
      }
    }
  }

  private toAttemptError(error: unknown, url: string, attempt: number): AttemptError {
    const backoffMs = this.retryBaseDelayMs * 2 ** attempt;
    if (error instanceof HttpStatusError) {
      const failure = downloadFailed(url, `downloading ${url} failed with HTTP ${error.status}`, true, error.status, error.retryAfterSeconds);
      const waitMs = Math.max(backoffMs, (error.retryAfterSeconds ?? 0) * 1000);
      return { failure, transient: TRANSIENT_STATUS(error.status), waitMs };
    }
    if (error instanceof RenderFailure) return { failure: error, transient: false, waitMs: 0 };
    if (error instanceof BlockedAddressError || error instanceof RedirectRefusedError) {
      return { failure: downloadFailed(url, `media URL refused: ${networkFailureText(error)}`, false, null, null), transient: false, waitMs: 0 };
    }
    return { failure: downloadFailed(url, `downloading ${url} failed: ${networkFailureText(error)}`, true, null, null), transient: true, waitMs: backoffMs };
  }

  private async downloadOnce(fill: CacheFill, signal: AbortSignal | undefined): Promise<CacheMeta | 'not-modified'> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    try {
      return await this.download(fill, signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (error) {
      if (timeout.aborted && !signal?.aborted) {
        throw new NetworkTimeoutError('total', fill.url, this.opts.timeoutMs);
      }
      throw error;
    }
  }

  private async download(fill: CacheFill, signal: AbortSignal): Promise<CacheMeta | 'not-modified'> {
    const { key, url, validators, limit } = fill;
    const headers: Record<string, string> = { 'accept-encoding': 'identity', 'user-agent': 'render-service-media-fetcher' };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    const response = await guardedRequest(url, {
      guard: this.opts.guard,
      headers,
      connectTimeoutMs: Math.min(10_000, this.opts.timeoutMs),
      readTimeoutMs: Math.min(30_000, this.opts.timeoutMs),
      maxRedirects: MAX_REDIRECTS,
      signal,
      ca: this.opts.ca,
    });
    if (response.status === 304 && validators) {
      response.body.destroy();
      return 'not-modified';
    }
    if (response.status !== 200) {
      response.body.destroy();
      throw new HttpStatusError(response.status, retryAfterSeconds(response.headers['retry-after'], Date.now()));
    }
    const announced = Number(response.headers['content-length']);
    const refusal = Number.isFinite(announced) ? sizeRefusal(limit, url, announced, announced) : null;
    if (refusal) {
      response.body.destroy();
      throw refusal;
    }
    let received = 0;
    const capped = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        received += chunk.length;
        const refusal = sizeRefusal(limit, url, received, chunk.length);
        if (refusal === null) limit.budget?.charge(url, chunk.length);
        done(refusal, chunk);
      },
    });
    try {
      await this.cache.storeData(key, (partPath) => pipeline(response.body, capped, createWriteStream(partPath, { mode: 0o600 })));
    } finally {
      this.opts.onDownloaded?.(received);
    }
    const meta: CacheMeta = {
      url,
      fetchedAt: Date.now(),
      sizeBytes: received,
      etag: typeof response.headers.etag === 'string' ? response.headers.etag : null,
      lastModified: response.headers['last-modified'] ?? null,
      contentType: response.headers['content-type'] ?? null,
    };
    await this.cache.writeMeta(key, meta);
    return meta;
  }

  /**
   * A sample is a file of this installation: copied into the cache like a
   * download (so probing, placing and the sweep treat it the same), with its
   * size and modification time standing in for HTTP validators. No connection,
   * no retries, and nothing counted as downloaded.
   */
  private async copySample(fill: CacheFill, path: string): Promise<CacheMeta | 'not-modified'> {
    const { key, url, validators, limit } = fill;
    const info = await stat(path).catch(() => {
      // The path stays out of the message: clients read it.
      throw downloadFailed(url, `sample ${url} is missing from this worker's installation`, false, null, null);
    });
    const lastModified = info.mtime.toUTCString();
    if (validators && validators.lastModified === lastModified && validators.sizeBytes === info.size) return 'not-modified';
    admit(limit, url, info.size, info.size);
    await this.cache.storeData(key, (partPath) => copyFile(path, partPath));
    const meta: CacheMeta = { url, fetchedAt: Date.now(), sizeBytes: info.size, etag: null, lastModified };
    await this.cache.writeMeta(key, meta);
    return meta;
  }

  private async classify(key: string, meta: CacheMeta, req: FetchRequest, url: URL): Promise<Omit<FetchedMedia, 'fromCache'>> {
    const source = this.cache.dataPath(key);
    if (req.expect === 'subtitle') {
      if (meta.textError === undefined) {
        meta.textError = await checkUtf8Text(source);
        await this.cache.writeMeta(key, meta);
      }
      if (meta.textError) throw invalidFormat(req.url, meta.textError);
      const path = await this.place(source, req.destDir, key, subtitleExtension(url.pathname, meta.contentType ?? null));
      return { path, kind: 'subtitle', probe: null };
    }
    if (meta.probe === undefined) {
      try {
        meta.probe = await probeMedia(source);
      } catch (error) {
        meta.probe = null;
        meta.probeError = error instanceof Error ? error.message : String(error);
      }
      await this.cache.writeMeta(key, meta);
    }
    const probe = meta.probe;
    // ffprobe's words name the cache file's absolute path: the log has them, the client the fixed reason.
    if (!probe) throw invalidFormat(req.url, 'the file could not be decoded', new ProbeError(meta.probeError ?? 'unknown format'));
    const kind = req.expect === 'audio' ? (probe.audio ? 'audio' : null) : probe.video ? (probe.isStillImage ? 'image' : 'video') : null;
    if (!kind) {
      throw invalidFormat(req.url, req.expect === 'audio' ? 'the file has no audio stream' : 'the file is neither a video nor an image');
    }
    if (kind !== 'audio') checkPixels(req.url, probe.video, this.opts.maxPixels);
    const path = await this.place(source, req.destDir, key, mediaExtension(probe));
    return { path, kind, probe };
  }

  /** Hard link when possible (same file system, no copy); the cache file itself is never handed out. */
  private async place(source: string, destDir: string, key: string, extension: string): Promise<string> {
    await mkdir(destDir, { recursive: true });
    const target = join(destDir, `${key.slice(0, 24)}${extension}`);
    await unlink(target).catch(() => undefined);
    try {
      await link(source, target);
    } catch {
      await copyFile(source, target);
    }
    return target;
  }
}
