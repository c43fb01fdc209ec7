import { useCurrentFrame } from 'remotion';
import type { PlanSubtitleLayer } from '../../src/render/plan/render-plan.types';
import { SubtitleText } from './subtitle-text';

/** Text of the cues active at `frame` (overlapping cues stack in start order), or null. */
export function activeCueText(layer: PlanSubtitleLayer, frame: number): string | null {
  const active = layer.cues.filter((c) => frame >= c.fromFrame && frame < c.fromFrame + c.durationInFrames);
  return active.length === 0 ? null : active.map((c) => c.text).join('\n');
}

/** Draws the cue(s) of a subtitle layer that are on screen at the current frame. */
export const SubtitleLayer: React.FC<{ layer: PlanSubtitleLayer }> = ({ layer }) => {
  const frame = useCurrentFrame();
  const text = activeCueText(layer, frame);
  if (text === null) return null;
  const language = layer.style.wrapping.language;
  return <SubtitleText style={layer.style} text={text} lang={language === 'auto' ? undefined : language} />;
};
