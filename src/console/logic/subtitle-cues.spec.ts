import { cueSpans } from './subtitle-cues';

describe('cueSpans', () => {
  it('reads SRT timings with hours and comma fractions', () => {
    const srt = '1\r\n00:00:00,200 --> 00:00:01,400\r\nHello\r\n\r\n2\r\n01:02:03,5 --> 01:02:04,000\r\nBye\r\n';
    expect(cueSpans(srt)).toEqual([
      { startMs: 200, endMs: 1400 },
      { startMs: 3_723_500, endMs: 3_724_000 },
    ]);
  });

  it('reads WebVTT timings without hours and with cue settings', () => {
    const vtt = 'WEBVTT\n\n00:00.100 --> 00:01.000 line:90%\nA\n\n00:01.100 --> 00:01.900\nB\n';
    expect(cueSpans(vtt)).toEqual([
      { startMs: 100, endMs: 1000 },
      { startMs: 1100, endMs: 1900 },
    ]);
  });

  it('skips text that only looks like a timing and cues that end before they start', () => {
    expect(cueSpans('the arrow --> is text\n00:00:02,000 --> 00:00:01,000\n00:61:00,000 --> 00:62:00,000')).toEqual([]);
  });
});
