/**
 * Frame ranges of a chunked render: a long timeline is cut into ranges of
 * about `chunkSeconds`, rendered apart (by any worker) and joined. Pure.
 */

/** Frames `from` (first) up to `to` (excluded) of the timeline. */
export interface FrameRange {
  from: number;
  to: number;
}

/**
 * The timeline's frames in `ceil(total / chunk)` ranges of (nearly) equal length, in order,
 * covering every frame once: a 31 s timeline with 15 s chunks is three ranges of about 10.3 s,
 * not two of 15 s and a 1 s tail whose fixed cost would be wasted.
 */
export function chunkRanges(totalFrames: number, fps: number, chunkSeconds: number): FrameRange[] {
  const perChunk = Math.max(1, Math.round(chunkSeconds * fps));
  const count = Math.max(1, Math.ceil(totalFrames / perChunk));
  const ranges: FrameRange[] = [];
  for (let i = 0; i < count; i++) {
    ranges.push({ from: Math.floor((totalFrames * i) / count), to: Math.floor((totalFrames * (i + 1)) / count) });
  }
  return ranges;
}
