import type { FontKey } from '../fonts/font-keys';
import type { SubtitlePreset } from '../task-input/task-input.types';

/**
 * A preset at the 1080-line reference: every length here is in reference
 * pixels and is scaled to the output (see `referenceScale`). Colours are
 * #RRGGBB.
 */
export interface SubtitlePresetDefinition {
  fontKey: FontKey;
  fontSize: number;
  color: string;
  /** Distance from the bottom edge to the anchor (bottom of the text block), as a fraction of the height. */
  bottomFraction: number;
  /** Widest text block, as a fraction of the width. */
  maxWidthFraction: number;
  lineHeight: number;
  /** Default line length when text_wrapping gives none: Latin text, CJK text. */
  maxChars: { latin: number; cjk: number };
  outline: { width: number; color: string; blur: number } | null;
  shadow: { offsetX: number; offsetY: number; blur: number; color: string; opacity: number } | null;
  background: { color: string; opacity: number; padding: number; radius: number } | null;
}

export const REFERENCE_LINES = 1080;

/** What most presets share: white text, and no outline, shadow or box unless they name one. */
function preset(
  definition: Omit<SubtitlePresetDefinition, 'color' | 'outline' | 'shadow' | 'background'> & Partial<SubtitlePresetDefinition>,
): SubtitlePresetDefinition {
  return { color: '#FFFFFF', outline: null, shadow: null, background: null, ...definition };
}

function outline(width: number, color = '#000000', blur = 0): SubtitlePresetDefinition['outline'] {
  return { width, color, blur };
}

/** A black drop shadow. */
function shadow(offsetX: number, offsetY: number, blur: number, opacity: number): SubtitlePresetDefinition['shadow'] {
  return { offsetX, offsetY, blur, color: '#000000', opacity };
}

/**
 * The nine presets. Latin line lengths follow the broadcast habit of about 42
 * characters (Netflix's guide), CJK about 16; the Chinese short-video presets
 * sit higher, above the apps' own overlays, with a thick outline for busy
 * backgrounds.
 */
export const SUBTITLE_PRESETS: Readonly<Record<SubtitlePreset, SubtitlePresetDefinition>> = {
  netflix: preset({
    fontKey: 'liberation-sans',
    fontSize: 50,
    bottomFraction: 0.08,
    maxWidthFraction: 0.8,
    lineHeight: 1.25,
    maxChars: { latin: 42, cjk: 16 },
    shadow: shadow(0, 2, 8, 0.85),
  }),
  youtube: preset({
    fontKey: 'liberation-sans',
    fontSize: 44,
    bottomFraction: 0.07,
    maxWidthFraction: 0.8,
    lineHeight: 1.3,
    maxChars: { latin: 42, cjk: 18 },
    background: { color: '#080808', opacity: 0.75, padding: 10, radius: 4 },
  }),
  professional: preset({
    fontKey: 'dejavu-sans',
    fontSize: 44,
    bottomFraction: 0.075,
    maxWidthFraction: 0.8,
    lineHeight: 1.25,
    maxChars: { latin: 40, cjk: 16 },
    outline: outline(2),
    shadow: shadow(1, 2, 3, 0.6),
  }),
  minimal: preset({
    fontKey: 'dejavu-sans',
    fontSize: 38,
    bottomFraction: 0.06,
    maxWidthFraction: 0.75,
    lineHeight: 1.3,
    maxChars: { latin: 45, cjk: 18 },
    shadow: shadow(0, 1, 4, 0.4),
  }),
  cinema: preset({
    fontKey: 'liberation-serif',
    fontSize: 46,
    color: '#F5F0E1',
    bottomFraction: 0.05,
    maxWidthFraction: 0.7,
    lineHeight: 1.2,
    maxChars: { latin: 40, cjk: 15 },
    shadow: shadow(0, 3, 10, 0.9),
  }),
  douyin: preset({
    fontKey: 'sourcehan-sans-sc-bold',
    fontSize: 64,
    bottomFraction: 0.22,
    maxWidthFraction: 0.86,
    lineHeight: 1.2,
    maxChars: { latin: 30, cjk: 14 },
    outline: outline(6),
    shadow: shadow(0, 3, 4, 0.5),
  }),
  xiaohongshu: preset({
    fontKey: 'sourcehan-sans-sc-bold',
    fontSize: 60,
    bottomFraction: 0.25,
    maxWidthFraction: 0.86,
    lineHeight: 1.2,
    maxChars: { latin: 30, cjk: 14 },
    outline: outline(5, '#FF2442'),
    shadow: shadow(0, 4, 6, 0.35),
  }),
  'wechat-video': preset({
    fontKey: 'sourcehan-sans-sc',
    fontSize: 54,
    bottomFraction: 0.18,
    maxWidthFraction: 0.86,
    lineHeight: 1.25,
    maxChars: { latin: 32, cjk: 15 },
    outline: outline(3, '#000000', 1),
    shadow: shadow(0, 2, 4, 0.5),
  }),
  custom: preset({
    fontKey: 'liberation-sans',
    fontSize: 48,
    bottomFraction: 0.08,
    maxWidthFraction: 0.85,
    lineHeight: 1.25,
    maxChars: { latin: 42, cjk: 16 },
    outline: outline(2),
  }),
};

/** The preset used when a clip names none. */
export const DEFAULT_PRESET: SubtitlePreset = 'netflix';

/**
 * Reference pixels to output pixels. Landscape scales by height/1080; portrait
 * by the width (its shorter side), so a 1080x1920 frame gets the same text as
 * 1920x1080 instead of text 1.8 times too wide for the screen.
 */
export function referenceScale(canvas: { width: number; height: number }): number {
  return Math.min(canvas.width, canvas.height) / REFERENCE_LINES;
}
