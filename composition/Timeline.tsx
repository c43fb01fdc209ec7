import { AbsoluteFill } from 'remotion';
import type { TimelineProps } from './plan-schema';
import { SubtitleLayer } from './subtitles/SubtitleLayer';
import { usePlanFonts } from './subtitles/use-plan-fonts';
import { AudioLayer } from './timeline/AudioLayer';
import { TextLayer } from './timeline/TextLayer';
import { VisualLayer } from './timeline/VisualLayer';

/**
 * Draws a render plan: media and text layers bottom to top in plan order, subtitles above
 * all of them. Audio layers and video clips' own sound are mixed by Remotion.
 */
export const Timeline: React.FC<TimelineProps> = (plan) => {
  usePlanFonts(plan.fonts);
  return (
    <AbsoluteFill style={{ backgroundColor: plan.backgroundColor, overflow: 'hidden' }}>
      {plan.layers.map((layer) => (layer.kind === 'text' ? <TextLayer key={layer.id} layer={layer} /> : <VisualLayer key={layer.id} layer={layer} />))}
      {plan.audio.map((layer) => (
        <AudioLayer key={layer.id} layer={layer} />
      ))}
      {plan.subtitles.map((layer) => (
        <SubtitleLayer key={layer.id} layer={layer} />
      ))}
    </AbsoluteFill>
  );
};
