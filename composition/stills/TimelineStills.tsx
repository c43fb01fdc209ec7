import { useCurrentFrame } from 'remotion';
import type { TimelineProps } from '../plan-schema';
import { Timeline } from '../Timeline';
import type { StillSheetProps } from './still-sheet-schema';

function activeAt(item: { fromFrame: number; durationInFrames: number }, frame: number): boolean {
  return frame >= item.fromFrame && frame < item.fromFrame + item.durationInFrames;
}

/**
 * The still mode of `Timeline`, for the compositor: frame i of this
 * composition is shot i, the plan as it stands at the shot's frame with only
 * the shot's image layers and (if asked) its subtitles, on a transparent page.
 * Video layers, audio and the background colour are left out: ffmpeg draws
 * those. What is shown at the shot's frame is made to last through this
 * composition's frames (Remotion's `<Freeze>` leaves sequences that start
 * after frame 0 hidden), and everything is drawn by the same `Timeline`, so
 * fonts, CSS, wrapping and presets are the ones Studio previews.
 */
export const TimelineStills: React.FC<StillSheetProps> = ({ plan, shots }) => {
  const shot = shots[useCurrentFrame()];
  if (shot === undefined) return null;
  const keep = new Set(shot.layerIds);
  const always = { fromFrame: 0, durationInFrames: Infinity };
  const stillPlan: TimelineProps = {
    ...plan,
    backgroundColor: 'transparent',
    audio: [],
    layers: plan.layers
      .filter((layer) => layer.kind === 'image' && keep.has(layer.id) && activeAt(layer, shot.frame))
      .map((layer) => ({ ...layer, ...always, blendMode: shot.blendAsNormal ? 'normal' : layer.blendMode })),
    subtitles: shot.subtitles
      ? plan.subtitles.map((layer) => ({ ...layer, cues: layer.cues.filter((cue) => activeAt(cue, shot.frame)).map((cue) => ({ ...cue, ...always })) }))
      : [],
  };
  return <Timeline {...stillPlan} />;
};
