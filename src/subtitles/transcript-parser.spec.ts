import { RenderFailure } from '../common/render-failure';
import { isTranscriptPath, MAX_TRANSCRIPT_DEPTH, parseTranscript } from './transcript-parser';

const URL = 'https://media.example/talk.json';
const LIMITS = { maxBytes: 4096, maxCues: 3, maxLines: 100 };

function messageOf(content: unknown, maxWords = 50_000): string {
  try {
    parseTranscript(typeof content === 'string' ? content : JSON.stringify(content), URL, LIMITS, maxWords);
  } catch (err: unknown) {
    if (err instanceof RenderFailure && err.code === 'INVALID_MEDIA_FORMAT') return err.message;
    throw err;
  }
  throw new Error('expected INVALID_MEDIA_FORMAT');
}

const word = (w: string, start: number, end: number) => ({ word: w, start, end });

describe('parseTranscript', () => {
  it('reads Whisper segments as cues and their words as timed words, ignoring fields it does not use', () => {
    const whisper = {
      text: ' Hello world. Again',
      language: 'en',
      segments: [
        { id: 0, seek: 0, tokens: [50364, 2425], start: 1.2, end: 3.4, text: ' Hello world.', words: [word(' Hello', 1.2, 1.6), word(' world.', 1.7, 3.4)] },
        { id: 1, start: 4, end: 5, text: ' Again' },
      ],
    };
    expect(parseTranscript(JSON.stringify(whisper), URL, LIMITS)).toEqual([
      {
        startMs: 1200,
        endMs: 3400,
        text: 'Hello world.',
        words: [
          { text: 'Hello', startMs: 1200 },
          { text: 'world.', startMs: 1700 },
        ],
      },
      { startMs: 4000, endMs: 5000, text: 'Again' },
    ]);
  });

  it("joins the words when the segment's text does not spell them (spaces between Latin words, none between CJK)", () => {
    const segments = [{ start: 0, end: 2, text: 'something else', words: [word('你', 0, 0.5), word('好', 0.5, 1), word('Bob', 1, 2)] }];
    expect(parseTranscript(JSON.stringify({ segments }), URL, LIMITS)[0].text).toBe('你好 Bob');
  });

  it('speaks a word without times (WhisperX leaves them out where it could not align) with the word before', () => {
    const segments = [
      { start: 1, end: 3, text: 'Call 911 now', words: [{ word: 'Call', start: 1, end: 1.5 }, { word: '911' }, { word: 'now', start: 2, end: 3 }] },
    ];
    expect(parseTranscript(JSON.stringify({ segments }), URL, LIMITS)[0].words).toEqual([
      { text: 'Call', startMs: 1000 },
      { text: '911', startMs: 1000 },
      { text: 'now', startMs: 2000 },
    ]);
  });

  it('takes a Buffer with a BOM', () => {
    const cues = parseTranscript(Buffer.from('\ufeff{"segments":[{"start":0,"end":1,"text":"Hi"}]}'), URL, LIMITS);
    expect(cues).toEqual([{ startMs: 0, endMs: 1000, text: 'Hi' }]);
  });

  it.each([
    // Only our words: JSON.parse's own would quote the file (and change with Node's version).
    ['not JSON', '{"segments":[{"start":NaN,"end":1e400,"text":"x"}]}', /: not valid JSON$/],
    ['not an object at the top', [], /the top level is not an object/],
    ['no segments', {}, /segments is missing/],
    ['segments not an array', { segments: {} }, /segments is not an array/],
    ['a segment not an object', { segments: [1] }, /segments\[0\] is not an object/],
    ['a start that is a string', { segments: [{ start: '1', end: 2, text: 'a' }] }, /segments\[0\]\.start is not a number/],
    ['a negative end', { segments: [{ start: 0, end: -1, text: 'a' }] }, /segments\[0\]\.end is negative/],
    ['an end before the start', { segments: [{ start: 2, end: 1, text: 'a' }] }, /segments\[0\]\.end is before segments\[0\]\.start/],
    ['a text that is a number', { segments: [{ start: 0, end: 1, text: 5 }] }, /segments\[0\]\.text is not a string/],
    ['words not an array', { segments: [{ start: 0, end: 1, text: 'a', words: 'a' }] }, /segments\[0\]\.words is not an array/],
    [
      'a word start that is not a number',
      {
        segments: [
          { start: 0, end: 1, text: 'a' },
          { start: 1, end: 2, text: 'a b c', words: [word('a', 1, 1.1), word('b', 1.1, 1.2), { word: 'c', start: null, end: 2 }] },
        ],
      },
      /segments\[1\]\.words\[2\]\.start is not a number/,
    ],
    [
      'a word that is not a string',
      { segments: [{ start: 0, end: 1, words: [{ word: 1, start: 0, end: 1 }] }] },
      /segments\[0\]\.words\[0\]\.word is not a string/,
    ],
    [
      'words out of order',
      { segments: [{ start: 0, end: 2, words: [word('a', 1, 2), word('b', 0.5, 1)] }] },
      /segments\[0\]\.words\[1\]\.start is before the start of the word before it/,
    ],
    [
      'too many segments',
      { segments: [0, 1, 2, 3].map((i) => ({ start: i, end: i + 1, text: 'a' })) },
      /segments has 4 entries, more than the 3 cues allowed \(MAX_SUBTITLE_CUES\)/,
    ],
    ['an infinite time written as a huge number', '{"segments":[{"start":1e999,"end":1,"text":"a"}]}', /segments\[0\]\.start is not a number/],
  ])('refuses %s, naming where', (_label, content, message) => {
    expect(messageOf(content)).toMatch(message);
    expect(messageOf(content)).toMatch(/^transcript https:\/\/media\.example\/talk\.json: /);
  });

  it('refuses a file over the subtitle size limit before reading it', () => {
    expect(messageOf(`{"segments":[],"pad":"${'x'.repeat(5000)}"}`)).toMatch(/the file is 5\d{3} bytes, more than the 4096 allowed \(MAX_SUBTITLE_BYTES\)/);
  });

  it('refuses nesting deeper than the limit without parsing it, but not brackets inside strings', () => {
    const deep = `{"segments":[],"x":${'['.repeat(MAX_TRANSCRIPT_DEPTH)}${']'.repeat(MAX_TRANSCRIPT_DEPTH)}}`;
    expect(messageOf(deep)).toMatch(/nest deeper than 16 levels/);
    const quoted = JSON.stringify({ segments: [{ start: 0, end: 1, text: '[['.repeat(100) + '\\"{' }] });
    expect(parseTranscript(quoted, URL, LIMITS)[0].text).toBe('[['.repeat(100) + '\\"{');
  });

  it('refuses more words than allowed, counted over the whole file', () => {
    const segments = [0, 1].map((i) => ({ start: i, end: i + 1, words: [word('a', i, i + 0.5), word('b', i + 0.5, i + 1)] }));
    expect(() => parseTranscript(JSON.stringify({ segments }), URL, LIMITS, 4)).not.toThrow();
    expect(messageOf({ segments }, 3)).toMatch(/more than the 3 words allowed \(MAX_TASK_CAPTION_WORDS\)/);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => parseTranscript(Buffer.from([0x7b, 0xff, 0x7d]), URL, LIMITS)).toThrow(/the file is not UTF-8 text/);
  });

  it('knows a transcript by its .json path, query and fragment aside', () => {
    expect(isTranscriptPath('https://x.example/a/talk.JSON?sig=1#t')).toBe(true);
    expect(isTranscriptPath('/work/abc.json')).toBe(true);
    expect(isTranscriptPath('https://x.example/json/talk.vtt?format=.json')).toBe(false);
  });
});
