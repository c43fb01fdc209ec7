/**
 * The render plan: everything the composition needs to draw a task, and nothing
 * about how (no React, no Remotion types). It is the input props of the
 * `Timeline` composition and the boundary between "what to draw" (built by a pure
 * function from a validated task) and "how to draw it" (Remotion today).
 *
 * Times are frames at `fps`; sizes and offsets are output pixels; media `src`
 * values are URLs Chromium can load (the worker's local media server, or files in
 * the bundle's public dir for samples).
 */
import type { PlanFontFace } from '../../fonts/font-face';
import type { PlanKeyframe, PlanMotion } from './motion';

export type { PlanFontFace, PlanKeyframe, PlanMotion };
export type PlanFit = 'contain' | 'cover' | 'fill';

export interface PlanMediaLayer {
  /** `<track id>/<clip id>`: unique within the plan. */
  id: string;
  kind: 'video' | 'image';
  src: string;
  fromFrame: number;
  durationInFrames: number;
  fit: PlanFit;
  scaleX: number;
  scaleY: number;
  opacity: number;
  offsetX: number;
  offsetY: number;
  rotationDeg: number;
  /** A CSS `mix-blend-mode` keyword. */
  blendMode: string;
  layerType: 'background' | 'foreground';
  /** Gaussian blur radius in output pixels (0 = none); only background layers have one. */
  blurPx: number;
  /** Gain of a video clip's own audio (1 = as recorded). */
  volume: number;
  /** Display size of the media where the engine drawing the plan knew it (Studio may not): what `fit` places. */
  mediaSize: { width: number; height: number } | null;
  /** Keyframes and transitions (docs/extensions.md); null for a layer that keeps its values throughout. */
  motion: PlanMotion | null;
  /** Ducking of a video's sound: its gain in dB along the timeline's frames (ducking.ts); null = none. */
  duckingDb: PlanKeyframe<number>[] | null;
}

/** A text clip: one block of text drawn once, then moved, scaled, turned, faded and cut like a picture. */
export interface PlanTextLayer {
  /** `<track id>/<clip id>`: unique within the plan. */
  id: string;
  kind: 'text';
  /** Already wrapped: a line per `\n`. */
  text: string;
  fromFrame: number;
  durationInFrames: number;
  /** The subtitle style; `background` is one box around the whole block; the anchor is the clip's `position`. */
  style: PlanTextStyle;
  opacity: number;
  scaleX: number;
  scaleY: number;
  rotationDeg: number;
  blendMode: 'normal';
  layerType: 'foreground';
  motion: PlanMotion | null;
}

export type PlanVisualLayer = PlanMediaLayer | PlanTextLayer;

/** A layer ffmpeg decodes frame by frame (what the compositor gives a slot of its own). */
export function isVideoLayer(layer: PlanVisualLayer): layer is PlanMediaLayer {
  return layer.kind === 'video';
}

export interface PlanAudioLayer {
  id: string;
  src: string;
  fromFrame: number;
  durationInFrames: number;
  volume: number;
  /** Keyframed gain (timeline frames); null = `volume` throughout. */
  volumeKeyframes: PlanKeyframe<number>[] | null;
  fadeInFrames: number;
  fadeOutFrames: number;
  /** Ducking: the gain in dB along the timeline's frames (ducking.ts), times the rest; null = none. */
  duckingDb: PlanKeyframe<number>[] | null;
}

export interface PlanSubtitleCue {
  /** Relative to the timeline start (already shifted by the clip start and cut at its end). */
  fromFrame: number;
  durationInFrames: number;
  text: string;
  /**
   * Word-level captions only (the layer's `words`): the cue's words in order, each spoken from `fromFrame`
   * (timeline frames, not decreasing) to the cue's end; without white space they spell `text` without white space.
   */
  words?: PlanCueWord[];
}

export interface PlanCueWord {
  text: string;
  fromFrame: number;
}

/** How a layer with word-level captions shows the words (spec/extensions.md §4). */
export interface PlanWordCaptions {
  /** highlight: the whole cue, the word being spoken in `color` at `scale`; reveal: only the words already spoken. */
  style: 'highlight' | 'reveal';
  color: string;
  scale: number;
}

export interface PlanTextOutline {
  widthPx: number;
  color: string;
  blurPx: number;
}

export interface PlanTextShadow {
  offsetXPx: number;
  offsetYPx: number;
  blurPx: number;
  color: string;
  opacity: number;
}

export interface PlanSubtitleStyle {
  /** CSS font-family list: the chosen face first, then the CJK fallback chain. */
  fontFamily: string;
  fontWeight: number;
  fontStyle: 'normal' | 'italic';
  fontSizePx: number;
  color: string;
  /** Bottom-centre anchor of the text block, output pixels from the top-left. */
  anchorX: number;
  anchorY: number;
  /** Widest the text block may be, in pixels. */
  maxWidthPx: number;
  lineHeight: number;
  outline: PlanTextOutline | null;
  shadow: PlanTextShadow | null;
  /** Box behind the text (e.g. the youtube preset), or null. */
  background: { color: string; opacity: number; paddingPx: number; radiusPx: number } | null;
  wrapping: {
    enabled: boolean;
    maxCharsPerLine: number | null;
    strategy: 'word' | 'character' | 'none';
    language: string;
  };
}

export interface PlanTextStyle extends PlanSubtitleStyle {
  /** How the lines of the block line up with each other. */
  align: 'left' | 'center' | 'right';
}

export interface PlanSubtitleLayer {
  id: string;
  cues: PlanSubtitleCue[];
  style: PlanSubtitleStyle;
  /** Word-level captions; absent for plain subtitles, whose plan is what it always was. */
  words?: PlanWordCaptions;
}

export interface RenderPlan {
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  backgroundColor: string;
  /** Bottom to top: background layers first, then by z_index, ties by track then clip order. */
  layers: PlanVisualLayer[];
  audio: PlanAudioLayer[];
  subtitles: PlanSubtitleLayer[];
  /** Font faces the subtitles and text layers use; only these are loaded. */
  fonts: PlanFontFace[];
}
