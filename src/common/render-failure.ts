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
 * as `failed` with a spec error code. Its message is what clients read (task
 * record, `task.failed` webhook, event stream): words of ours, never a tool's
 * output or an exception's text, which go in `cause`, for the worker's log.
 * Anything else thrown becomes a RenderFailure through `asRenderFailure`.
 */
export class RenderFailure extends Error {
  constructor(
    readonly code: RenderErrorCode,
    message: string,
    readonly retryPossible: boolean,
    readonly details: RenderFailureDetails = {},
    readonly suggestedAction?: string,
    cause?: Error,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RenderFailure';
  }
}

/** What clients are told when a step broke on our side: one fixed phrase per step. */
export const INTERNAL_FAILURE_PHRASES = {
  render: 'The render failed',
  browser: 'Drawing the video in the browser failed',
  encoder: 'The video encoder failed',
  thumbnail: 'Making the thumbnail failed',
  preview: 'Making the preview GIF failed',
  storage: 'Storing the output failed',
  sound: 'Measuring the sound of the tracks a clip ducks under failed',
  loudness: 'Normalising the loudness of the output failed',
  crash: 'The render was interrupted by worker crashes',
  chunkCrash: 'A chunk of the render was interrupted by worker crashes or could not begin',
} as const;

export type InternalFailureStep = keyof typeof INTERNAL_FAILURE_PHRASES;

const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));

/**
 * A step that broke on our side (a tool's exit, an exception): its fixed phrase
 * for clients, and what was thrown as the `cause`, which holds stderr, absolute
 * paths and addresses, for the log only. WORKER_CRASHED for the crash steps,
 * else RENDER_FAILED; either may be retried.
 */
export function internalFailure(step: InternalFailureStep, cause: unknown): RenderFailure {
  const code = step === 'crash' || step === 'chunkCrash' ? 'WORKER_CRASHED' : 'RENDER_FAILED';
  return new RenderFailure(code, INTERNAL_FAILURE_PHRASES[step], true, {}, undefined, asError(cause));
}

/** The one place where anything thrown during a render becomes what clients read: a RenderFailure as it is, anything else the fixed phrase. */
export function asRenderFailure(thrown: unknown): RenderFailure {
  return thrown instanceof RenderFailure ? thrown : internalFailure('render', thrown);
}
