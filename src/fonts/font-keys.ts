/**
 * The closed list of `font_family` values of spec v3 (Font keys). The font
 * catalogue in `fonts/` maps every one of them to a real file; validation
 * (INVALID_FONT) and the catalogue both read this list, so they cannot drift.
 */
export const FONT_KEYS = [
  'liberation-sans',
  'liberation-sans-bold',
  'liberation-sans-italic',
  'liberation-sans-bold-italic',
  'liberation-serif',
  'liberation-serif-bold',
  'liberation-serif-italic',
  'liberation-serif-bold-italic',
  'liberation-mono',
  'liberation-mono-bold',
  'liberation-mono-italic',
  'liberation-mono-bold-italic',
  'dejavu-sans',
  'dejavu-sans-bold',
  'dejavu-sans-oblique',
  'dejavu-sans-bold-oblique',
  'dejavu-sans-extralight',
  'dejavu-sans-condensed',
  'dejavu-sans-condensed-bold',
  'dejavu-sans-condensed-oblique',
  'dejavu-sans-condensed-bold-oblique',
  'dejavu-serif',
  'dejavu-serif-bold',
  'dejavu-serif-italic',
  'dejavu-serif-bold-italic',
  'dejavu-serif-condensed',
  'dejavu-serif-condensed-bold',
  'dejavu-serif-condensed-italic',
  'dejavu-serif-condensed-bold-italic',
  'dejavu-mono',
  'dejavu-mono-bold',
  'dejavu-mono-oblique',
  'dejavu-mono-bold-oblique',
  'dejavu-math',
  'noto-serif-sc',
  'noto-serif-sc-bold',
  'noto-serif-sc-light',
  'noto-serif-tc',
  'noto-serif-tc-bold',
  'noto-serif-tc-light',
  'sourcehan-sans-sc',
  'sourcehan-sans-sc-bold',
  'sourcehan-sans-sc-light',
  'sourcehan-sans-tc',
  'sourcehan-sans-tc-bold',
  'sourcehan-sans-tc-light',
] as const;

export type FontKey = (typeof FONT_KEYS)[number];

export const FONT_ALIASES: Readonly<Record<string, FontKey>> = {
  sans: 'liberation-sans',
  serif: 'liberation-serif',
  mono: 'liberation-mono',
  monospace: 'dejavu-mono',
  chinese: 'sourcehan-sans-sc',
  'chinese-sans': 'sourcehan-sans-sc',
  'chinese-serif': 'noto-serif-sc',
  'chinese-tc': 'sourcehan-sans-tc',
  'chinese-tc-serif': 'noto-serif-tc',
  arial: 'liberation-sans',
  times: 'liberation-serif',
  courier: 'liberation-mono',
};

const KEY_SET: ReadonlySet<string> = new Set(FONT_KEYS);

/** The catalogue key a `font_family` value names, or null when it names none. */
export function resolveFontKey(value: string): FontKey | null {
  if (KEY_SET.has(value)) return value as FontKey;
  return Object.prototype.hasOwnProperty.call(FONT_ALIASES, value) ? FONT_ALIASES[value] : null;
}
