import { isMostlyCjk, wordsOf, wrapText } from './text-wrap';

const word = (max: number, language = 'auto') => ({ maxCharsPerLine: max, strategy: 'word' as const, language });
const lengths = (text: string) => text.split('\n').map((l) => Array.from(l).length);

describe('wrapText', () => {
  it('wraps English at spaces within the limit and never splits a word', () => {
    const out = wrapText('The quick brown fox jumps over the lazy dog', word(15));
    expect(out).toBe('The quick brown\nfox jumps over\nthe lazy dog');
    expect(Math.max(...lengths(out))).toBeLessThanOrEqual(15);
    expect(wrapText('a supercalifragilistic word', word(10))).toBe('a\nsupercalifragilistic\nword');
  });

  it('breaks Chinese between characters at the limit', () => {
    const out = wrapText('今天天气很好我们一起去公园散步吧', word(6));
    expect(out).toBe('今天天气很好\n我们一起去公\n园散步吧');
  });

  it('keeps a half-width voiced mark on its kana, as a combining mark is kept on its base: in lines and in words', () => {
    expect(wrapText('ｿﾞﾝﾋﾞｿﾟ', { ...word(1), strategy: 'character' })).toBe('ｿﾞ\nﾝ\nﾋﾞ\nｿﾟ');
    expect(wordsOf('ｿﾞﾝﾋﾞ', 'ja').map((w) => w.text)).toEqual(['ｿﾞ', 'ﾝ', 'ﾋﾞ']);
  });

  it('never starts a line with closing punctuation nor ends one with opening punctuation', () => {
    const out = wrapText('你好，世界。「这是测试」，好吗？', word(3));
    for (const line of out.split('\n')) {
      expect(line).not.toMatch(/^[，。」？！、]/);
      expect(line).not.toMatch(/[「（]$/);
    }
    expect(out.replace(/\n/g, '')).toBe('你好，世界。「这是测试」，好吗？');
    expect(Math.max(...lengths(out))).toBeLessThanOrEqual(4);
  });

  it('keeps a Latin word whole inside Chinese text', () => {
    const out = wrapText('我们使用Remotion渲染视频', word(6));
    expect(out.split('\n')).toContain('Remotion');
    expect(out.replace(/\n/g, '')).toBe('我们使用Remotion渲染视频');
  });

  it('applies Japanese small-kana and prolonged-mark rules for ja (or auto with kana)', () => {
    expect(wrapText('あいうえおっと', word(5, 'ja'))).toBe('あいうえ\nおっと');
    expect(wrapText('あいうえおっと', word(5, 'auto'))).toBe('あいうえ\nおっと');
    expect(wrapText('コンピュータ', word(4, 'ja'))).toBe('コン\nピュータ');
    expect(wrapText('コンピュータ', word(4, 'zh-Hans'))).toBe('コンピュ\nータ');
  });

  it('character strategy may split Latin words; none and a null limit keep the text', () => {
    expect(wrapText('abcdefgh ij', { maxCharsPerLine: 4, strategy: 'character', language: 'auto' })).toBe('abcd\nefgh\nij');
    expect(wrapText('abc def ghi', { maxCharsPerLine: 3, strategy: 'none', language: 'auto' })).toBe('abc def ghi');
    expect(wrapText('abc def ghi', { maxCharsPerLine: null, strategy: 'word', language: 'auto' })).toBe('abc def ghi');
  });

  it('glues a run of 40 000 opening brackets into one piece within the test timeout', async () => {
    // Each bracket glues to the next and the last to 你: one piece of 40 001 characters, then 好. Rescanning the
    // glued piece per bracket took 29 s to 7 min. Jest can time a test out only when it yields, hence the wait.
    const brackets = '「'.repeat(40_000);
    expect(wrapText(`${brackets}你好`, word(10))).toBe(`${brackets}你\n好`);
    expect(wrapText(`好${brackets}`, { maxCharsPerLine: 1, strategy: 'character', language: 'ja' })).toBe(`好\n${brackets}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('keeps existing line breaks and wraps Korean by words', () => {
    expect(wrapText('one two\nthree four', word(5))).toBe('one\ntwo\nthree\nfour');
    expect(wrapText('안녕하세요 여러분 반갑습니다', word(8))).toBe('안녕하세요\n여러분\n반갑습니다');
  });
});

describe('isMostlyCjk', () => {
  it('tells CJK-heavy cues from Latin ones', () => {
    expect(isMostlyCjk('你好 world')).toBe(false);
    expect(isMostlyCjk('你好世界 ok')).toBe(true);
    expect(isMostlyCjk('안녕하세요')).toBe(true);
  });
});
