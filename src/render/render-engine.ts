/**
 * What the worker asks of a renderer, whichever engine draws: a render plan in,
 * a finished video file out. Both engines (Remotion's full capture and the
 * compositor) implement it; nothing upstream of the plan knows which ran.
 */
import type { RenderEngineName } from '../config/app-config';
import type { ResolvedOutput } from '../task-input/task-input.types';
import type { FrameRange } from './plan/frame-range';
import type { RenderPlan } from './plan/render-plan.types';
import type { PreviewPaths } from './video-previews';

export interface RenderVideoArgs {
  plan: RenderPlan;
  output: ResolvedOutput;
  outPath: string;
  /** Fraction 0–1, never decreasing. */
  onProgress: (fraction: number) => void;
  /** Aborting stops the render (RenderCancelled) and removes what it wrote. */
  signal?: AbortSignal;
  /** Whole-render limit; past it the render stops with PROCESSING_TIMEOUT. */
  timeoutMs?: number;
  /** Where the thumbnail and preview GIF go, for an engine that makes them in the same run (see `previewsMade`). */
  previews?: PreviewPaths;
  /**
   * A chunk of a chunked render: only these frames of the plan, from 0, silent
   * (the joined file's sound is mixed once for the whole timeline), no previews.
   */
  frames?: FrameRange;
}

export interface RenderVideoResult {
  outPath: string;
  durationInFrames: number;
  engine: RenderEngineName;
  /** Whether the engine wrote `args.previews` too; otherwise the caller cuts them from the video. */
  previewsMade: boolean;
  /** Compositor only: pictures the browser drew, the time that took, and the one ffmpeg run's time. */
  split?: { stills: number; stillsMs: number; compositeMs: number };
}

/** Thrown by a render that stopped because its signal was aborted. */
export class RenderCancelled extends Error {
  constructor(what = 'render') {
    super(`${what} canceled`);
    this.name = 'RenderCancelled';
  }
}

/** How a render's stop was linked to its caller's signal and timeout (see `stopOnAbortOrTimeout`). */
export interface StopLink {
  /** Whether it was the timeout that stopped the render. */
  timedOut(): boolean;
  /** Moves the timeout `ms` later (time that does not count as rendering, such as waiting in a queue). */
  postpone(ms: number): void;
  /** Clears the timer and the listener once the render is over. */
  dispose(): void;
}

/** Calls `stop` when the caller's signal aborts (or already has) or when `timeoutMs` passes, whichever is first. */
export function stopOnAbortOrTimeout(signal: AbortSignal | undefined, timeoutMs: number | undefined, stop: () => void): StopLink {
  let timedOut = false;
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  let deadline = timeoutMs === undefined ? null : Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    if (timer !== null) clearTimeout(timer);
    if (deadline === null) return;
    timer = setTimeout(
      () => {
        timedOut = true;
        stop();
      },
      Math.max(0, deadline - Date.now()),
    );
  };
  arm();
  return {
    timedOut: () => timedOut,
    postpone: (ms) => {
      if (deadline === null || timedOut) return;
      deadline += ms;
      arm();
    },
    dispose: () => {
      if (timer !== null) clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    },
  };
}
