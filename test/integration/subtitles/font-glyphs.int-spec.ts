import { detectTextLanguage, fontFacesFor, fontFamilyStack, fontKeyInfo, mergeFontFaces } from '../../../src/fonts/font-catalogue';
import { FONT_KEYS, type FontKey } from '../../../src/fonts/font-keys';
import { type GlyphBrowser, ink, openGlyphBrowser } from './glyph-browser';

jest.setTimeout(180_000);

/** One line per script: Simplified and Traditional Chinese, Japanese, Korean and Latin. */
const SAMPLES = {
  'zh-Hans': '简体中文字幕测试这个视频',
  'zh-Hant': '繁體中文字幕測試這個視頻',
  ja: 'ひらがなカタカナ日本語の字幕です',
  ko: '한국어자막시험입니다',
  latin: 'HamburgefontsQWXYZ',
};
const ALL_TEXT = Object.values(SAMPLES).join(' ');
const CHARS = [...new Set(Array.from(ALL_TEXT.replace(/\s/g, '')))];
/** A family no face is registered under: Chromium then draws with system fonts, which lack CJK here. */
const MISSING = '"No Such Family"';
/** A private-use code point no face draws: drawn in a font stack, it shows that stack's own missing-glyph box. */
const NO_FONT_DRAWS = '\ue000';

function shorthand(key: FontKey, family: string): string {
  const info = fontKeyInfo(key);
  return `${info.style} ${info.weight} 56px ${family}`;
}

describe('font catalogue in Chromium: real glyphs for every key and script', () => {
  let b: GlyphBrowser;
  let tofu: string[];

  beforeAll(async () => {
    b = await openGlyphBrowser();
    await b.loadFaces(mergeFontFaces(...FONT_KEYS.map((key) => fontFacesFor(key, ALL_TEXT))));
    tofu = await b.bitmaps(`56px ${MISSING}`, ['字', '한', 'の']);
  });

  afterAll(async () => b?.close());

  it('has no CJK system font, so a missing glyph is a box that looks the same for every character', () => {
    // The reference for "tofu": if this fails the machine gained a CJK font and the tests below prove less.
    expect(tofu[0]).toBe(tofu[1]);
    expect(tofu[1]).toBe(tofu[2]);
    expect(ink(tofu[0])).toBeGreaterThan(0);
  });

  it.each(FONT_KEYS)('%s draws every character of zh-Hans, zh-Hant, ja, ko and Latin with a distinct real glyph', async (key) => {
    const font = shorthand(key, fontFamilyStack(key));
    const [box] = await b.bitmaps(font, [NO_FONT_DRAWS]);
    const maps = await b.bitmaps(font, CHARS);
    const empty = CHARS.filter((_, i) => ink(maps[i]) === 0);
    const boxes = CHARS.filter((_, i) => maps[i] === tofu[0] || maps[i] === box);
    expect({ empty, boxes }).toEqual({ empty: [], boxes: [] });
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    CHARS.forEach((ch, i) => {
      const other = seen.get(maps[i]);
      if (other) duplicates.push(`${other}=${ch}`);
      seen.set(maps[i], ch);
    });
    expect(duplicates).toEqual([]);
  });

  it('draws each key with its own face: siblings of a family (weights, slants) differ, and none looks like the system default', async () => {
    const probe = (key: FontKey) => (/^(noto|sourcehan)/.test(key) ? '字体Ag' : 'Hamburg');
    const byKey = new Map<FontKey, string>();
    for (const key of FONT_KEYS) {
      const family = `"${fontKeyInfo(key).cssFamily}"`;
      const [own] = await b.bitmaps(shorthand(key, family), [probe(key)]);
      const [fallback] = await b.bitmaps(shorthand(key, MISSING), [probe(key)]);
      expect(`${key}: ${own === fallback ? 'system default' : 'own face'}`).toBe(`${key}: own face`);
      byKey.set(key, own);
    }
    const families = new Map<string, FontKey[]>();
    for (const key of FONT_KEYS) families.set(fontKeyInfo(key).family, [...(families.get(fontKeyInfo(key).family) ?? []), key]);
    for (const [family, keys] of families) {
      const distinct = new Set(keys.map((k) => byKey.get(k)));
      expect(`${family}: ${distinct.size}`).toBe(`${family}: ${keys.length}`);
    }
  });
});

/**
 * Texts mixing scripts, where a character's first candidate in the chain is a slice of another script's
 * family: the published unicode-ranges of the SC, TC and JP slices name Hangul those files do not draw.
 */
const MIXED_TEXTS: Array<[FontKey, string]> = [
  ['liberation-sans', 'Hello 夏季特卖 日本語のテキスト 한국어'],
  ['liberation-sans', 'Bonjour 龘靐 鬱憂のぬ 뷁쮉쀍 똠방각하'],
  ['liberation-serif', '简体中文 繁體中文 한국어 각'],
  ['sourcehan-sans-tc', '繁體中文 한국어 각 夏季特卖'],
  ['noto-serif-sc', '夏季特卖 ひらがな 한국어 똠방각하'],
];

describe('font catalogue in Chromium: a task loads only its own faces, and they draw mixed-script text', () => {
  it.each(MIXED_TEXTS)('%s draws "%s" with no box and no empty glyph', async (key, text) => {
    // A browser of its own: faces another test loaded must not stand in for a face this text needs.
    const b = await openGlyphBrowser();
    try {
      const language = detectTextLanguage(text) ?? undefined;
      await b.loadFaces(fontFacesFor(key, text, language));
      const font = shorthand(key, fontFamilyStack(key, language));
      const [box] = await b.bitmaps(font, [NO_FONT_DRAWS]);
      const chars = [...new Set(Array.from(text.replace(/\s/g, '')))];
      const maps = await b.bitmaps(font, chars);
      const empty = chars.filter((_, i) => ink(maps[i]) === 0);
      const boxes = chars.filter((_, i) => maps[i] === box);
      expect({ empty, boxes }).toEqual({ empty: [], boxes: [] });
    } finally {
      await b.close();
    }
  });
});
