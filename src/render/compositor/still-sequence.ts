/**
 * A still slot of the compositor as ffmpeg reads it: its shots as a concat
 * list of PNGs on the plan's frame grid, and the part of the canvas they draw on.
 */
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type PixelBox, visibleBounds } from '../rgba-png';
import type { StillSegment } from './composite-plan';

/** The smallest box holding both (either may be nothing). */
export function union(a: PixelBox | null, b: PixelBox | null): PixelBox | null {
  if (a === null) return b;
  if (b === null) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The concat list of a still slot (or a moving text layer): each segment's shot (or the blank one) for its duration, on the plan's frame grid. */
export function ffconcat(segments: StillSegment[], shotFiles: string[], blank: string, fps: number): string {
  const lines = ['ffconcat version 1.0'];
  // Read at the plan's rate, each picture's timestamps fall on frame boundaries (the default 1/25 s grid shifts cuts).
  const rate = `option framerate ${Math.round(fps * 1000)}/1000`;
  let last = '';
  for (const segment of segments) {
    last = basename(segment.shot === null ? blank : shotFiles[segment.shot]);
    lines.push(`file '${last}'`, rate, `duration ${(segment.durationInFrames / fps).toFixed(9)}`);
  }
  // The demuxer ignores the last entry's duration; naming the picture again makes it last to the end.
  lines.push(`file '${last}'`, rate);
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the concat list of `segments` (shots by index into `files`) as `name` in the files' directory (the list
 * names them by base name); gives the input options that read it and the part of the canvas its pictures draw on
 * (`bounds`, by shot), or null when they draw nothing.
 */
export async function stillSequence(
  segments: StillSegment[],
  files: string[],
  bounds: Array<PixelBox | null>,
  blank: string,
  fps: number,
  name: string,
): Promise<{ inputArgs: string[]; box: PixelBox } | null> {
  const box = segments.reduce<PixelBox | null>((acc, s) => (s.shot === null ? acc : union(acc, bounds[s.shot])), null);
  if (box === null) return null;
  const listPath = join(dirname(files[0] ?? blank), name);
  await fs.writeFile(listPath, ffconcat(segments, files, blank, fps));
  // Our own list of our own PNGs: the concat demuxer may open files, but only local ones.
  return { inputArgs: ['-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file', '-i', `file:${listPath}`], box };
}

/** The visible bounds of each of the PNG `files`, read one at a time: an hour of subtitles is thousands of files. */
export async function boundsOf(files: string[]): Promise<Array<PixelBox | null>> {
  const bounds: Array<PixelBox | null> = [];
  for (const file of files) bounds.push(await visibleBounds(await fs.readFile(file)));
  return bounds;
}
