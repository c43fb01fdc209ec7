/**
 * The word-level caption timeline the integration and e2e tests render, at 30
 * fps: four subtitle clips of 1.5 s, each its own case, and how to read them
 * back from the frames: which word shows in the highlight colour at each frame,
 * and the frames where that is not the word being spoken.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { centroidOf, type Frame, type Rgb } from './render-fixtures';

/** Each clip's start and the timeline frame at which each of its words starts (the cue ends at `end`). */
export const CAPTION_CASES = {
  /** WebVTT inline timestamps, highlight. */
  vtt: { startMs: 0, words: [0, 15, 30], end: 45 },
  /** A Whisper-shaped JSON transcript, highlight. */
  json: { startMs: 1_500, words: [45, 57, 72], end: 90 },
  /** WebVTT inline timestamps, reveal. */
  reveal: { startMs: 3_000, words: [90, 108, 120], end: 135 },
  /** A Chinese SRT cue, split per character. */
  cjk: { startMs: 4_500, words: [135, 144, 153, 162], end: 171 },
} as const;
export const CAPTION_TIMELINE_MS = 6_000;
export const HIGHLIGHT = '#00FF00';

export const green = ([r, g, b]: Rgb): boolean => g > 150 && r < 110 && b < 110;
export const white = ([r, g, b]: Rgb): boolean => Math.min(r, g, b) > 170;

/** Writes the cases' files into `dir`, the transcript as `transcriptName`; gives each case's file name. */
export function writeCaptionFiles(dir: string, transcriptName: string): Record<keyof typeof CAPTION_CASES, string> {
  writeFileSync(join(dir, 'timed.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.500\nONE <00:00.500>TWO <00:01.000>SIX\n');
  const word = (w: string, start: number, end: number) => ({ word: ` ${w}`, start, end });
  const segment = { id: 0, start: 0, end: 1.5, text: ' ONE TWO SIX', words: [word('ONE', 0, 0.4), word('TWO', 0.4, 0.9), word('SIX', 0.9, 1.5)] };
  writeFileSync(join(dir, transcriptName), JSON.stringify({ text: segment.text, segments: [segment], language: 'en' }));
  writeFileSync(join(dir, 'reveal.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.500\nONE <00:00.600>TWO <00:01.000>SIX\n');
  writeFileSync(join(dir, 'chinese.srt'), '1\n00:00:00,000 --> 00:00:01,200\n你好世界\n');
  return { vtt: 'timed.vtt', json: transcriptName, reveal: 'reveal.vtt', cjk: 'chinese.srt' };
}

/** A cue as the test planned it: the frame at which each of its words starts, and the frame it ends. */
export interface TimedCue {
  words: readonly number[];
  end: number;
}

/** The word (index) each frame of the cue shows in `colour`: the nearest of the centroids measured mid-word; null where none shows. */
function colouredWords(frames: Frame[], cue: TimedCue, colour: (rgb: Rgb) => boolean): Array<number | null> {
  const bounds = [...cue.words, cue.end];
  const middles = cue.words.map((from, i) => centroidOf(frames[Math.floor((from + bounds[i + 1]) / 2)], colour)?.x ?? NaN);
  const out: Array<number | null> = [];
  for (let f = cue.words[0]; f < cue.end; f++) {
    const x = centroidOf(frames[f], colour)?.x;
    out.push(x === undefined ? null : middles.reduce((best, m, i) => (Math.abs(m - x) < Math.abs(middles[best] - x) ? i : best), 0));
  }
  return out;
}

/**
 * Frames of the cue whose word in `colour` is not the one being spoken; within a frame of a word's time either
 * neighbour passes (the contract's ±1 frame).
 */
export function framesOffWord(frames: Frame[], cue: TimedCue, colour: (rgb: Rgb) => boolean): number[] {
  const shown = colouredWords(frames, cue, colour);
  const wrong: number[] = [];
  for (let f = cue.words[0]; f < cue.end; f++) {
    const spoken = cue.words.filter((from) => from <= f).length - 1;
    const nearChange = cue.words.some((from, i) => i > 0 && Math.abs(f - from) <= 1);
    const seen = shown[f - cue.words[0]];
    if (seen !== spoken && !(nearChange && seen !== null && Math.abs(seen - spoken) <= 1)) wrong.push(f);
  }
  return wrong;
}
