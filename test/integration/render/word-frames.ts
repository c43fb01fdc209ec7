/**
 * Reading word-level captions back from rendered frames (integration and e2e):
 * which word shows in the highlight colour at each frame, and the frames where
 * that is not the word being spoken.
 */
import { centroidOf, type Frame, type Rgb } from './render-fixtures';

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
