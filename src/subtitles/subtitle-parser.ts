import { RenderFailure } from '../common/render-failure';
import { DEFAULT_SUBTITLE_LIMITS, type SubtitleLimits } from '../config/subtitle-limits';

/** One cue as written in the file: times in milliseconds from the clip's start. */
export interface SubtitleCueMs {
  startMs: number;
  endMs: number;
  /** Plain text, markup removed, lines joined with `\n`. */
  text: string;
  /**
   * When the file times the cue's words (WebVTT inline timestamps, a JSON transcript): its words in order, whose
   * text without white space spells the cue's text without white space.
   */
  words?: CueWordMs[];
}

/** A timed word (or run of words spoken together): it starts at `startMs` and shows until the cue ends. */
export interface CueWordMs {
  text: string;
  startMs: number;
}

/**
 * Why our own parser and not @remotion/captions' parseSrt or a package from npm:
 * the task must fail with a message that names the offending line, and the
 * parsers we looked at either skip what they do not understand or report no
 * position. Both formats are small enough to parse strictly in one file.
 */
class SyntaxProblem extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

interface Line {
  no: number;
  text: string;
}

const SRT_TIME = String.raw`(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})`;
const SRT_TIMING = new RegExp(String.raw`^${SRT_TIME}[ \t]+-->[ \t]+${SRT_TIME}(?:[ \t].*)?$`);
const VTT_TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const VTT_TIMING = new RegExp(String.raw`^${VTT_TIME}[ \t]+-->[ \t]+${VTT_TIME}(?:[ \t].*)?$`);
// A tag's body stops at the next opener ('<' or '{'): a run of unclosed openers is then scanned
// once, where `[^>]*` rescanned the rest of the line from every opener (quadratic on hostile files).
const MARKUP = /<\/?(?:i|b|u|s|c|v|lang|ruby|rt|font)(?:[.\s][^<>]*)?>|<\d{1,3}(?::\d{2}){1,2}\.\d{3}>|\{\\[^{}]*\}/gi;
/** A WebVTT inline timestamp, `<00:00:01.200>` or `<00:01.200>`: the words after it start then. */
const INLINE_TIMESTAMP = /<(?:(\d{2,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})>/g;
/**
 * The parser is written as generators that pause every SLICE lines or cues, so
 * the worker can parse off-turn (parseSubtitleFileAsync: the event loop runs
 * between slices) with the same code Studio and the samples run at once.
 */
const SLICE = 1_000;
type Steps<T> = Generator<void, T, void>;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': '\u00a0',
  '&lrm;': '\u200e',
  '&rlm;': '\u200f',
  '&quot;': '"',
  '&apos;': "'",
};

/** Offset of the first byte that is not well-formed UTF-8, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const extra = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (extra < 0 || (extra > 0 && i + extra >= bytes.length)) return i;
    for (let k = 1; k <= extra; k += 1) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    // Overlong three/four-byte forms, surrogates and code points above U+10FFFF.
    if (extra === 2 && ((b === 0xe0 && bytes[i + 1] < 0xa0) || (b === 0xed && bytes[i + 1] >= 0xa0))) return i;
    if (extra === 3 && ((b === 0xf0 && bytes[i + 1] < 0x90) || (b === 0xf4 && bytes[i + 1] >= 0x90))) return i;
    i += extra + 1;
  }
  return -1;
}

/** The first byte of `bytes` that breaks UTF-8, named by its line and offset; null when there is none. */
export function invalidUtf8(bytes: Uint8Array): { line: number; message: string } | null {
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return null;
  return {
    line: bytes.subarray(0, bad).filter((b) => b === 0x0a).length + 1,
    message: `byte 0x${bytes[bad].toString(16)} at offset ${bad} is not valid UTF-8`,
  };
}

function decode(content: Uint8Array | string): string {
  if (typeof content === 'string') return content.replace(/^\ufeff/, '');
  if ((content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff)) {
    throw new SyntaxProblem(1, 'the file is UTF-16; only UTF-8 is supported');
  }
  const invalid = invalidUtf8(content);
  if (invalid !== null) throw new SyntaxProblem(invalid.line, invalid.message);
  // TextDecoder drops a leading BOM.
  return new TextDecoder().decode(content);
}

