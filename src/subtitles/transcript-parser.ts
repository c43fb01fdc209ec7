/**
 * JSON transcripts as speech-to-text tools write them (Whisper and its
 * descendants): `{ "segments": [ { "start", "end", "text", "words": [ { "word",
 * "start", "end" } ] } ] }`, times in seconds; each segment is a cue. Untrusted
 * input like any subtitle file: the size is checked before anything is read, the
 * nesting depth by one cheap scan before JSON.parse (so a deep file never
 * reaches the recursive parser), then every field the renderer reads is
 * type-checked and counted, and the first problem fails the task with
 * INVALID_MEDIA_FORMAT naming its path. Fields it does not read (Whisper writes
 * many: id, seek, tokens, language, …) are ignored. Pure and browser-safe.
 */
import { RenderFailure } from '../common/render-failure';
import { DEFAULT_SUBTITLE_LIMITS, DEFAULT_SUBTITLE_PLAN_LIMITS, type SubtitleLimits } from '../config/subtitle-limits';
import type { CueWordMs, SubtitleCueMs } from './subtitle-parser';

/** The transcript shape is five levels deep (root, segments, segment, words, word); room for a tool's extras. */
export const MAX_TRANSCRIPT_DEPTH = 16;

class TranscriptProblem extends Error {}

/** A `.json` path is a transcript (the worker also goes by the response's content type). */
export function isTranscriptPath(urlOrPath: string): boolean {
  const path = urlOrPath.replace(/[?#].*$/, '');
  return /\.json$/i.test(path);
}

/** Deepest nesting of arrays and objects, stopping as soon as it passes `max`; strings are skipped. */
function depthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function seconds(owner: Record<string, unknown>, key: string, path: string): number {
  const value = owner[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TranscriptProblem(`${path}.${key} is not a number`);
  if (value < 0) throw new TranscriptProblem(`${path}.${key} is negative`);
  return Math.round(value * 1000);
}

function textOf(owner: Record<string, unknown>, key: string, path: string): string {
  const value = owner[key];
  if (typeof value !== 'string') throw new TranscriptProblem(`${path}.${key} is not a string`);
  return value;
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/**
 * The cue's text: the segment's own text when its words are spelled in it in
 * order (white space aside), else the words joined by spaces (none between two
 * CJK characters, which are written without).
 */
function cueText(segmentText: string, words: CueWordMs[]): string {
  const squeezed = (s: string): string => s.replace(/\s+/gu, '');
  if (squeezed(segmentText) === words.map((w) => squeezed(w.text)).join('')) return segmentText.trim();
  let out = '';
  for (const { text } of words) {
    const gap = out !== '' && !(CJK_CHAR.test(out.slice(-1)) && CJK_CHAR.test(text[0])) ? ' ' : '';
    out += gap + text;
  }
  return out;
}

function segmentCue(segment: unknown, path: string, counted: { words: number }, maxWords: number): SubtitleCueMs {
  if (!isObject(segment)) throw new TranscriptProblem(`${path} is not an object`);
  const startMs = seconds(segment, 'start', path);
  const endMs = seconds(segment, 'end', path);
  if (endMs < startMs) throw new TranscriptProblem(`${path}.end is before ${path}.start`);
  const text = segment.text === undefined && segment.words !== undefined ? '' : textOf(segment, 'text', path);
  if (segment.words === undefined) return { startMs, endMs, text: text.trim() };
  if (!Array.isArray(segment.words)) throw new TranscriptProblem(`${path}.words is not an array`);
  counted.words += segment.words.length;
  if (counted.words > maxWords) throw new TranscriptProblem(`the transcript has more than the ${maxWords} words allowed (MAX_TASK_CAPTION_WORDS)`);
  const words: CueWordMs[] = [];
  for (const [index, word] of (segment.words as unknown[]).entries()) {
    const at = `${path}.words[${index}]`;
    if (!isObject(word)) throw new TranscriptProblem(`${at} is not an object`);
    const spelled = textOf(word, 'word', at).trim();
    const before = words[words.length - 1];
    // WhisperX leaves the times out of a word it could not align (a number, a symbol): it is spoken with the word before.
    const wordStart = word.start === undefined ? (before?.startMs ?? startMs) : seconds(word, 'start', at);
    if (word.end !== undefined && seconds(word, 'end', at) < wordStart) throw new TranscriptProblem(`${at}.end is before ${at}.start`);
    if (before !== undefined && wordStart < before.startMs) throw new TranscriptProblem(`${at}.start is before the start of the word before it`);
    if (spelled !== '') words.push({ text: spelled, startMs: wordStart });
  }
  if (words.length === 0) return { startMs, endMs, text: text.trim() };
  return { startMs, endMs, text: cueText(text, words), words };
}

/**
 * Parses a JSON transcript into cues with timed words. Throws RenderFailure
 * INVALID_MEDIA_FORMAT naming the first problem and where it is.
 */
export function parseTranscript(
  content: Uint8Array | string,
  sourceUrl: string,
  limits: SubtitleLimits = DEFAULT_SUBTITLE_LIMITS,
  maxWords: number = DEFAULT_SUBTITLE_PLAN_LIMITS.maxWords,
): SubtitleCueMs[] {
  try {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content).length : content.length;
    if (bytes > limits.maxBytes) throw new TranscriptProblem(`the file is ${bytes} bytes, more than the ${limits.maxBytes} allowed (MAX_SUBTITLE_BYTES)`);
    let text: string;
    try {
      text = typeof content === 'string' ? content : new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      throw new TranscriptProblem('the file is not UTF-8 text');
    }
    if (depthExceeds(text, MAX_TRANSCRIPT_DEPTH)) throw new TranscriptProblem(`arrays and objects nest deeper than ${MAX_TRANSCRIPT_DEPTH} levels`);
    let root: unknown;
    try {
      root = JSON.parse(text.replace(/^\ufeff/, ''));
    } catch {
      // JSON.parse's own words quote the file and change with Node's version: the report says what we choose.
      throw new TranscriptProblem('not valid JSON');
    }
    if (!isObject(root)) throw new TranscriptProblem('the top level is not an object');
    if (!Array.isArray(root.segments)) throw new TranscriptProblem(root.segments === undefined ? 'segments is missing' : 'segments is not an array');
    if (root.segments.length > limits.maxCues) {
      throw new TranscriptProblem(`segments has ${root.segments.length} entries, more than the ${limits.maxCues} cues allowed (MAX_SUBTITLE_CUES)`);
    }
    const counted = { words: 0 };
    return (root.segments as unknown[]).map((segment, index) => segmentCue(segment, `segments[${index}]`, counted, maxWords));
  } catch (err: unknown) {
    if (!(err instanceof TranscriptProblem)) throw err;
    throw new RenderFailure(
      'INVALID_MEDIA_FORMAT',
      `transcript ${sourceUrl}: ${err.message}`,
      false,
      { media_url: sourceUrl },
      'Fix the JSON transcript ({ "segments": [ { "start", "end", "text", "words": [ { "word", "start", "end" } ] } ] }, seconds) and submit the task again.',
    );
  }
}
