import { detectTextLanguage, fontFacesFor } from '../../fonts/font-catalogue';
import { runSteps, type Steps } from '../../common/steps';
import { firstFrameAtOrAfter } from './frames';
import type { PlanCueWord, PlanFontFace, PlanSubtitleCue, PlanSubtitleLayer, PlanWordCaptions } from './render-plan.types';
import type { ClipInput, SubtitleClipProperties } from '../../task-input/task-input.types';
import type { CueWordMs, SubtitleCueMs } from '../../subtitles/subtitle-parser';
import { DEFAULT_WORDS } from '../../task-input/input-values';
import { splitCueTime } from './word-captions';
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
 * timeline end, empty ones dropped, their text composed (NFC, as drawn text
 * always is: fonts draw Hangul syllables, not the conjoining jamo that
 * decomposed Korean is spelt with). A cue covers the frames whose timestamps lie
 * in [start, end), the same rule the plan builder applies to clips.
 */
function* placeCues(args: BuildSubtitleLayerArgs): Steps<PlacedCue[]> {
  const { clip, fps, timelineFrames } = args;
  const clipEndFrame = Math.min(firstFrameAtOrAfter(clip.end_time_ms, fps), timelineFrames);
  const placed: PlacedCue[] = [];
  for (const cue of args.cues) {
    yield;
    const text = cue.text.normalize('NFC').trim();
    if (text === '') continue;
    const fromFrame = firstFrameAtOrAfter(clip.start_time_ms + cue.startMs, fps);
    const endFrame = Math.min(firstFrameAtOrAfter(clip.start_time_ms + cue.endMs, fps), clipEndFrame);
    if (endFrame <= fromFrame) continue;
    placed.push({ fromFrame, durationInFrames: endFrame - fromFrame, text, source: cue });
  }
  return placed.sort((a, b) => a.fromFrame - b.fromFrame);
}

/** A cue on the timeline and the cue of the file it comes from (its times and timed words). */
type PlacedCue = PlanSubtitleCue & { source: SubtitleCueMs };

/** The word-level captions of a clip's `words` properties, each default filled in; absent without them. */
function wordCaptions(props: SubtitleClipProperties | undefined): PlanWordCaptions | undefined {
  const words = props?.words;
  if (words === undefined) return undefined;
  return {
    style: words.style ?? DEFAULT_WORDS.style,
    color: words.highlight_color ?? DEFAULT_WORDS.highlight_color,
    scale: words.scale ?? DEFAULT_WORDS.scale,
  };
}

/** A cue's words on the timeline: the file's times, else its time split by characters; none starts before the cue. */
function cueWords(cue: PlacedCue, clip: ClipInput, fps: number, language: string): PlanCueWord[] {
  const { source } = cue;
  const timed: CueWordMs[] = source.words ?? splitCueTime(cue.text, source.startMs, source.endMs, language);
  return timed.map((w) => ({ text: w.text.normalize('NFC'), fromFrame: Math.max(cue.fromFrame, firstFrameAtOrAfter(clip.start_time_ms + w.startMs, fps)) }));
}

/** Every character the cues use, once: what the language and the font faces are chosen by. */
function* charactersOf(cues: PlacedCue[]): Steps<string> {
  const seen = new Set<string>();
  for (const cue of cues) {
    yield;
    for (const ch of cue.text) seen.add(ch);
  }
  return [...seen].join('');
}

type BuiltSubtitleLayer = { layer: PlanSubtitleLayer; fonts: PlanFontFace[] };

/**
 * The plan layer of one subtitle clip and the font faces it needs: only the
 * faces (and, for CJK, the unicode-range slices) that its visible text uses.
 */
export function buildSubtitleLayer(args: BuildSubtitleLayerArgs): BuiltSubtitleLayer {
  return runSteps(subtitleLayerSteps(args));
}

/** buildSubtitleLayer in slices of one cue, for the planner's slices. */
export function* subtitleLayerSteps(args: BuildSubtitleLayerArgs): Steps<BuiltSubtitleLayer> {
  const props = args.clip.properties as SubtitleClipProperties | undefined;
  const placed = yield* placeCues(args);
  const usedCharacters = yield* charactersOf(placed);
  const asked = props?.text_wrapping?.language ?? 'auto';
  const language = asked === 'auto' ? (detectTextLanguage(usedCharacters) ?? undefined) : asked;
  const style = resolveSubtitleStyle(props, args.canvas, language);
  const { wrapping } = style;
  const wraps = wrapping.enabled && wrapping.strategy !== 'none';
  const words = wordCaptions(props);
  const cues: PlanSubtitleCue[] = [];
  for (const { source, ...c } of placed) {
    yield;
    const text = wraps ? wrapText(c.text, { maxCharsPerLine: maxCharsFor(props, c.text), strategy: wrapping.strategy, language: wrapping.language }) : c.text;
    cues.push(words ? { ...c, text, words: cueWords({ ...c, source }, args.clip, args.fps, wrapping.language) } : { ...c, text });
  }
  const fonts = cues.length === 0 ? [] : fontFacesFor(subtitleFontKey(props), usedCharacters, language);
  return { layer: { id: args.id, cues, style, ...(words && { words }) }, fonts };
}