function* toLines(text: string, maxLines: number): Steps<Line[]> {
  const lines: Line[] = [];
  const breaks = /\r\n|\r|\n/g;
  let start = 0;
  for (let m = breaks.exec(text); ; m = breaks.exec(text)) {
    if (lines.length % SLICE === 0) yield;
    if (lines.length === maxLines) {
      throw new SyntaxProblem(maxLines + 1, `the file has more than ${maxLines} lines (MAX_SUBTITLE_LINES)`);
    }
    lines.push({ no: lines.length + 1, text: text.slice(start, m === null ? undefined : m.index) });
    if (m === null) return lines;
    start = m.index + m[0].length;
  }
}

/** Groups lines into blocks separated by blank lines. */
function* blocks(lines: Line[]): Steps<Line[][]> {
  const out: Line[][] = [];
  let current: Line[] = [];
  for (const [index, line] of lines.entries()) {
    if (index % SLICE === 0) yield;
    if (line.text.trim() === '') {
      if (current.length > 0) out.push(current);
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

function ms(h: string | undefined, m: string, s: string, frac: string): number {
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(frac.padEnd(3, '0'));
}

function timing(line: Line, re: RegExp, example: string): { startMs: number; endMs: number } {
  const m = re.exec(line.text.trim());
  if (!m) throw new SyntaxProblem(line.no, `malformed timing line "${clip(line.text)}"; expected "${example}"`);
  const startMs = ms(m[1], m[2], m[3], m[4]);
  const endMs = ms(m[5], m[6], m[7], m[8]);
  if (endMs < startMs) throw new SyntaxProblem(line.no, 'the cue ends before it starts');
  return { startMs, endMs };
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function plain(text: string): string {
  return text.replace(MARKUP, '').replace(/&(?:amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (e) => ENTITIES[e]);
}

function cleanText(lines: Line[]): string {
  return lines
    .map((l) => plain(l.text).trimEnd())
    .join('\n')
    .trim();
}

/**
 * The words of a WebVTT cue with inline timestamps: the text before the first
 * timestamp starts with the cue, the text after each timestamp at it (several
 * words between two timestamps are spoken, and highlighted, together). A
 * timestamp outside the cue or before the one before it is held to them rather
 * than refused: a file plain subtitles always accepted stays accepted. Null when
 * the cue has no timestamp.
 */
function timedWords(lines: Line[], cue: { startMs: number; endMs: number }): CueWordMs[] | null {
  const words: CueWordMs[] = [];
  let startMs = cue.startMs;
  let stamped = false;
  for (const line of lines) {
    let at = 0;
    const add = (end: number): void => {
      const text = plain(line.text.slice(at, end)).trim();
      if (text !== '') words.push({ text, startMs });
    };
    for (const m of line.text.matchAll(INLINE_TIMESTAMP)) {
      add(m.index);
      at = m.index + m[0].length;
      startMs = Math.min(Math.max(ms(m[1], m[2], m[3], m[4]), startMs), cue.endMs);
      stamped = true;
    }
    add(line.text.length);
  }
  return stamped ? words : null;
}

/** Throws as soon as the cue count passes the limit, so an over-long file is not parsed to its end. */
function countCue(cues: SubtitleCueMs[], cue: SubtitleCueMs, maxCues: number, lineNo: number): void {
  if (cues.length === maxCues) {
    throw new SyntaxProblem(lineNo, `the file has more than the ${maxCues} cues allowed (MAX_SUBTITLE_CUES)`);
  }
  cues.push(cue);
}

function* parseSrt(lines: Line[], maxCues: number): Steps<SubtitleCueMs[]> {
  const example = '00:00:01,000 --> 00:00:02,500';
  const cues: SubtitleCueMs[] = [];
  for (const [index, block] of (yield* blocks(lines)).entries()) {
    if (index % SLICE === 0) yield;
    let i = 0;
    if (/^\d+$/.test(block[0].text.trim())) i = 1;
    else if (!block[0].text.includes('-->')) {
      throw new SyntaxProblem(block[0].no, `expected a cue number or a timing line, found "${clip(block[0].text)}"`);
    }
    if (i >= block.length) throw new SyntaxProblem(block[0].no, 'cue number without a timing line');
    const { startMs, endMs } = timing(block[i], SRT_TIMING, example);
    const textLines = block.slice(i + 1);
    const stray = textLines.find((l) => SRT_TIMING.test(l.text.trim()));
    if (stray) throw new SyntaxProblem(stray.no, 'timing line inside cue text (missing blank line before it?)');
    countCue(cues, { startMs, endMs, text: cleanText(textLines) }, maxCues, block[0].no);
  }
  return cues;
}

function* parseVtt(lines: Line[], maxCues: number): Steps<SubtitleCueMs[]> {
  const example = '00:01.000 --> 00:02.500';
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0].text)) {
    throw new SyntaxProblem(1, 'a WebVTT file must start with "WEBVTT"');
  }
  const [header, ...rest] = yield* blocks(lines);
  if (header.some((l) => l.text.includes('-->'))) {
    const l = header.find((h) => h.text.includes('-->')) as Line;
    throw new SyntaxProblem(l.no, 'a blank line must separate the WEBVTT header from the first cue');
  }
  const cues: SubtitleCueMs[] = [];
  for (const [index, block] of rest.entries()) {
    if (index % SLICE === 0) yield;
    const first = block[0].text;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes('-->')) continue;
    const timingAt = first.includes('-->') ? 0 : 1;
    if (timingAt >= block.length) throw new SyntaxProblem(block[0].no, `cue identifier "${clip(first)}" without a timing line`);
    const { startMs, endMs } = timing(block[timingAt], VTT_TIMING, example);
    const textLines = block.slice(timingAt + 1);
    const stray = textLines.find((l) => l.text.includes('-->'));
    if (stray) throw new SyntaxProblem(stray.no, 'cue text may not contain "-->" (missing blank line before a timing line?)');
    const words = timedWords(textLines, { startMs, endMs });
    countCue(cues, { startMs, endMs, text: cleanText(textLines), ...(words && { words }) }, maxCues, block[0].no);
  }
  return cues;
}

function* parseSteps(content: Uint8Array | string, sourceUrl: string, limits: SubtitleLimits): Steps<SubtitleCueMs[]> {
  try {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content).length : content.length;
    if (bytes > limits.maxBytes) {
      throw new SyntaxProblem(1, `the file is ${bytes} bytes, more than the ${limits.maxBytes} allowed (MAX_SUBTITLE_BYTES)`);
    }
    const text = decode(content);
    if (text.trim() === '') throw new SyntaxProblem(1, 'the file is empty');
    const lines = yield* toLines(text, limits.maxLines);
    return /^WEBVTT/.test(lines[0].text) ? yield* parseVtt(lines, limits.maxCues) : yield* parseSrt(lines, limits.maxCues);
  } catch (err: unknown) {
    if (!(err instanceof SyntaxProblem)) throw err;
    throw new RenderFailure(
      'INVALID_MEDIA_FORMAT',
      `subtitle file ${sourceUrl}: line ${err.line}: ${err.message}`,
      false,
      { media_url: sourceUrl },
      'Fix the subtitle file (SRT or WebVTT, UTF-8) and submit the task again.',
    );
  }
}

/**
 * Parses an SRT or WebVTT file (UTF-8 with or without BOM, CRLF or LF),
 * recognised by the `WEBVTT` signature. Throws RenderFailure
 * INVALID_MEDIA_FORMAT naming the first bad line.
 */
export function parseSubtitleFile(content: Uint8Array | string, sourceUrl: string, limits: SubtitleLimits = DEFAULT_SUBTITLE_LIMITS): SubtitleCueMs[] {
  const steps = parseSteps(content, sourceUrl, limits);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** parseSubtitleFile, letting the event loop run between slices: what the worker calls, so a large file never stalls the API beside it. */
export async function parseSubtitleFileAsync(
  content: Uint8Array | string,
  sourceUrl: string,
  limits: SubtitleLimits = DEFAULT_SUBTITLE_LIMITS,
): Promise<SubtitleCueMs[]> {
  const steps = parseSteps(content, sourceUrl, limits);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
