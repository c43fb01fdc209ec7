import { detectTextLanguage, fontFacesFor } from '../../fonts/font-catalogue';
import { firstFrameAtOrAfter } from './frames';
import type { PlanFontFace, PlanSubtitleCue, PlanSubtitleLayer } from './render-plan.types';
import type { ClipInput, SubtitleClipProperties } from '../../tasks/task-input.types';
import type { SubtitleCueMs } from '../../subtitles/subtitle-parser';
import { type Canvas, maxCharsFor, resolveSubtitleStyle, subtitleFontKey } from './subtitle-style';
import { wrapText } from '../../subtitles/text-wrap';

export interface BuildSubtitleLayerArgs {
  /** `<track id>/<clip id>`. */
  id: string;
  clip: ClipInput;
  /** Cues as parsed, relative to the clip's start. */
  cues: SubtitleCueMs[];
  fps: number;
  canvas: Canvas;
  timelineFrames: number;
}

/**
 * Cues on the timeline: shifted by the clip start, cut at the clip end and the
 * timeline end, empty ones dropped. A cue covers the frames whose timestamps lie
 * in [start, end), the same rule the plan builder applies to clips.
 */
function placeCues(args: BuildSubtitleLayerArgs): PlanSubtitleCue[] {
  const { clip, fps, timelineFrames } = args;
  const clipEndFrame = Math.min(firstFrameAtOrAfter(clip.end_time_ms, fps), timelineFrames);
  const placed: PlanSubtitleCue[] = [];
  for (const cue of args.cues) {
    const text = cue.text.trim();
    if (text === '') continue;
    const fromFrame = firstFrameAtOrAfter(clip.start_time_ms + cue.startMs, fps);
    const endFrame = Math.min(firstFrameAtOrAfter(clip.start_time_ms + cue.endMs, fps), clipEndFrame);
    if (endFrame <= fromFrame) continue;
    placed.push({ fromFrame, durationInFrames: endFrame - fromFrame, text });
  }
  return placed.sort((a, b) => a.fromFrame - b.fromFrame);
}

/**
 * The plan layer of one subtitle clip and the font faces it needs: only the
 * faces (and, for CJK, the unicode-range slices) that its visible text uses.
 */
export function buildSubtitleLayer(args: BuildSubtitleLayerArgs): { layer: PlanSubtitleLayer; fonts: PlanFontFace[] } {
  const props = args.clip.properties as SubtitleClipProperties | undefined;
  const placed = placeCues(args);
  const allText = placed.map((c) => c.text).join('\n');
  const asked = props?.text_wrapping?.language ?? 'auto';
  const language = asked === 'auto' ? (detectTextLanguage(allText) ?? undefined) : asked;
  const style = resolveSubtitleStyle(props, args.canvas, language);
  const { wrapping } = style;
  const cues =
    wrapping.enabled && wrapping.strategy !== 'none'
      ? placed.map((c) => ({
          ...c,
          text: wrapText(c.text, { maxCharsPerLine: maxCharsFor(props, c.text), strategy: wrapping.strategy, language: wrapping.language }),
        }))
      : placed;
  const fonts = cues.length === 0 ? [] : fontFacesFor(subtitleFontKey(props), allText, language);
  return { layer: { id: args.id, cues, style }, fonts };
}
