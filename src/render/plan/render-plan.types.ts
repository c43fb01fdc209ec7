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

export type { PlanFontFace };
export type PlanFit = 'contain' | 'cover' | 'fill';

export interface PlanVisualLayer {
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
}

export interface PlanAudioLayer {
  id: string;
  src: string;
  fromFrame: number;
  durationInFrames: number;
  volume: number;
  fadeInFrames: number;
  fadeOutFrames: number;
}

export interface PlanSubtitleCue {
  /** Relative to the timeline start (already shifted by the clip start and cut at its end). */
  fromFrame: number;
  durationInFrames: number;
  text: string;
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

export interface PlanSubtitleLayer {
  id: string;
  cues: PlanSubtitleCue[];
  style: PlanSubtitleStyle;
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
  /** Font faces the subtitles use; only these are loaded. */
  fonts: PlanFontFace[];
}
