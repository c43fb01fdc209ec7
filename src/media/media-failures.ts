/**
 * The RenderFailures the media fetcher reports, with the spec's codes, and the
 * HTTP answers it reads them from.
 */
import { RenderFailure } from '../common/render-failure';

export function downloadFailed(url: string, message: string, retry: boolean, status: number | null, retryAfter: number | null): RenderFailure {
  return new RenderFailure(
    'MEDIA_DOWNLOAD_FAILED',
    message,
    retry,
    { media_url: url, http_status: status, retry_after_seconds: retryAfter },
    retry ? 'Check that the URL is reachable and retry the task' : 'Use a public http(s) URL the service may reach',
  );
}

/** The task's media were not all downloaded within MEDIA_DOWNLOAD_TIMEOUT_MS; `url`: the first of the `unfinished` ones. */
export function downloadsTimedOut(url: string, unfinished: number, timeoutMs: number): RenderFailure {
  const message = `the task's media did not all download within ${timeoutMs} ms (MEDIA_DOWNLOAD_TIMEOUT_MS): ${unfinished} file(s) unfinished, among them ${url}`;
  return downloadFailed(url, message, true, null, null);
}

// A file the service will not use fails the task whatever the retries (retry: false), with what to change.

export function subtitleTooLarge(url: string, maxBytes: number): RenderFailure {
  const message = `subtitle file at ${url} is larger than the subtitle limit of ${maxBytes} bytes (MAX_SUBTITLE_BYTES)`;
  return new RenderFailure(
    'INVALID_MEDIA_FORMAT',
    message,
    false,
    { media_url: url, max_bytes: maxBytes },
    'Split the subtitles into several files or shorten them',
  );
}

export function tooLarge(url: string, maxBytes: number): RenderFailure {
  const message = `media file at ${url} is larger than the limit of ${maxBytes} bytes`;
  return new RenderFailure('FILE_TOO_LARGE', message, false, { media_url: url, max_bytes: maxBytes }, 'Use a smaller or more compressed file');
}

/** Throws FILE_TOO_LARGE for a picture of more than `maxPixels` (MEDIA_MAX_PIXELS). */
export function checkPixels(url: string, picture: { width: number; height: number } | null, maxPixels: number): void {
  if (picture === null || picture.width * picture.height <= maxPixels) return;
  const message = `media file at ${url} is ${picture.width}x${picture.height} pixels, more than the limit of ${maxPixels} pixels (MEDIA_MAX_PIXELS)`;
  const details = { media_url: url, width: picture.width, height: picture.height, max_pixels: maxPixels };
  throw new RenderFailure('FILE_TOO_LARGE', message, false, details, 'Use a smaller picture (scale it down before uploading)');
}

/** `reason`: words of ours for clients; `cause`: what a tool said, for the log. */
export function invalidFormat(url: string, reason: string, cause?: Error): RenderFailure {
  const message = `media file at ${url} is not usable: ${reason}`;
  return new RenderFailure(
    'INVALID_MEDIA_FORMAT',
    message,
    false,
    { media_url: url, reason },
    'Use a supported video, image, audio or UTF-8 subtitle file',
    cause,
  );
}

/** An answer other than 200 (or 304 to a revalidation), with its Retry-After in seconds. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterSeconds: number | null,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Retry-After as seconds from `now`: either form the header may take (seconds, or an HTTP date). */
export function retryAfterSeconds(header: string | undefined, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
