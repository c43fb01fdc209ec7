import { CORRECTION_LU, correctedGainDb, LIMITER_MARGIN_DB, normalisingFilter, parseEbur128Summary } from './loudness';

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
      'volume=7.250dB,aresample=192000,alimiter=limit=0.794328:attack=5:release=50:level=disabled,aresample=48000',
    );
    expect(normalisingFilter(-3, -9)).toContain('volume=-3.000dB,');
    expect(normalisingFilter(-3, -9)).toContain('limit=0.354813:');
  });

  it("keeps the ceiling within alimiter's range", () => {
    expect(normalisingFilter(0, -30)).toContain('limit=0.063096:');
  });
});

describe('correctedGainDb', () => {
  it('is the gain plus what the result missed the target by, once that is more than CORRECTION_LU', () => {
    expect(correctedGainDb(-14, 6, -15.2)).toBeCloseTo(7.2, 9);
    expect(correctedGainDb(-14, 6, -12.9)).toBeCloseTo(4.9, 9);
  });

  it('is null when the result is close enough, or silent', () => {
    expect(correctedGainDb(-14, 6, -14 - CORRECTION_LU)).toBeNull();
    expect(correctedGainDb(-14, 6, -13.8)).toBeNull();
    expect(correctedGainDb(-14, 6, null)).toBeNull();
  });
});
