import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { availableFontsMessage, fontFacesFor, fontFamilyStack, fontKeyInfo, mergeFontFaces } from './font-catalogue';
import { FONT_ALIASES, FONT_KEYS, type FontKey } from './font-keys';
import { parseUnicodeRange, rangesContain } from './unicode-ranges';

const ROOT = join(__dirname, '..', '..');

describe('font catalogue', () => {
  it('maps every key to a licensed file of the right weight and style', () => {
    for (const key of FONT_KEYS) {
      const info = fontKeyInfo(key);
      expect(existsSync(join(ROOT, 'fonts', info.license))).toBe(true);
      expect(info.weight).toBe(/-extralight$/.test(key) ? 200 : /-light$/.test(key) ? 300 : /-bold/.test(key) ? 700 : 400);
      expect(info.style).toBe(/-(italic|oblique)$/.test(key) ? 'italic' : 'normal');
      expect(fontFacesFor(key, 'Ab').length).toBeGreaterThan(0);
    }
    expect(fontKeyInfo('dejavu-sans-condensed-bold').stretch).toBe('condensed');
    expect(fontKeyInfo('dejavu-mono-oblique').designStyle).toBe('oblique');
  });

  it('gives a Latin key one face and no CJK faces for Latin text', () => {
    expect(fontFacesFor('liberation-serif-bold-italic', 'Hello, world!')).toEqual([
      { family: 'Render Liberation Serif', src: 'fonts/liberation/LiberationSerif-BoldItalic.ttf', weight: 700, style: 'italic' },
    ]);
  });

  it('adds only the fallback slices that hold the CJK characters of the text', () => {
    const text = 'Hi 你好 こんにちは 안녕';
    const faces = fontFacesFor('dejavu-sans-bold', text);
    const [own, ...fallbacks] = faces;
    expect(own.src).toBe('fonts/dejavu/DejaVuSans-Bold.ttf');
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(fallbacks.length).toBeLessThan(12);
    for (const f of fallbacks) expect(f.weight).toBe(700);
    for (const ch of '你好こんにちは안녕') {
      const cp = ch.codePointAt(0) as number;
      expect(fallbacks.some((f) => rangesContain(parseUnicodeRange(f.unicodeRange as string), cp))).toBe(true);
    }
    expect(fallbacks.some((f) => f.family === 'Render Noto Sans KR')).toBe(true);
  });

  it('orders the CJK fallbacks by language so Japanese kanji get Japanese forms', () => {
    expect(fontFamilyStack('liberation-sans')).toBe(
      '"Render Liberation Sans", "Render Source Han Sans SC", "Render Source Han Sans TC", "Render Noto Sans JP", "Render Noto Sans KR", sans-serif',
    );
    expect(fontFamilyStack('liberation-sans', 'ja').split(', ')[1]).toBe('"Render Noto Sans JP"');
    expect(fontFamilyStack('liberation-serif', 'zh-TW').split(', ')[1]).toBe('"Render Noto Serif TC"');
    expect(fontFacesFor('liberation-sans', '日本', 'ja')[1].family).toBe('Render Noto Sans JP');
  });

  it('draws a CJK key from its own family slices only, with the light weight, when they cover the text', () => {
    const text = '中文 abc 《》';
    const faces = fontFacesFor('noto-serif-sc-light', text);
    expect(faces.every((f) => f.family === 'Render Noto Serif SC' && f.weight === 300)).toBe(true);
    expect(faces.every((f) => existsSync(join(ROOT, 'node_modules/@fontsource', f.src.split('/')[1], 'files', f.src.split('/')[2])))).toBe(true);
    for (const ch of text.replace(/ /g, '')) {
      const cp = ch.codePointAt(0) as number;
      expect(faces.some((f) => rangesContain(parseUnicodeRange(f.unicodeRange as string), cp))).toBe(true);
    }
  });

  it('falls back from a Chinese key to the next family for characters its slices lack', () => {
    // The published ranges of the SC slices name common Hangul (한, 각) that their files lack; the catalogue does not.
    expect(fontFacesFor('sourcehan-sans-sc', '뷁').map((f) => f.family)).toEqual(['Render Noto Sans KR']);
    const families = (key: FontKey, text: string) => [...new Set(fontFacesFor(key, text).map((f) => f.family))];
    expect(families('sourcehan-sans-sc', '한각')).toEqual(['Render Noto Sans KR']);
    expect(families('noto-serif-sc-light', '中文 한국')).toEqual(['Render Noto Serif SC', 'Render Noto Sans KR']);
    expect(fontFacesFor('sourcehan-sans-sc', '〽').map((f) => f.family)).toEqual(['Render Source Han Sans TC']);
  });

  it('returns every slice of the chain when no text is given', () => {
    expect(fontFacesFor('sourcehan-sans-tc').length).toBeGreaterThan(300);
  });

  it('dedupes faces', () => {
    const a = fontFacesFor('liberation-sans', '你好');
    expect(mergeFontFaces(a, a, fontFacesFor('liberation-sans', '你'))).toEqual(a);
  });

  it('lists every key and alias in the INVALID_FONT message', () => {
    const message = availableFontsMessage();
    for (const key of FONT_KEYS) expect(message).toContain(key);
    for (const alias of Object.keys(FONT_ALIASES)) expect(message).toContain(`${alias} (= ${FONT_ALIASES[alias]})`);
  });
});
