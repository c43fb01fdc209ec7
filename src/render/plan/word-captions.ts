/**
 * Word-level captions (spec/extensions.md §4) as pure functions the planner,
 * the composition and the compositor share: when each word of a cue is spoken,
 * how many are spoken at a frame (a cue's look changes only there: at most N + 1
 * looks for N words), and how the wrapped text of a cue divides into its words.
 * Browser-safe.
 */
import { wordsOf } from '../../subtitles/text-wrap';
import type { CueWordMs } from '../../subtitles/subtitle-parser';
import type { PlanCueWord, PlanSubtitleCue } from './render-plan.types';

/**
 * A cue's time split over its words in proportion to their characters (CJK:
 * each character is a word), the words cut as `word` wrapping cuts them.
 */
export function splitCueTime(text: string, startMs: number, endMs: number, language: string): CueWordMs[] {
  const words = wordsOf(text, language);
  const total = words.reduce((sum, w) => sum + w.length, 0);
  let before = 0;
  return words.map((w) => {
    const startsAt = startMs + ((endMs - startMs) * before) / total;
    before += w.length;
    return { text: w.text, startMs: startsAt };
  });
}

/** How many of the cue's words are spoken at `frame`: 0 before the first, all of them from the last one's start. */
export function spokenWordCount(words: readonly PlanCueWord[], frame: number): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (words[mid].fromFrame <= frame) low = mid + 1;
    else high = mid;
  }
  return low;
}

export type WordState = 'spoken' | 'active' | 'unspoken';

/**
 * Each word's state at `frame`: not yet spoken, being spoken (every word that
 * started last: words given one start are spoken, and highlighted, together),
 * or spoken before.
 */
export function wordStates(words: readonly PlanCueWord[], frame: number): WordState[] {
  const spoken = spokenWordCount(words, frame);
  const latest = spoken === 0 ? null : words[spoken - 1].fromFrame;
  return words.map((word, index) => (index >= spoken ? 'unspoken' : word.fromFrame === latest ? 'active' : 'spoken'));
}

/** The frames inside the cue at which its look changes (a word starts), in order, once each. */
export function wordChangeFrames(cue: PlanSubtitleCue): number[] {
  const end = cue.fromFrame + cue.durationInFrames;
  const frames: number[] = [];
  for (const word of cue.words ?? []) {
    if (word.fromFrame > cue.fromFrame && word.fromFrame < end && frames[frames.length - 1] !== word.fromFrame) frames.push(word.fromFrame);
  }
  return frames;
}

/** A piece of a cue's text: part of word `word`, or what lies between words (white space, line breaks). */
export interface CueRun {
  text: string;
  word: number | null;
}

const SPACE = /\s/u;

/**
 * The cue's (wrapped) text cut into runs: each word takes as many characters
 * other than white space as its own text has, so line breaks the wrapping put
 * inside a word part it into runs of the same word, never shift later words.
 * Text after the last word is a run of no word.
 */
export function cueRuns(text: string, words: readonly PlanCueWord[]): CueRun[] {
  const runs: CueRun[] = [];
  const push = (piece: string, word: number | null): void => {
    if (piece === '') return;
    const last = runs[runs.length - 1];
    if (last !== undefined && last.word === word) last.text += piece;
    else runs.push({ text: piece, word });
  };
  const chars = Array.from(text);
  let at = 0;
  for (const [index, word] of words.entries()) {
    let left = Array.from(word.text).filter((ch) => !SPACE.test(ch)).length;
    while (at < chars.length && left > 0) {
      const ch = chars[at++];
      if (SPACE.test(ch)) push(ch, null);
      else {
        push(ch, index);
        left--;
      }
    }
  }
  push(chars.slice(at).join(''), null);
  return runs;
}
