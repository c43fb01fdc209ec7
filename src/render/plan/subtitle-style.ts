import { fontFamilyStack, fontKeyInfo } from '../../fonts/font-catalogue';
import { type FontKey, resolveFontKey } from '../../fonts/font-keys';
import { clamp, finiteOr } from './numbers';
import type { PlanSubtitleStyle, PlanTextOutline, PlanTextShadow } from './render-plan.types';
import type { SubtitleClipProperties } from '../../task-input/task-input.types';
import { DEFAULT_PRESET, referenceScale, SUBTITLE_PRESETS, type SubtitlePresetDefinition } from '../../subtitles/subtitle-presets';
import { isMostlyCjk } from '../../subtitles/text-wrap';

export interface Canvas {
  width: number;
  height: number;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Validation rejects other colours; this keeps a bad one from ever reaching CSS. */
function color(value: string | undefined, fallback: string): string {
  return value !== undefined && HEX_COLOR.test(value) ? value.toUpperCase() : fallback;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export function presetOf(props: SubtitleClipProperties | undefined): SubtitlePresetDefinition {
  return SUBTITLE_PRESETS[props?.preset ?? DEFAULT_PRESET] ?? SUBTITLE_PRESETS[DEFAULT_PRESET];
}

/** The font key a clip draws with: its font_family (key or alias) or its preset's. */
export function subtitleFontKey(props: SubtitleClipProperties | undefined): FontKey {
  const preset = presetOf(props);
  if (props?.font_family === undefined) return preset.fontKey;
  const key = resolveFontKey(props.font_family);
  // Validation answers INVALID_FONT before a task is queued; reaching here is a bug.
  if (key === null) throw new Error(`font_family "${props.font_family}" is not a font key`);
  return key;
}

/** An outline or shadow is on when the clip says so, else when the preset has one or the clip sets any of its properties. */
function effectOn(given: { enabled?: boolean } | undefined, base: object | null): boolean {
  return given?.enabled ?? (base !== null || (given !== undefined && Object.keys(given).length > 0));
}

type Given<K extends 'outline' | 'shadow'> = SubtitleClipProperties[K] | undefined;

function resolveOutline(given: Given<'outline'>, base: SubtitlePresetDefinition['outline'], scale: number): PlanTextOutline | null {
  if (!effectOn(given, base)) return null;
  return {
    widthPx: round(finiteOr(given?.width, (base?.width ?? 2) * scale)),
    color: color(given?.color, base?.color ?? '#000000'),
    blurPx: round(finiteOr(given?.blur, (base?.blur ?? 0) * scale)),
  };
}

function resolveShadow(given: Given<'shadow'>, base: SubtitlePresetDefinition['shadow'], scale: number): PlanTextShadow | null {
  if (!effectOn(given, base)) return null;
  return {
    offsetXPx: round(finiteOr(given?.offset_x, (base?.offsetX ?? 2) * scale)),
    offsetYPx: round(finiteOr(given?.offset_y, (base?.offsetY ?? 2) * scale)),
    blurPx: round(finiteOr(given?.blur, (base?.blur ?? 4) * scale)),
    color: color(given?.color, base?.color ?? '#000000'),
    opacity: clamp(finiteOr(given?.opacity, base?.opacity ?? 0.8), 0, 1),
  };
}

/**
 * The style of a subtitle clip on a canvas: the preset (netflix when none is
 * named) scaled from the 1080-line reference, then every explicit property on
 * top. Explicit sizes and positions are output pixels and are not scaled.
 * `language` orders the CJK fallback fonts (see fontFamilyStack).
 */
export function resolveSubtitleStyle(props: SubtitleClipProperties | undefined, canvas: Canvas, language?: string): PlanSubtitleStyle {
  const preset = presetOf(props);
  const scale = referenceScale(canvas);
  const key = subtitleFontKey(props);
  const font = fontKeyInfo(key);
  const wrapping = props?.text_wrapping;
  const bg = preset.background;
  const wrapLanguage = wrapping?.language ?? 'auto';
  return {
    fontFamily: fontFamilyStack(key, language ?? (wrapLanguage === 'auto' ? undefined : wrapLanguage)),
    fontWeight: font.weight,
    fontStyle: font.style,
    fontSizePx: round(finiteOr(props?.font_size, preset.fontSize * scale)),
    color: color(props?.color, preset.color),
    anchorX: round(finiteOr(props?.position?.x, canvas.width / 2)),
    anchorY: round(finiteOr(props?.position?.y, canvas.height * (1 - preset.bottomFraction))),
    maxWidthPx: Math.round(canvas.width * preset.maxWidthFraction),
    lineHeight: preset.lineHeight,
    outline: resolveOutline(props?.outline, preset.outline, scale),
    shadow: resolveShadow(props?.shadow, preset.shadow, scale),
    background: bg && { color: bg.color, opacity: bg.opacity, paddingPx: round(bg.padding * scale), radiusPx: round(bg.radius * scale) },
    wrapping: {
      enabled: wrapping?.enabled ?? true,
      maxCharsPerLine: wrapping?.max_chars_per_line ?? null,
      strategy: wrapping?.strategy ?? 'word',
      language: wrapLanguage,
    },
  };
}

/** Line length for one cue: the clip's max_chars_per_line, else the preset's for the cue's script. */
export function maxCharsFor(props: SubtitleClipProperties | undefined, text: string): number {
  const explicit = props?.text_wrapping?.max_chars_per_line;
  if (explicit !== undefined && Number.isInteger(explicit) && explicit > 0) return explicit;
  const preset = presetOf(props);
  return isMostlyCjk(text) ? preset.maxChars.cjk : preset.maxChars.latin;
}
