import { chunkRanges } from './frame-range';

describe('chunkRanges', () => {
  it('covers every frame once, in order, without gaps', () => {
    const ranges = chunkRanges(1_800, 30, 15);
    expect(ranges).toEqual([
      { from: 0, to: 450 },
      { from: 450, to: 900 },
      { from: 900, to: 1_350 },
      { from: 1_350, to: 1_800 },
    ]);
  });

  it('spreads a short tail over every range instead of leaving a tiny last one', () => {
    const ranges = chunkRanges(310, 10, 15);
    expect(ranges.map((r) => r.to - r.from)).toEqual([103, 103, 104]);
    expect(ranges[0].from).toBe(0);
    expect(ranges[2].to).toBe(310);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i].from).toBe(ranges[i - 1].to);
  });

  it('gives one range for a timeline shorter than a chunk', () => {
    expect(chunkRanges(45, 30, 15)).toEqual([{ from: 0, to: 45 }]);
  });
});
