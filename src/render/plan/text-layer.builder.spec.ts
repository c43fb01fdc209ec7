import { glyphCodePoints, parseUnicodeRange, rangesContain } from '../../fonts/unicode-ranges';
import type { ClipInput, TextClipProperties } from '../../task-input/task-input.types';
import type { PlanFontFace, PlanTextLayer } from './render-plan.types';
import { buildTextLayer } from './text-layer.builder';

const canvas = { width: 1280, height: 720 };

function build(text: string, properties: TextClipProperties = {}, startMs = 0): { layer: PlanTextLayer; fonts: PlanFontFace[] } {
  const clip = { id: 'c', text, start_time_ms: startMs, end_time_ms: startMs + 2_000, properties } as ClipInput;
  return buildTextLayer({ id: 't/c', clip, span: { fromFrame: (startMs * 30) / 1000, durationInFrames: 60 }, fps: 30, canvas });
}

/** The CSS family names of a font-family stack, in order, without quotes. */
function stackOf(layer: PlanTextLayer): string[] {
  return layer.style.fontFamily.split(', ').map((name) => name.replace(/"/g, ''));
}

/**
 * No tofu: every glyph of the text other than ASCII lies in the unicode-range of
 * a loaded face of a family in the layer's stack (the ASCII is the key's own
 * Latin file, which has no range); returns the family that draws each character.
 */
function drawingFamilies(layer: PlanTextLayer, fonts: PlanFontFace[], text: string): Map<string, string> {
  const stack = stackOf(layer);
  const families = new Map<string, string>();
  for (const cp of glyphCodePoints(text)) {
    if (cp < 0x80) continue;
    // The first family of the stack with a face that has the glyph draws it.
    const family = stack.find((name) =>
      fonts.some((f) => f.family === name && f.unicodeRange !== undefined && rangesContain(parseUnicodeRange(f.unicodeRange), cp)),
    );
    families.set(String.fromCodePoint(cp), family ?? 'tofu');
  }
  return families;
}

describe('buildTextLayer', () => {
  it('makes a foreground text layer of the clip, wrapped like a subtitle cue, at the clip frames', () => {
    const { layer } = build('one two three four', { text_wrapping: { max_chars_per_line: 9 } }, 1_000);
    expect(layer).toMatchObject({
      id: 't/c',
      kind: 'text',
      text: 'one two\nthree\nfour',
      fromFrame: 30,
      durationInFrames: 60,
      opacity: 1,
      scaleX: 1,
      scaleY: 1,
      rotationDeg: 0,
      blendMode: 'normal',
      layerType: 'foreground',
      motion: null,
    });
  });

  it('composes decomposed text (NFC): Korean in conjoining jamo is drawn from the Hangul syllables of the KR font', () => {
    const { layer, fonts } = build('한국어'.normalize('NFD'), { text_wrapping: { enabled: false } });
    expect(layer.text).toBe('한국어');
    expect(fonts.map((f) => f.family)).toContain('Render Noto Sans KR');
  });

  it('aligns to the centre unless told otherwise', () => {
    expect(build('a').layer.style.align).toBe('center');
    expect(build('a', { align: 'left' }).layer.style.align).toBe('left');
    expect(build('a', { align: 'right' }).layer.style.align).toBe('right');
  });

  it("keeps the preset's background without one of its own, and a given background replaces it with its own defaults", () => {
    // youtube: #080808 at 0.75, 10 px padding and 4 px radius at 1080 lines, so 6.67 and 2.67 at 720.
    expect(build('a', { preset: 'youtube' }).layer.style.background).toEqual({ color: '#080808', opacity: 0.75, paddingPx: 6.67, radiusPx: 2.67 });
    expect(build('a', { preset: 'netflix' }).layer.style.background).toBeNull();
    expect(build('a', { preset: 'youtube', background: {} }).layer.style.background).toEqual({ color: '#000000', opacity: 1, paddingPx: 0, radiusPx: 0 });
    expect(build('a', { background: { color: '#2040C0', opacity: 0.5, padding: 24, radius: 8 } }).layer.style.background).toEqual({
      color: '#2040C0',
      opacity: 0.5,
      paddingPx: 24,
      radiusPx: 8,
    });
    expect(build('a', { background: { padding: 12 } }).layer.style.background).toEqual({ color: '#000000', opacity: 1, paddingPx: 12, radiusPx: 0 });
  });

  it('anchors the block at its position, by default where the preset puts subtitles', () => {
    expect(build('a', { position: { x: 100, y: 200 } }).layer.style).toMatchObject({ anchorX: 100, anchorY: 200 });
    // netflix: centred, 8 % above the bottom.
    expect(build('a').layer.style).toMatchObject({ anchorX: 640, anchorY: 662.4 });
  });

  it('takes each keyframed property at the clip start from its first keyframe, and moves it by its track', () => {
    const { layer } = build(
      'a',
      {
        position: {
          keyframes: [
            { time_ms: 0, value: { x: 100, y: 600 } },
            { time_ms: 1_000, value: { x: 1_100, y: 600 }, easing: 'ease-out' },
          ],
        },
        opacity: { keyframes: [{ time_ms: 500, value: 0.25 }] },
        scale: { keyframes: [{ time_ms: 0, value: { x: 2, y: 3 } }] },
        rotation: { keyframes: [{ time_ms: 0, value: -15 }] },
        transition: { in: { type: 'slide-up', duration_ms: 300 } },
      },
      1_000,
    );
    expect(layer).toMatchObject({ opacity: 0.25, scaleX: 2, scaleY: 3, rotationDeg: -15, style: { anchorX: 100, anchorY: 600 } });
    expect(layer.motion?.position).toEqual([
      { frame: 30, value: { x: 100, y: 600 }, easing: 'linear' },
      { frame: 60, value: { x: 1_100, y: 600 }, easing: 'ease-out' },
    ]);
    expect(layer.motion?.opacity).toEqual([{ frame: 45, value: 0.25, easing: 'linear' }]);
    expect(layer.motion?.transitionIn).toEqual({ type: 'slide-up', fromFrame: 30, toFrame: 39 });
  });

  it('draws Latin text with the preset font and loads only that face', () => {
    const { layer, fonts } = build('Hello');
    expect(stackOf(layer)[0]).toBe('Render Liberation Sans');
    expect(fonts).toEqual([expect.objectContaining({ family: 'Render Liberation Sans' })]);
    expect(fonts[0].unicodeRange).toBeUndefined();
  });

  it.each([
    ['Chinese', '你好，世界 Hello', 'Render Source Han Sans SC'],
    ['Japanese', 'こんにちは、世界。カタカナ 漢字', 'Render Noto Sans JP'],
    ['Korean', '안녕하세요 세계', 'Render Noto Sans KR'],
  ])('gives %s text the faces of its own script for every character (no tofu)', (_script, text, family) => {
    const { layer, fonts } = build(text);
    const drawn = drawingFamilies(layer, fonts, text);
    expect([...drawn.values()].every((f) => f === family)).toBe(true);
    expect(drawn.size).toBeGreaterThan(0);
    // The Latin and the punctuation the CJK face lacks still come from the preset's own face.
    expect(fonts[0].family).toBe('Render Liberation Sans');
    // Only the slices the text touches are loaded.
    expect(fonts.length).toBeLessThan(20);
  });

  it('draws a Chinese font_family from its own slices', () => {
    const text = '中文字幕测试';
    const { layer, fonts } = build(text, { font_family: 'chinese' });
    expect(stackOf(layer)[0]).toBe('Render Source Han Sans SC');
    expect(new Set(drawingFamilies(layer, fonts, text).values())).toEqual(new Set(['Render Source Han Sans SC']));
  });
});
