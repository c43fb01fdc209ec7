/**
 * A still slot of the compositor as ffmpeg reads it: its shots as a concat
 * list of PNGs on the plan's frame grid, and the part of the canvas they draw on.
 */
import { basename } from 'node:path';
import type { PixelBox } from '../rgba-png';
import type { CompositePlan } from './composite-plan';

/** The smallest box holding both (either may be nothing). */
export function union(a: PixelBox | null, b: PixelBox | null): PixelBox | null {
  if (a === null) return b;
  if (b === null) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The concat list of a still slot: each segment's shot (or the blank one) for its duration, on the plan's frame grid. */
export function ffconcat(segments: CompositePlan['slots'][number] & { kind: 'stills' }, shotFiles: string[], blank: string, fps: number): string {
  const lines = ['ffconcat version 1.0'];
  // Read at the plan's rate, each picture's timestamps fall on frame boundaries (the default 1/25 s grid shifts cuts).
  const rate = `option framerate ${Math.round(fps * 1000)}/1000`;
  let last = '';
  for (const segment of segments.segments) {
    last = basename(segment.shot === null ? blank : shotFiles[segment.shot]);
    lines.push(`file '${last}'`, rate, `duration ${(segment.durationInFrames / fps).toFixed(9)}`);
  }
  // The demuxer ignores the last entry's duration; naming the picture again makes it last to the end.
  lines.push(`file '${last}'`, rate);
  return `${lines.join('\n')}\n`;
}
