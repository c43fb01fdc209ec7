import {
  bestPass,
  CORRECTION_LU,
  LIMITER_MARGIN_DB,
  type LoudnessPass,
  MAX_EXTRA_GAIN_DB,
  nextPass,
  normalisingFilter,
  parseEbur128Summary,
  PEAK_AIM_DB,
  PEAK_TOLERANCE_DB,
} from './loudness';

const SUMMARY = `[Parsed_ebur128_0 @ 0x5619322ce400] Summary:

  Integrated loudness:
    I:         -21.8 LUFS
    Threshold: -31.8 LUFS

  Loudness range:
    LRA:        20.0 LU

  True peak:
    Peak:      -20.7 dBFS
`;

describe('parseEbur128Summary', () => {
  it('reads the integrated loudness and the true peak of the last summary', () => {
    expect(parseEbur128Summary(`I: -5.0 LUFS (a per-block line)\n${SUMMARY}`)).toEqual({ integratedLufs: -21.8, truePeakDb: -20.7 });
  });

  it('reads silence (nothing above the -70 LUFS gate) as no loudness', () => {
    const silent = SUMMARY.replace('-21.8 LUFS', '-70.0 LUFS').replace('-20.7 dBFS', '-inf dBFS');
    expect(parseEbur128Summary(silent)).toEqual({ integratedLufs: null, truePeakDb: -Infinity });
  });

  it('refuses output without a summary', () => {
    expect(() => parseEbur128Summary('Error opening input')).toThrow('no ebur128 summary');
  });
});

describe('normalisingFilter', () => {
  it('applies one gain, then limits 4x oversampled at the ceiling, without make-up gain, back at 48 kHz', () => {
    expect(normalisingFilter(7.25, -1 - LIMITER_MARGIN_DB)).toBe(
      'volume=7.250dB,aresample=192000,alimiter=limit=0.794328:attack=5:release=50:level=disabled:latency=1,aresample=48000',
    );
    expect(normalisingFilter(-3, -9)).toContain('volume=-3.000dB,');
    expect(normalisingFilter(-3, -9)).toContain('limit=0.354813:');
  });

  it("keeps the ceiling within alimiter's range", () => {
    expect(normalisingFilter(0, -30)).toContain('limit=0.063096:');
  });
});

const pass = (gainDb: number, ceilingDb: number, lufs: number | null, peak: number): LoudnessPass => ({
  gainDb,
  ceilingDb,
  result: { integratedLufs: lufs, truePeakDb: peak },
});

describe('nextPass', () => {
  it('is null once the result is within CORRECTION_LU of the target and its true peak within the bound', () => {
    expect(nextPass(-14, -1, [pass(6, -2, -14 - CORRECTION_LU, -1)])).toBeNull();
    expect(nextPass(-14, -1, [pass(6, -2, -13.8, -3)])).toBeNull();
    expect(nextPass(-14, -1, [pass(6, -2, -13.8, -0.75)])).toBeNull();
    expect(nextPass(-14, -1, [pass(6, -2, -13.8, -1 + PEAK_TOLERANCE_DB + 0.1)])).not.toBeNull();
  });

  it('after one pass corrects the gain by the miss and aims the true peak PEAK_AIM_DB under the bound, up or down', () => {
    // Short of the target with the peak 2.5 dB under the bound: more gain, and the ceiling raised by 2.2 dB.
    const up = nextPass(-8, -1, [pass(7.5, -4, -11, -3.5)]);
    expect(up?.gainDb).toBeCloseTo(10.5, 9);
    expect(up?.ceilingDb).toBeCloseTo(-4 + (2.5 - PEAK_AIM_DB), 9);
    // On target but the peak over: the same gain, the ceiling lowered by the excess and the aim.
    const down = nextPass(-14, -1, [pass(6, -2, -14.2, 0)]);
    expect(down?.gainDb).toBeCloseTo(6.2, 9);
    expect(down?.ceilingDb).toBeCloseTo(-2 - 1 - PEAK_AIM_DB, 9);
  });

  it('divides the miss by the loudness the last gain change bought, a limiter making a dB worth less', () => {
    // 4 dB more gain bought 1 LU: 2 LU more needs 8 dB more.
    expect(nextPass(-8, -1, [pass(4, -2, -11, -1.3), pass(8, -2, -10, -1.3)])?.gainDb).toBeCloseTo(16, 9);
    // Unless the ceiling changed between them, which moved the loudness too: then the miss as it is.
    expect(nextPass(-8, -1, [pass(4, -3, -11, -1.3), pass(8, -2, -10, -1.3)])?.gainDb).toBeCloseTo(10, 9);
  });

  it('never raises the ceiling over the bound nor the gain more than MAX_EXTRA_GAIN_DB over the first pass', () => {
    const next = nextPass(-8, -1, [pass(4, -2, -20, -12), pass(4.5, -2, -19.99, -12)]);
    expect(next?.ceilingDb).toBe(-1);
    expect(next?.gainDb).toBe(4 + MAX_EXTRA_GAIN_DB);
  });

  it('is null for a silent result', () => {
    expect(nextPass(-14, -1, [pass(6, -2, null, -Infinity)])).toBeNull();
  });
});

describe('bestPass', () => {
  it('keeps the pass closest to the target among those within the true-peak bound', () => {
    const passes = [pass(1, -2, -11, -3), pass(2, -2, -8.2, -1.4), pass(3, -2, -8.1, -1.6)];
    expect(bestPass(passes, -8, -1)).toBe(passes[2]);
  });

  it('keeps a pass within the bound over a closer one that is not, else the lowest true peak', () => {
    const passes = [pass(1, -2, -10, -1.5), pass(2, -2, -8, -0.6)];
    expect(bestPass(passes, -8, -1)).toBe(passes[0]);
    const over = [pass(1, -2, -8, -0.1), pass(2, -2, -8, -0.5)];
    expect(bestPass(over, -8, -1)).toBe(over[1]);
  });
});
