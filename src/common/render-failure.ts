import type { RenderErrorCode } from './error-codes';

/** Details of a failed media download, as the spec's `task.failed` shows them. */
export interface RenderFailureDetails {
  media_url?: string;
  http_status?: number | null;
  retry_after_seconds?: number | null;
  [key: string]: unknown;
}

/**
 * Thrown by any part of a render (download, plan, render, upload) to end the task
 * as `failed` with a spec error code. Anything else thrown is a `RENDER_FAILED`.
 */
export class RenderFailure extends Error {
  constructor(
    readonly code: RenderErrorCode,
    message: string,
    readonly retryPossible: boolean,
    readonly details: RenderFailureDetails = {},
    readonly suggestedAction?: string,
  ) {
    super(message);
    this.name = 'RenderFailure';
  }
}
