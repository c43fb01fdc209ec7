import { RenderFailure } from '../common/render-failure';
import { parseSubtitleFile, parseSubtitleFileAsync } from './subtitle-parser';

const URL = 'https://media.example/subs.srt';

function failure(content: Buffer | string): RenderFailure {
  try {
    parseSubtitleFile(content, URL);
  } catch (err: unknown) {
    if (err instanceof RenderFailure) return err;
    throw err;
  }
  throw new Error('expected a RenderFailure');
}

describe('parseSubtitleFile: SRT', () => {
  const srt = '1\n00:00:01,000 --> 00:00:02,500\nHello <i>world</i>\nsecond line\n\n2\n00:01:00,250 --> 01:00:00,000\n你好，世界！\n';

  it('reads cues with times in ms, markup removed and lines kept', () => {
    expect(parseSubtitleFile(srt, URL)).toEqual([
      { startMs: 1000, endMs: 2500, text: 'Hello world\nsecond line' },
      { startMs: 60250, endMs: 3600000, text: '你好，世界！' },
    ]);
  });

  it('gives the same cues for a BOM, CRLF and a Buffer', () => {
    const crlf = Buffer.from('\ufeff' + srt.replace(/\n/g, '\r\n'), 'utf8');
    expect(parseSubtitleFile(crlf, URL)).toEqual(parseSubtitleFile(srt, URL));
  });

  it('needs no Node Buffer, as in the browser where Studio plans its samples', () => {
    const bytes = new TextEncoder().encode('\ufeff' + srt);
    const nodeBuffer = globalThis.Buffer;
    Reflect.deleteProperty(globalThis, 'Buffer');
    let fromText: unknown;
    let fromBytes: unknown;
    try {
      fromText = parseSubtitleFile(srt, URL);
      fromBytes = parseSubtitleFile(bytes, URL);
    } catch (err: unknown) {
      fromText = err;
    } finally {
      globalThis.Buffer = nodeBuffer;
    }
    expect(fromText).toEqual(parseSubtitleFile(srt, URL));
    expect(fromBytes).toEqual(fromText);
  });

  it('accepts cues without a number, extra blank lines and position hints', () => {
    const text = '\n\n00:00:00,5 --> 00:00:01,000 X1:10 X2:20\n&lt;tag&gt; &amp; more\n\n\n';
    expect(parseSubtitleFile(text, URL)).toEqual([{ startMs: 500, endMs: 1000, text: '<tag> & more' }]);
  });

  it('names the line of a malformed timing', () => {
    const f = failure('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 -> 00:00:04,000\nbad\n');
    expect(f.code).toBe('INVALID_MEDIA_FORMAT');
    expect(f.retryPossible).toBe(false);
    expect(f.details).toEqual({ media_url: URL });
    expect(f.message).toMatch(new RegExp(`^subtitle file ${URL}: line 6: malformed timing line`));
  });

  it('names the line of a cue that ends before it starts', () => {
    expect(failure('1\r\n00:00:05,000 --> 00:00:04,000\r\nx\r\n').message).toContain('line 2: the cue ends before it starts');
  });

  it('rejects minutes over 59 and text that is not a cue', () => {
    expect(failure('1\n00:61:00,000 --> 00:62:00,000\nx\n').message).toContain('line 2:');
    expect(failure('just some words\nmore\n').message).toContain('line 1: expected a cue number or a timing line');
  });

  it('reports a missing blank line between cues at the stray timing line', () => {
    expect(failure('1\n00:00:01,000 --> 00:00:02,000\na\n00:00:03,000 --> 00:00:04,000\nb\n').message).toContain('line 4: timing line inside cue text');
  });

  it('names the line of bytes that are not UTF-8, and refuses UTF-16 and empty files', () => {
    const latin1 = Buffer.concat([Buffer.from('1\n00:00:01,000 --> 00:00:02,000\ncaf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    expect(failure(latin1).message).toContain('line 3: byte 0xe9');
    expect(failure(Buffer.from([0xff, 0xfe, 0x31, 0x00])).message).toContain('line 1: the file is UTF-16');
    expect(failure('  \n\n').message).toContain('line 1: the file is empty');
  });
});

describe('parseSubtitleFile: WebVTT', () => {
  it('reads cues, skips NOTE/STYLE blocks and identifiers, strips voice and class tags', () => {
    const vtt = [
      'WEBVTT - a title',
      'Kind: captions',
      '',
      'NOTE a comment',
      'spanning lines',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'intro',
      '00:01.000 --> 00:02.000 align:center line:90%',
      '<v Roger>Hi <c.loud>there</c></v>',
      '',
      '01:00:00.000 --> 01:00:01.500',
      'こんにちは<00:00:01.200>世界',
      '',
    ].join('\r\n');
    expect(parseSubtitleFile(Buffer.from('\ufeff' + vtt), URL)).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Hi there' },
      {
        startMs: 3600000,
        endMs: 3601500,
        text: 'こんにちは世界',
        // An inline timestamp before its cue is held to the cue's start.
        words: [
          { text: 'こんにちは', startMs: 3600000 },
          { text: '世界', startMs: 3600000 },
        ],
      },
    ]);
  });

  it('returns no cues for a header-only file', () => {
    expect(parseSubtitleFile('WEBVTT\n', URL)).toEqual([]);
  });

  it('names the line of a bad timestamp (SRT comma in a VTT file)', () => {
    expect(failure('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nx\n').message).toContain('line 3: malformed timing line');
  });

  it('names an identifier without a timing and a cue glued to the header', () => {
    expect(failure('WEBVTT\n\nid-1\n\n00:01.000 --> 00:02.000\nx\n').message).toContain('line 3: cue identifier "id-1" without a timing line');
    expect(failure('WEBVTT\n00:01.000 --> 00:02.000\nx\n').message).toContain('line 2: a blank line must separate');
  });

  it('rejects a file whose signature is not exactly WEBVTT', () => {
    expect(failure('WEBVTTX\n\n00:01.000 --> 00:02.000\nx\n').message).toContain('line 1: a WebVTT file must start with "WEBVTT"');
  });
});

describe('parseSubtitleFile: hostile files', () => {
  const limits = { maxBytes: 4_000, maxCues: 3, maxLines: 40 };
  const cue = (n: number) => `${n}\n00:00:0${n},000 --> 00:00:0${n},500\nline ${n}\n`;

  function refusal(content: string): RenderFailure {
    try {
      parseSubtitleFile(content, URL, limits);
    } catch (err: unknown) {
      if (err instanceof RenderFailure) return err;
      throw err;
    }
    throw new Error('expected a RenderFailure');
  }

  it('refuses a file over the byte, line or cue limit, naming the limit', () => {
    expect(parseSubtitleFile([1, 2, 3].map(cue).join('\n'), URL, limits)).toHaveLength(3);
    expect(refusal(cue(1) + 'x'.repeat(4_000))).toMatchObject({ code: 'INVALID_MEDIA_FORMAT', message: expect.stringMatching(/MAX_SUBTITLE_BYTES/) });
    expect(refusal(cue(1) + '\n'.repeat(45)).message).toMatch(/more than 40 lines \(MAX_SUBTITLE_LINES\)/);
    expect(refusal([1, 2, 3, 4].map(cue).join('\n')).message).toMatch(/line 13: the file has more than the 3 cues allowed \(MAX_SUBTITLE_CUES\)/);
  });

  it('counts lines of every ending style against the line limit', () => {
    expect(refusal(cue(1) + '\r\n'.repeat(20) + '\r'.repeat(20)).message).toMatch(/MAX_SUBTITLE_LINES/);
    expect(parseSubtitleFile(cue(1) + '\r\n'.repeat(10) + '\r'.repeat(10), URL, limits)).toHaveLength(1);
  });

  it('strips a cue of 234 KB of unclosed and nested tags in linear time', () => {
    // Quadratic markup stripping took 13 s on this cue and blocked the event loop.
    const bomb = '<b '.repeat(40_000) + '{\\'.repeat(30_000) + 'kept';
    const started = process.hrtime.bigint();
    const [parsed] = parseSubtitleFile(`1\n00:00:00,000 --> 00:00:01,000\n${bomb}\n`, URL, { ...limits, maxBytes: 1_000_000 });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(parsed.text.endsWith('kept')).toBe(true);
    expect(parsed.text).toContain('<b <b');
    expect(ms).toBeLessThan(1_000);
  });
});

describe('parseSubtitleFileAsync', () => {
  const bigSrt = Array.from({ length: 20_000 }, (_, i) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\n<i>cue</i> ${i}\n`).join('\n');

  it('gives what the synchronous parser gives, letting the event loop run between slices', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const cues = await parseSubtitleFileAsync(bigSrt, URL);
    counting = false;
    expect(cues).toEqual(parseSubtitleFile(bigSrt, URL));
    expect(cues).toHaveLength(20_000);
    // 20 000 cues of 3 lines: at least one turn per 1 000 lines or cues.
    expect(turns).toBeGreaterThan(50);
  });

  it('fails the same way, naming the line', async () => {
    await expect(parseSubtitleFileAsync('1\n00:00:01,000 -> 00:00:02,000\nx\n', URL)).rejects.toMatchObject({
      code: 'INVALID_MEDIA_FORMAT',
      message: expect.stringMatching(/line 2: malformed timing line/),
    });
  });
});

describe('parseSubtitleFile: WebVTT inline timestamps', () => {
  it('times the words after each timestamp from it, the text before the first from the cue start', () => {
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:04.000\nSo <00:01.500>here we<00:02.000> <b>go</b>\n<00:03.250>again &amp; again\n';
    expect(parseSubtitleFile(vtt, URL)).toEqual([
      {
        startMs: 1000,
        endMs: 4000,
        text: 'So here we go\nagain & again',
        words: [
          { text: 'So', startMs: 1000 },
          { text: 'here we', startMs: 1500 },
          { text: 'go', startMs: 2000 },
          { text: 'again & again', startMs: 3250 },
        ],
      },
    ]);
  });

  it('holds a timestamp before the one before it or past the cue end to them', () => {
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:02.000\n<00:01.500>a <00:01.200>b <00:09.000>c\n';
    expect(parseSubtitleFile(vtt, URL)[0].words).toEqual([
      { text: 'a', startMs: 1500 },
      { text: 'b', startMs: 1500 },
      { text: 'c', startMs: 2000 },
    ]);
  });

  it('gives a cue without timestamps, and every SRT cue, no words', () => {
    expect(parseSubtitleFile('WEBVTT\n\n00:01.000 --> 00:02.000\nplain\n', URL)[0]).not.toHaveProperty('words');
    expect(parseSubtitleFile('1\n00:00:01,000 --> 00:00:02,000\nplain <00:01.500>text\n', URL)[0]).toEqual({ startMs: 1000, endMs: 2000, text: 'plain text' });
  });
});
