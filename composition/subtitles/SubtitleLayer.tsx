import { useCurrentFrame } from 'remotion';
import type { PlanSubtitleCue, PlanSubtitleLayer } from '../../src/render/plan/render-plan.types';
import { cueRuns, wordStates } from '../../src/render/plan/word-captions';
import { type BlockText, SubtitleText, type WordPiece } from './subtitle-text';

function activeCues(layer: PlanSubtitleLayer, frame: number): PlanSubtitleCue[] {
  return layer.cues.filter((c) => frame >= c.fromFrame && frame < c.fromFrame + c.durationInFrames);
}

/** Text of the cues active at `frame` (overlapping cues stack in start order), or null. */
export function activeCueText(layer: PlanSubtitleLayer, frame: number): string | null {
  const active = activeCues(layer, frame);
  return active.length === 0 ? null : active.map((c) => c.text).join('\n');
}

/** The pieces of a cue's text at `frame`: each word spoken, being spoken (those started last) or not yet. */
export function wordPieces(cue: PlanSubtitleCue, frame: number): WordPiece[] {
  const words = cue.words ?? [];
  const states = wordStates(words, frame);
  return cueRuns(cue.text, words).map(({ text, word }) => ({ text, word: word === null ? null : states[word] }));
}

/** What the layer shows at `frame`: its active cues' text, as word pieces when the layer has word-level captions; null when none. */
export function layerText(layer: PlanSubtitleLayer, frame: number): BlockText | null {
  const active = activeCues(layer, frame);
  if (active.length === 0) return null;
  if (layer.words === undefined) return active.map((c) => c.text).join('\n');
  const pieces = active.flatMap((cue, index) => [...(index > 0 ? [{ text: '\n', word: null }] : []), ...wordPieces(cue, frame)]);
  return { pieces, captions: layer.words };
}

/** Draws the cue(s) of a subtitle layer that are on screen at the current frame. */
export const SubtitleLayer: React.FC<{ layer: PlanSubtitleLayer }> = ({ layer }) => {
  const frame = useCurrentFrame();
  const text = layerText(layer, frame);
  if (text === null) return null;
  const language = layer.style.wrapping.language;
  return <SubtitleText style={layer.style} text={text} lang={language === 'auto' ? undefined : language} />;
};
