import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { activeCueText } from '../../../composition/subtitles/SubtitleLayer';
import { SubtitleText } from '../../../composition/subtitles/subtitle-text';
import type { PlanFontFace, PlanSubtitleStyle } from '../../../src/render/plan/render-plan.types';
import { buildSubtitleLayer } from '../../../src/render/plan/subtitle-layer.builder';
import { SUBTITLE_PRESETS } from '../../../src/subtitles/subtitle-presets';
import type { SubtitleClipProperties, SubtitlePreset } from '../../../src/task-input/task-input.types';
import { changedPixels, differingPixels, type GlyphBrowser, inkBands, openGlyphBrowser, type Pixels } from './glyph-browser';

jest.setTimeout(180_000);

const CANVAS = { width: 1280, height: 720 };
const LINES = {
  zh: '这是一个用于测试的中文字幕，包含标点符号。',
  ja: 'これは日本語の字幕のテストです。',
  ko: '이것은 한국어 자막 테스트입니다.',
  en: 'This is an English subtitle used for testing.',
};

function layerFor(properties: SubtitleClipProperties, text: string) {
  return buildSubtitleLayer({
    id: 'subs/c',
    fps: 30,
    canvas: CANVAS,
    timelineFrames: 90,
    clip: { id: 'c', media_url: 'https://m.example/s.srt', start_time_ms: 0, end_time_ms: 3000, properties },
    cues: [
      { startMs: 0, endMs: 1000, text },
      { startMs: 2000, endMs: 3000, text: 'later' },
    ],
  });
}

function markup(style: PlanSubtitleStyle, text: string): string {
  return renderToStaticMarkup(createElement(SubtitleText, { style, text }));
}

function hexRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Pixels of (near) pure white: the fill of the white presets. */
function whitePixels(p: Pixels): number {
  let n = 0;
  for (let i = 0; i < p.rgb.length; i += 3) if (p.rgb[i] > 230 && p.rgb[i + 1] > 230 && p.rgb[i + 2] > 230) n += 1;
  return n;
}

/** Rows of text-coloured ink, merged across small gaps (accents, dots) so one band is one line. */
function lineCount(p: Pixels, colour: [number, number, number], fontSizePx: number): number {
  const merged: Array<[number, number]> = [];
  for (const band of inkBands(p, colour)) {
    const last = merged[merged.length - 1];
    if (last && band[0] - last[1] < fontSizePx * 0.2) last[1] = band[1];
    else merged.push([...band]);
  }
  return merged.length;
}

