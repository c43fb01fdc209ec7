import type { FontKey } from '../fonts/font-keys';
import type { SubtitlePreset } from '../tasks/task-input.types';

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

/**
 * The nine presets. Latin line lengths follow the broadcast habit of about 42
 * characters (Netflix's guide), CJK about 16; the Chinese short-video presets
 * sit higher, above the apps' own overlays, with a thick outline for busy
 * backgrounds.
 */
export const SUBTITLE_PRESETS: Readonly<Record<SubtitlePreset, SubtitlePresetDefinition>> = {
  netflix: {
    fontKey: 'liberation-sans', fontSize: 50, color: '#FFFFFF', bottomFraction: 0.08, maxWidthFraction: 0.8, lineHeight: 1.25,
    maxChars: { latin: 42, cjk: 16 }, outline: null,
    shadow: { offsetX: 0, offsetY: 2, blur: 8, color: '#000000', opacity: 0.85 }, background: null,
  },
  youtube: {
    fontKey: 'liberation-sans', fontSize: 44, color: '#FFFFFF', bottomFraction: 0.07, maxWidthFraction: 0.8, lineHeight: 1.3,
    maxChars: { latin: 42, cjk: 18 }, outline: null, shadow: null,
    background: { color: '#080808', opacity: 0.75, padding: 10, radius: 4 },
  },
  professional: {
    fontKey: 'dejavu-sans', fontSize: 44, color: '#FFFFFF', bottomFraction: 0.075, maxWidthFraction: 0.8, lineHeight: 1.25,
    maxChars: { latin: 40, cjk: 16 }, outline: { width: 2, color: '#000000', blur: 0 },
    shadow: { offsetX: 1, offsetY: 2, blur: 3, color: '#000000', opacity: 0.6 }, background: null,
  },
  minimal: {
    fontKey: 'dejavu-sans', fontSize: 38, color: '#FFFFFF', bottomFraction: 0.06, maxWidthFraction: 0.75, lineHeight: 1.3,
    maxChars: { latin: 45, cjk: 18 }, outline: null,
    shadow: { offsetX: 0, offsetY: 1, blur: 4, color: '#000000', opacity: 0.4 }, background: null,
  },
  cinema: {
    fontKey: 'liberation-serif', fontSize: 46, color: '#F5F0E1', bottomFraction: 0.05, maxWidthFraction: 0.7, lineHeight: 1.2,
    maxChars: { latin: 40, cjk: 15 }, outline: null,
    shadow: { offsetX: 0, offsetY: 3, blur: 10, color: '#000000', opacity: 0.9 }, background: null,
  },
  douyin: {
    fontKey: 'sourcehan-sans-sc-bold', fontSize: 64, color: '#FFFFFF', bottomFraction: 0.22, maxWidthFraction: 0.86, lineHeight: 1.2,
    maxChars: { latin: 30, cjk: 14 }, outline: { width: 6, color: '#000000', blur: 0 },
    shadow: { offsetX: 0, offsetY: 3, blur: 4, color: '#000000', opacity: 0.5 }, background: null,
  },
  xiaohongshu: {
    fontKey: 'sourcehan-sans-sc-bold', fontSize: 60, color: '#FFFFFF', bottomFraction: 0.25, maxWidthFraction: 0.86, lineHeight: 1.2,
    maxChars: { latin: 30, cjk: 14 }, outline: { width: 5, color: '#FF2442', blur: 0 },
    shadow: { offsetX: 0, offsetY: 4, blur: 6, color: '#000000', opacity: 0.35 }, background: null,
  },
  'wechat-video': {
    fontKey: 'sourcehan-sans-sc', fontSize: 54, color: '#FFFFFF', bottomFraction: 0.18, maxWidthFraction: 0.86, lineHeight: 1.25,
    maxChars: { latin: 32, cjk: 15 }, outline: { width: 3, color: '#000000', blur: 1 },
    shadow: { offsetX: 0, offsetY: 2, blur: 4, color: '#000000', opacity: 0.5 }, background: null,
  },
  custom: {
    fontKey: 'liberation-sans', fontSize: 48, color: '#FFFFFF', bottomFraction: 0.08, maxWidthFraction: 0.85, lineHeight: 1.25,
    maxChars: { latin: 42, cjk: 16 }, outline: { width: 2, color: '#000000', blur: 0 }, shadow: null, background: null,
  },
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
