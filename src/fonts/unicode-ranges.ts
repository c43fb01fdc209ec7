/** Sorted, non-overlapping inclusive code point ranges. */
export type CodePointRanges = ReadonlyArray<readonly [number, number]>;

function normalise(ranges: Array<[number, number]>): CodePointRanges {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function hex(text: string, what: string): number {
  if (!/^[0-9a-f]{1,6}$/i.test(text)) throw new Error(`bad code point "${text}" in ${what}`);
  return parseInt(text, 16);
}

/** Parses a CSS `unicode-range` value (`U+4e00-9fff,U+3001,U+30??`). */
export function parseUnicodeRange(css: string): CodePointRanges {
  const ranges: Array<[number, number]> = [];
  for (const raw of css.split(',')) {
    const part = raw.trim().replace(/^u\+/i, '');
    if (part === '') continue;
    if (part.includes('?')) {
      ranges.push([hex(part.replace(/\?/g, '0'), css), hex(part.replace(/\?/g, 'f'), css)]);
    } else {
      const [from, to] = part.split('-');
      ranges.push([hex(from, css), hex(to ?? from, css)]);
    }
  }
  return normalise(ranges);
}

/** Parses fontconfig's charset notation (`20-7e a0-17f 192`), as fc-query prints it. */
export function parseFcCharset(charset: string): CodePointRanges {
  const ranges: Array<[number, number]> = [];
  for (const part of charset.trim().split(/\s+/)) {
    if (part === '') continue;
    const [from, to] = part.split('-');
    ranges.push([hex(from, 'charset'), hex(to ?? from, 'charset')]);
  }
  return normalise(ranges);
}

export function rangesContain(ranges: CodePointRanges, cp: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = ranges[mid];
    if (cp < from) hi = mid - 1;
    else if (cp > to) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * The distinct code points of `text` that need a glyph: controls and plain
 * spaces are left out because every font (or none) draws them the same.
 */
export function glyphCodePoints(text: string): Set<number> {
  const out = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp <= 0x20 || (cp >= 0x7f && cp <= 0x9f)) continue;
    out.add(cp);
  }
  return out;
}
