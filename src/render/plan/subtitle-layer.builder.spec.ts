import type { ClipInput } from '../../task-input/task-input.types';
import { buildSubtitleLayer } from './subtitle-layer.builder';

const canvas = { width: 1280, height: 720 };

function clip(start: number, end: number, properties?: ClipInput['properties']): ClipInput {
  return { id: 'c1', media_url: 'https://m.example/a.srt', start_time_ms: start, end_time_ms: end, properties };
}

describe('buildSubtitleLayer', () => {
  it('shifts cues by the clip start, cuts them at the clip end and drops what falls outside or is empty', () => {
    const { layer } = buildSubtitleLayer({
      id: 't/c1',
      fps: 30,
      canvas,
      timelineFrames: 600,
      clip: clip(2000, 5000),
      cues: [
        { startMs: 0, endMs: 1000, text: 'first' },
        { startMs: 1500, endMs: 1600, text: '   ' },
        { startMs: 2500, endMs: 9000, text: 'cut at clip end' },
        { startMs: 3000, endMs: 4000, text: 'after the clip' },
      ],
    });
    expect(layer.id).toBe('t/c1');
    expect(layer.cues).toEqual([
      { fromFrame: 60, durationInFrames: 30, text: 'first' },
      { fromFrame: 135, durationInFrames: 15, text: 'cut at clip end' },
    ]);
  });

  it('cuts at the timeline end too and sorts cues by start', () => {
    const { layer } = buildSubtitleLayer({
      id: 'x',
      fps: 25,
      canvas,
      timelineFrames: 50,
      clip: clip(0, 10000),
      cues: [
        { startMs: 1800, endMs: 4000, text: 'b' },
        { startMs: 0, endMs: 400, text: 'a' },
      ],
    });
    expect(layer.cues).toEqual([
      { fromFrame: 0, durationInFrames: 10, text: 'a' },
      { fromFrame: 45, durationInFrames: 5, text: 'b' },
    ]);
  });

  it('gives a cue the frames whose timestamps fall inside it, like the plan builder does for clips', () => {
    const { layer } = buildSubtitleLayer({
      id: 'x',
      fps: 30,
      canvas,
      timelineFrames: 90,
      clip: clip(0, 3000),
      cues: [
        { startMs: 0, endMs: 10, text: 'flash' },
        { startMs: 40, endMs: 50, text: 'between frames' },
        { startMs: 1010, endMs: 1040, text: 'one' },
      ],
    });
    expect(layer.cues).toEqual([
      { fromFrame: 0, durationInFrames: 1, text: 'flash' },
      { fromFrame: 31, durationInFrames: 1, text: 'one' },
    ]);
  });

  it('wraps each cue at max_chars_per_line, Chinese and English', () => {
    const { layer } = buildSubtitleLayer({
      id: 'x',
      fps: 30,
      canvas,
      timelineFrames: 300,
      clip: clip(0, 10000, { text_wrapping: { max_chars_per_line: 5 } }),
      cues: [
        { startMs: 0, endMs: 1000, text: '一二三四五六七八九十' },
        { startMs: 1000, endMs: 2000, text: 'ab cd ef gh' },
      ],
    });
    expect(layer.cues.map((c) => c.text)).toEqual(['一二三四五\n六七八九十', 'ab cd\nef gh']);
  });

  it('keeps the text when wrapping is disabled', () => {
    const { layer } = buildSubtitleLayer({
      id: 'x',
      fps: 30,
      canvas,
      timelineFrames: 300,
      clip: clip(0, 10000, { text_wrapping: { enabled: false, max_chars_per_line: 2 } }),
      cues: [{ startMs: 0, endMs: 1000, text: 'ab cd ef' }],
    });
    expect(layer.cues[0].text).toBe('ab cd ef');
    expect(layer.style.wrapping.enabled).toBe(false);
  });

  it('loads only the fonts of visible text and orders fallbacks by the detected language', () => {
    const { layer, fonts } = buildSubtitleLayer({
      id: 'x',
      fps: 30,
      canvas,
      timelineFrames: 30,
      clip: clip(0, 1000, { preset: 'netflix' }),
      cues: [
        { startMs: 0, endMs: 1000, text: 'ひらがな 日本' },
        { startMs: 5000, endMs: 6000, text: '한국어' },
      ],
    });
    expect(layer.style.fontFamily.split(', ')[1]).toBe('"Render Noto Sans JP"');
    expect(fonts[0].family).toBe('Render Liberation Sans');
    expect(fonts.slice(1).every((f) => f.family === 'Render Noto Sans JP')).toBe(true);
  });

  it('composes decomposed text (NFC), so Korean spelt in conjoining jamo is drawn from the Hangul syllables the fonts have', () => {
    const decomposed = '한국어 가나다'.normalize('NFD');
    expect(decomposed).toHaveLength(15);
    const { layer, fonts } = buildSubtitleLayer({
      id: 'x',
      fps: 30,
      canvas,
      timelineFrames: 30,
      clip: clip(0, 1000, { words: {} }),
      cues: [
        {
          startMs: 0,
          endMs: 1000,
          text: decomposed,
          words: [
            { text: '한국어'.normalize('NFD'), startMs: 0 },
            { text: '가나다'.normalize('NFD'), startMs: 500 },
          ],
        },
      ],
    });
    expect(layer.cues[0].text).toBe('한국어 가나다');
    expect(layer.cues[0].words?.map((w) => w.text)).toEqual(['한국어', '가나다']);
    expect(fonts.slice(1).map((f) => f.family)).toContain('Render Noto Sans KR');
  });

  it('needs no fonts when no cue is visible', () => {
    const { layer, fonts } = buildSubtitleLayer({
      id: 'x',
      fps: 30,
      canvas,
      timelineFrames: 30,
      clip: clip(0, 1000),
      cues: [{ startMs: 2000, endMs: 3000, text: 'late' }],
    });
    expect(layer.cues).toEqual([]);
    expect(fonts).toEqual([]);
  });
});

