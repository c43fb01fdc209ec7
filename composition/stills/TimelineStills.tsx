import { AbsoluteFill, useCurrentFrame, useVideoConfig } from 'remotion';
import type { TimelineProps } from '../plan-schema';
import { usePlanFonts } from '../subtitles/use-plan-fonts';
import { TextBlock, TextBox } from '../timeline/TextLayer';
import { Timeline } from '../Timeline';
import type { StillSheetProps } from './still-sheet-schema';
import type { StillShot } from '../../src/render/compositor/composite-plan';
import { type WordState, wordStates } from '../../src/render/plan/word-captions';

function activeAt(item: { fromFrame: number; durationInFrames: number }, frame: number): boolean {
  return frame >= item.fromFrame && frame < item.fromFrame + item.durationInFrames;
}

const ALWAYS = { fromFrame: 0, durationInFrames: Infinity };

/** Where a word's start is put in a shot, by its state at the shot's frame: the sheet's frames are 0 and up. */
const SHOT_WORD_START: Record<WordState, number> = { spoken: -Infinity, active: 0, unspoken: Infinity };

/**
 * The plan's subtitle layers that have cues in `refs` ([layer, cue] in plan order), with just those cues, shown
 * throughout; a cue's words as they stand at the shot's `frame` (spoken ones from always, the ones being spoken
 * from the sheet's first frame, so they stay the last started, the others never).
 */
function shotSubtitles(subtitles: TimelineProps['subtitles'], refs: Array<[number, number]>, frame: number): TimelineProps['subtitles'] {
  const out: TimelineProps['subtitles'] = [];
  for (const [s, c] of refs) {
    const layer = subtitles[s];
    if (out[out.length - 1]?.id !== layer.id) out.push({ ...layer, cues: [] });
    const cue = layer.cues[c];
    const states = wordStates(cue.words ?? [], frame);
    const words = cue.words?.map((w, i) => ({ ...w, fromFrame: SHOT_WORD_START[states[i]] }));
    out[out.length - 1].cues.push({ ...cue, ...ALWAYS, ...(words && { words }) });
  }
  return out;
}

/**
 * The still mode of `Timeline`, for the compositor: frame i of this
 * composition is shot i, the plan as it stands at the shot's frame with only
 * the shot's text layers and cues, on a transparent page. Video and image
 * layers, audio and the background colour are left out: ffmpeg draws those. What is shown
 * at the shot's frame is made to last through this composition's frames
 * (Remotion's `<Freeze>` leaves sequences that start after frame 0 hidden), and
 * everything is drawn by the same `Timeline`, so fonts, CSS, wrapping and
 * presets are the ones Studio previews. The shot names what to draw, so a shot
 * costs what it shows, not every cue of the plan. A moving text layer is drawn
 * alone, for ffmpeg to fade and move (text-shapes.ts). The page drawing the
 * sheets stays open between tasks (still-page.ts): each sheet mounts afresh.
 */
export const TimelineStills: React.FC<StillSheetProps> = ({ sheet, plan, shots }) => <SheetShot key={sheet} plan={plan} shots={shots} />;

const SheetShot: React.FC<Omit<StillSheetProps, 'sheet'>> = ({ plan, shots }) => {
  const shot = shots[useCurrentFrame()];
  if (shot === undefined) return null;
  if (shot.text !== undefined) return <TextAlone plan={plan} frame={shot.frame} layerIndex={shot.layers.from} text={shot.text} />;
  const stillPlan: TimelineProps = {
    ...plan,
    backgroundColor: 'transparent',
    audio: [],
    layers: plan.layers
      .slice(shot.layers.from, shot.layers.to)
      .filter((layer) => activeAt(layer, shot.frame))
      .map((layer) => ({ ...layer, ...ALWAYS })),
    subtitles: shotSubtitles(plan.subtitles, shot.cues, shot.frame),
  };
  return <Timeline {...stillPlan} />;
};

const TextAlone: React.FC<{ plan: TimelineProps; frame: number; layerIndex: number; text: NonNullable<StillShot['text']> }> = ({
  plan,
  frame,
  layerIndex,
  text,
}) => {
  usePlanFonts(plan.fonts);
  const { width, height } = useVideoConfig();
  const layer = plan.layers[layerIndex];
  if (layer.kind !== 'text') throw new Error(`layer ${layer.id} is not a text layer`);
  return (
    <AbsoluteFill style={{ overflow: 'hidden' }}>
      {text === 'box' ? (
        <TextBox layer={layer} canvas={{ width, height }} />
      ) : (
        <TextBlock layer={layer} timelineFrame={frame} canvas={{ width, height }} shift={text.shift} />
      )}
    </AbsoluteFill>
  );
};
