import { chromiumResize, mipLevels } from './chromium-resize';

describe('mipLevels', () => {
  it('halves while the next level still covers the target on both sides', () => {
    expect(mipLevels({ width: 640, height: 360 }, { width: 320, height: 180 })).toEqual([{ width: 320, height: 180 }]);
    expect(mipLevels({ width: 1920, height: 1080 }, { width: 400, height: 200 })).toEqual([
      { width: 960, height: 540 },
      { width: 480, height: 270 },
    ]);
  });

  it('stops before a level smaller than the target on either side (a non-uniform fit)', () => {
    expect(mipLevels({ width: 640, height: 360 }, { width: 320, height: 181 })).toEqual([]);
    expect(mipLevels({ width: 640, height: 360 }, { width: 100, height: 300 })).toEqual([]);
  });

  it('stops at an odd side, where Skia averages three pixels instead of a plain box', () => {
    expect(mipLevels({ width: 640, height: 180 }, { width: 80, height: 20 })).toEqual([
      { width: 320, height: 90 },
      { width: 160, height: 45 },
    ]);
    expect(mipLevels({ width: 641, height: 360 }, { width: 100, height: 50 })).toEqual([]);
  });
});

describe('chromiumResize', () => {
  const steps = (filters: string[], prefix: string) => filters.filter((f) => f.startsWith(prefix)).length;

  it('keeps the size with no filter at all', () => {
    expect(chromiumResize({ width: 640, height: 360 }, { width: 640, height: 360 })).toEqual([]);
  });

  it('reduces through one floored box and one pick of even pixels per mip level, then area for the rest', () => {
    const filters = chromiumResize({ width: 1920, height: 1080 }, { width: 400, height: 200 });
    expect([steps(filters, 'convolution='), steps(filters, 'field=top')]).toEqual([2, 4]);
    expect(filters[0]).toBe('format=gbrap');
    expect(filters[filters.length - 1]).toBe('scale=w=400:h=200:flags=area');
  });

  it('enlarges with a floored 16-bit bilinear, on both sides or one side kept', () => {
    for (const target of [
      { width: 1280, height: 720 },
      { width: 640, height: 720 },
    ]) {
      const filters = chromiumResize({ width: 640, height: 360 }, target);
      expect(filters).toContain(`zscale=w=${target.width}:h=${target.height}:filter=bilinear`);
      expect(steps(filters, 'convolution=')).toBe(0);
      expect(filters[filters.length - 1]).toMatch(/^lut=/);
    }
  });

  it('resamples the alpha of a picture with transparent pixels with its colours, floored alike', () => {
    const enlarged = chromiumResize({ width: 200, height: 200 }, { width: 320, height: 320 }, true);
    expect(enlarged).toContain('format=gbrap16le');
    expect(enlarged).not.toContain('format=gbrp16le');
    expect(enlarged[enlarged.length - 1]).toMatch(/:c3='floor\(val\/256\)\*256'$/);
    const reduced = chromiumResize({ width: 400, height: 400 }, { width: 150, height: 150 }, true);
    expect(reduced.filter((f) => f.startsWith('convolution=')).every((f) => f.includes(':3m='))).toBe(true);
    expect(reduced.filter((f) => f.startsWith('negate'))).toEqual(['negate=negate_alpha=1', 'negate=negate_alpha=1']);
    // An opaque picture's alpha is left alone: a video's chain is unchanged.
    expect(chromiumResize({ width: 400, height: 400 }, { width: 150, height: 150 }).some((f) => f.includes('3m=') || f.includes('alpha'))).toBe(false);
  });

  it('treats one side enlarged and the other reduced as a reduction with no mip level: area alone, on the packed picture', () => {
    expect(chromiumResize({ width: 640, height: 360 }, { width: 960, height: 100 })).toEqual(['scale=w=960:h=100:flags=area']);
    expect(chromiumResize({ width: 1440, height: 1080 }, { width: 1280, height: 960 })).toEqual(['scale=w=1280:h=960:flags=area']);
  });
});
