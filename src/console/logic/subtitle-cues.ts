/**
 * The cue times of an SRT or WebVTT file, for drawing them as ticks on the
 * console's time ruler. Lenient on purpose, unlike the worker's parser
 * (src/subtitles/subtitle-parser.ts): a tick that is missing costs nothing,
 * while the render itself reports a broken file with its line.
 */
export interface CueSpan {
  startMs: number;
  endMs: number;
}

const TIME = String.raw`(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[,.](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s+-->\s+${TIME}`);

function ms(hours: string | undefined, minutes: string, seconds: string, fraction: string): number {
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(fraction.padEnd(3, '0'));
}

/** Cue times in file order, from milliseconds after the clip's start; lines that are not timings are skipped. */
export function cueSpans(text: string): CueSpan[] {
  const spans: CueSpan[] = [];
  for (const line of text.split(/\r\n|\n|\r/)) {
    const match = TIMING.exec(line);
    if (!match) continue;
    const startMs = ms(match[1], match[2], match[3], match[4]);
    const endMs = ms(match[5], match[6], match[7], match[8]);
    if (endMs > startMs) spans.push({ startMs, endMs });
  }
  return spans;
}