describe('subtitle layer in Chromium', () => {
  let b: GlyphBrowser;
  const loaded = new Set<string>();

  async function draw(style: PlanSubtitleStyle, text: string, fonts: PlanFontFace[]): Promise<Pixels> {
    const fresh = fonts.filter((f) => !loaded.has(`${f.family}|${f.src}|${f.weight}`));
    fresh.forEach((f) => loaded.add(`${f.family}|${f.src}|${f.weight}`));
    await b.loadFaces(fresh);
    return b.capture(markup(style, text));
  }

  beforeAll(async () => {
    b = await openGlyphBrowser(CANVAS.width, CANVAS.height);
  });

  afterAll(async () => b?.close());

  it.each(Object.keys(SUBTITLE_PRESETS) as SubtitlePreset[])(
    'preset %s draws zh, ja, ko and en text inside the frame, centred on the anchor',
    async (preset) => {
      for (const [language, text] of Object.entries(LINES)) {
        const { layer, fonts } = layerFor({ preset }, text);
        const { style } = layer;
        const p = await draw(style, layer.cues[0].text, fonts);
        const inkCount = changedPixels(p);
        expect(`${preset}/${language}: ${inkCount > 500 ? 'drawn' : `only ${inkCount} px`}`).toBe(`${preset}/${language}: drawn`);
        // The fill colour is on top: outline and shadow copies must not cover it.
        expect(`${preset}/${language}: fill rows ${inkBands(p, hexRgb(style.color)).length > 0}`).toBe(`${preset}/${language}: fill rows true`);
        // Nothing is drawn below the anchor (bottom of the block) beyond the shadow/outline reach.
        const reach =
          Math.ceil(
            (style.outline?.widthPx ?? 0) +
              (style.shadow ? Math.abs(style.shadow.offsetYPx) + style.shadow.blurPx * 2 : 0) +
              (style.background?.paddingPx ?? 0),
          ) + 4;
        expect(changedPixels(p, { x0: 0, y0: Math.min(CANVAS.height, Math.ceil(style.anchorY) + reach), x1: CANVAS.width, y1: CANVAS.height })).toBe(0);
        const left = changedPixels(p, { x0: 0, y0: 0, x1: Math.round(style.anchorX), y1: CANVAS.height });
        const right = changedPixels(p, { x0: Math.round(style.anchorX), y0: 0, x1: CANVAS.width, y1: CANVAS.height });
        expect(Math.abs(left - right) / (left + right)).toBeLessThan(0.25);
      }
    },
  );

  it('outline and shadow change the pixels around the glyphs', async () => {
    const text = '字幕 Outline';
    const plain = layerFor({ preset: 'minimal', shadow: { enabled: false }, outline: { enabled: false } }, text);
    const outlined = layerFor({ preset: 'minimal', shadow: { enabled: false }, outline: { enabled: true, width: 4, color: '#FF0000' } }, text);
    const shadowed = layerFor(
      { preset: 'minimal', outline: { enabled: false }, shadow: { enabled: true, offset_x: 8, offset_y: 8, blur: 0, color: '#00FF00', opacity: 1 } },
      text,
    );
    const base = await draw(plain.layer.style, text, plain.fonts);
    const withOutline = await draw(outlined.layer.style, text, outlined.fonts);
    const withShadow = await draw(shadowed.layer.style, text, shadowed.fonts);
    expect(inkBands(base, [255, 0, 0])).toEqual([]);
    expect(inkBands(withOutline, [255, 0, 0]).length).toBeGreaterThan(0);
    expect(inkBands(withShadow, [0, 255, 0]).length).toBeGreaterThan(0);
    expect(differingPixels(base, withOutline)).toBeGreaterThan(1000);
    expect(differingPixels(base, withShadow)).toBeGreaterThan(1000);
    // The white fill stays on top: the outline and shadow sit around the glyphs, not over them.
    expect(changedPixels(withOutline)).toBeGreaterThan(changedPixels(base));
    const both = layerFor(
      {
        preset: 'minimal',
        outline: { enabled: true, width: 3, color: '#000000' },
        shadow: { enabled: true, offset_x: 0, offset_y: 2, blur: 2, color: '#000000', opacity: 0.5 },
      },
      text,
    );
    const withBoth = await draw(both.layer.style, text, both.fonts);
    expect(whitePixels(withOutline)).toBeGreaterThan(whitePixels(base) * 0.6);
    expect(whitePixels(withBoth)).toBeGreaterThan(whitePixels(base) * 0.6);
  });

  it('wraps at max_chars_per_line: Chinese and English give the expected number of lines', async () => {
    const yellow = { preset: 'minimal' as const, color: '#FFFF00', shadow: { enabled: false }, outline: { enabled: false } };
    const cases: Array<[string, number, number]> = [
      ['一二三四五六七八九十一二三四五六七八九十', 5, 4],
      ['一二三四五六七八九十一二三四五六七八九十', 10, 2],
      ['THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG', 10, 5],
      ['THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG', 50, 1],
    ];
    for (const [text, max, lines] of cases) {
      const { layer, fonts } = layerFor({ ...yellow, text_wrapping: { max_chars_per_line: max } }, text);
      const p = await draw(layer.style, layer.cues[0].text, fonts);
      expect(`${max}: ${lineCount(p, [255, 255, 0], layer.style.fontSizePx)}`).toBe(`${max}: ${lines}`);
    }
  });

  it('shows no text between cues', () => {
    const { layer } = layerFor({ preset: 'netflix' }, 'first');
    expect(activeCueText(layer, 0)).toBe('first');
    expect(activeCueText(layer, 29)).toBe('first');
    expect(activeCueText(layer, 30)).toBeNull();
    expect(activeCueText(layer, 59)).toBeNull();
    expect(activeCueText(layer, 60)).toBe('later');
  });
});
