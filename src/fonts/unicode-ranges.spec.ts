import { glyphCodePoints, parseFcCharset, parseUnicodeRange, rangesContain } from './unicode-ranges';

describe('unicode ranges', () => {
  it('parses CSS unicode-range lists, wildcards included, merging overlaps', () => {
    expect(parseUnicodeRange('U+4e00-4e0f, U+3001,u+30??,U+4e10-4e20')).toEqual([
      [0x3000, 0x30ff],
      [0x4e00, 0x4e20],
    ]);
    expect(() => parseUnicodeRange('U+zz')).toThrow('bad code point');
  });

  it('parses fontconfig charsets', () => {
    expect(parseFcCharset('20-7e a0-17f 192')).toEqual([
      [0x20, 0x7e],
      [0xa0, 0x17f],
      [0x192, 0x192],
    ]);
  });

  it('finds code points by binary search, edges included', () => {
    const r = parseFcCharset('20-7e a0-17f 192');
    expect([0x1f, 0x20, 0x7e, 0x7f, 0x17f, 0x191, 0x192, 0x193].map((cp) => rangesContain(r, cp))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('collects distinct code points that need a glyph, astral ones whole', () => {
    expect([...glyphCodePoints('a a\n\t字𠀋字')]).toEqual([0x61, 0x5b57, 0x2000b]);
  });
});
