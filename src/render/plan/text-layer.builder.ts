/**
 * The plan layer of a text clip: the subtitle style (preset, font, outline,
 * shadow, wrapping) of its properties, its own alignment and background box,
 * and its motion. The text is wrapped here, as a subtitle cue is, so both
 * engines draw the same lines.
 */
import { detectTextLanguage, fontFacesFor } from '../../fonts/font-catalogue';
import { wrapText } from '../../subtitles/text-wrap';
import { DEFAULT_TEXT_ALIGN, DEFAULT_TEXT_BACKGROUND } from '../../task-input/input-values';
import type { ClipInput, SubtitleClipProperties, TextClipProperties } from '../../task-input/task-input.types';
import { clipMotion, startValue } from './clip-motion';
import { clamp, finiteOr } from './numbers';
import type { PlanFontFace, PlanTextLayer, PlanTextStyle } from './render-plan.types';
import { type Canvas, maxCharsFor, resolveSubtitleStyle, subtitleFontKey } from './subtitle-style';

export interface BuildTextLayerArgs {
  /** `<track id>/<clip id>`. */
  id: string;
  clip: ClipInput;
  span: { fromFrame: number; durationInFrames: number };
  fps: number;
  canvas: Canvas;
}

/** What the subtitle style reads of a text clip: its properties with the position where the clip starts. */
function subtitlePropertiesOf(props: TextClipProperties): SubtitleClipProperties {
  return { ...props, position: startValue(props.position) };
}

function textStyle(props: TextClipProperties, canvas: Canvas, language: string | undefined): PlanTextStyle {
  const style = resolveSubtitleStyle(subtitlePropertiesOf(props), canvas, language);
  const given = props.background;
  return {
    ...style,
    align: props.align ?? DEFAULT_TEXT_ALIGN,
    background:
      given === undefined
        ? style.background
        : {
            color: given.color ?? DEFAULT_TEXT_BACKGROUND.color,
            opacity: clamp(finiteOr(given.opacity, DEFAULT_TEXT_BACKGROUND.opacity), 0, 1),
            paddingPx: finiteOr(given.padding, DEFAULT_TEXT_BACKGROUND.padding),
            radiusPx: finiteOr(given.radius, DEFAULT_TEXT_BACKGROUND.radius),
          },
  };
}

export function buildTextLayer(args: BuildTextLayerArgs): { layer: PlanTextLayer; fonts: PlanFontFace[] } {
  const { clip, canvas } = args;
  const props = (clip.properties ?? {}) as TextClipProperties;
  // Composed, as subtitle cues are (subtitle-layer.builder.ts).
  const text = (clip.text ?? '').normalize('NFC');
  const asked = props.text_wrapping?.language ?? 'auto';
  const language = asked === 'auto' ? (detectTextLanguage(text) ?? undefined) : asked;
  const style = textStyle(props, canvas, language);
  const { wrapping } = style;
  const wraps = wrapping.enabled && wrapping.strategy !== 'none';
  const scale = startValue(props.scale);
  return {
    layer: {
      id: args.id,
      kind: 'text',
      text: wraps
        ? wrapText(text, { maxCharsPerLine: maxCharsFor(subtitlePropertiesOf(props), text), strategy: wrapping.strategy, language: wrapping.language })
        : text,
      fromFrame: args.span.fromFrame,
      durationInFrames: args.span.durationInFrames,
      style,
      opacity: clamp(finiteOr(startValue(props.opacity), 1), 0, 1),
      scaleX: finiteOr(scale?.x, 1),
      scaleY: finiteOr(scale?.y, 1),
      rotationDeg: finiteOr(startValue(props.rotation), 0),
      blendMode: 'normal',
      layerType: 'foreground',
      motion: clipMotion(clip, props, args.fps),
    },
    fonts: fontFacesFor(subtitleFontKey(subtitlePropertiesOf(props)), text, language),
  };
}
