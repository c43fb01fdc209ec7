/** Time on the plan's frame grid: every engine and builder rounds the same way. */

/** A float tolerance so 1000/30-style products that land a hair above an integer do not skip a frame. */
const FRAME_EPSILON = 1e-6;

/** Total frames: the output file's length, rounded to the nearest frame (never 0). */
export function timelineFrames(durationMs: number, fps: number): number {
  return Math.max(1, Math.round((durationMs * fps) / 1000));
}

/**
 * The first frame whose timestamp (frame / fps) is at or after `ms`. A clip covers
 * exactly the frames whose timestamps lie in [start, end), so a clip shorter than
 * a frame still shows if a frame's timestamp falls inside it.
 */
export function firstFrameAtOrAfter(ms: number, fps: number): number {
  return Math.max(0, Math.ceil((ms * fps) / 1000 - FRAME_EPSILON));
}

export function msToFrameCount(ms: number, fps: number): number {
  return Math.max(0, Math.round((ms * fps) / 1000));
}
