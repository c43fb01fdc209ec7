import { RenderFailure } from '../common/render-failure';

/**
 * The bytes one task may download across all its media (MEDIA_TASK_MAX_BYTES).
 * Each file has MEDIA_MAX_BYTES of its own; without a total, a timeline of
 * MAX_CLIPS large files could fill the worker's disk. The file count is
 * bounded already: one file per clip, at most MAX_CLIPS. The task's downloads
 * run in parallel and share it: each is charged as its bytes arrive.
 */
export class DownloadBudget {
  private spent = 0;

  constructor(readonly maxBytes: number) {}

  /** What is left for the task's downloads. */
  remaining(): number {
    return Math.max(0, this.maxBytes - this.spent);
  }

  /** Counts `bytes` more of `url` (as they arrive, or a whole cached file); throws, counting nothing, when they do not fit. */
  charge(url: string, bytes: number): void {
    if (bytes > this.remaining()) throw this.refusal(url);
    this.spent += bytes;
  }

  refusal(url: string): RenderFailure {
    return new RenderFailure(
      'FILE_TOO_LARGE',
      `the task's media add up to more than the ${this.maxBytes} bytes one task may download (MEDIA_TASK_MAX_BYTES); stopped at ${url}`,
      false,
      { media_url: url, max_task_bytes: this.maxBytes },
      'Use fewer, smaller or more compressed media files',
    );
  }
}