describe('buildSubtitleLayer: word-level captions', () => {
  const base = { id: 't/c1', fps: 10, canvas, timelineFrames: 600 };

  it('gives a plain clip exactly the plan it always had: no words on the layer or its cues', () => {
    const { layer } = buildSubtitleLayer({
      ...base,
      clip: clip(0, 5000),
      cues: [{ startMs: 0, endMs: 1000, text: 'a b', words: [{ text: 'a b', startMs: 0 }] }],
    });
    expect(layer).not.toHaveProperty('words');
    expect(layer.cues).toEqual([{ fromFrame: 0, durationInFrames: 10, text: 'a b' }]);
  });

  it('fills in the defaults of words and times the words of the file on the timeline, none before its cue', () => {
    const { layer } = buildSubtitleLayer({
      ...base,
      clip: clip(1000, 9000, { words: {} }),
      cues: [
        {
          startMs: 500,
          endMs: 2500,
          text: 'Hello there',
          words: [
            { text: 'Hello', startMs: 400 },
            { text: 'there', startMs: 1210 },
          ],
        },
      ],
    });
    expect(layer.words).toEqual({ style: 'highlight', color: '#FFD400', scale: 1 });
    expect(layer.cues).toEqual([
      {
        fromFrame: 15,
        durationInFrames: 20,
        text: 'Hello there',
        words: [
          { text: 'Hello', fromFrame: 15 },
          { text: 'there', fromFrame: 23 },
        ],
      },
    ]);
  });

  it('splits an untimed CJK cue per character, after wrapping the text', () => {
    const { layer } = buildSubtitleLayer({
      ...base,
      clip: clip(0, 9000, { words: { style: 'reveal', highlight_color: '#00FF00', scale: 1.5 }, text_wrapping: { max_chars_per_line: 2 } }),
      cues: [{ startMs: 0, endMs: 1000, text: '你好世界啊' }],
    });
    expect(layer.words).toEqual({ style: 'reveal', color: '#00FF00', scale: 1.5 });
    expect(layer.cues[0].text).toBe('你好\n世界\n啊');
    expect(layer.cues[0].words).toEqual(['你', '好', '世', '界', '啊'].map((text, i) => ({ text, fromFrame: i * 2 })));
  });
});
