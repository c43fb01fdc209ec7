import { cueRuns, splitCueTime, spokenWordCount, wordChangeFrames, wordStates } from './word-captions';

describe('splitCueTime', () => {
  it('splits a cue over its words in proportion to their characters', () => {
    expect(splitCueTime('I am here', 1000, 2400, 'auto')).toEqual([
      { text: 'I', startMs: 1000 },
      { text: 'am', startMs: 1200 },
      { text: 'here', startMs: 1600 },
    ]);
  });

  it('makes each CJK character a word and keeps punctuation with the character it may not be parted from', () => {
    expect(splitCueTime('你好，世界', 0, 1000, 'zh').map((w) => [w.text, w.startMs])).toEqual([
      ['你', 0],
      ['好，', 200],
      ['世', 600],
      ['界', 800],
    ]);
  });

  it('keeps Japanese small kana with the character before it, and a Hangul word whole', () => {
    expect(splitCueTime('ちょっと', 0, 400, 'ja').map((w) => [w.text, w.startMs])).toEqual([
      ['ちょっ', 0],
      ['と', 300],
    ]);
    expect(splitCueTime('안녕 하세요', 0, 500, 'ko').map((w) => [w.text, w.startMs])).toEqual([
      ['안녕', 0],
      ['하세요', 200],
    ]);
  });
});

describe('spokenWordCount and wordChangeFrames', () => {
  const words = [
    { text: 'a', fromFrame: 10 },
    { text: 'b', fromFrame: 15 },
    { text: 'c', fromFrame: 15 },
    { text: 'd', fromFrame: 40 },
  ];

  it('counts the words started at a frame', () => {
    expect([9, 10, 14, 15, 39, 40, 99].map((f) => spokenWordCount(words, f))).toEqual([0, 1, 1, 3, 3, 4, 4]);
  });

  it('makes every word that started last the one being spoken: words given one start are highlighted together', () => {
    expect(wordStates(words, 9)).toEqual(['unspoken', 'unspoken', 'unspoken', 'unspoken']);
    expect(wordStates(words, 14)).toEqual(['active', 'unspoken', 'unspoken', 'unspoken']);
    expect(wordStates(words, 15)).toEqual(['spoken', 'active', 'active', 'unspoken']);
    expect(wordStates(words, 40)).toEqual(['spoken', 'spoken', 'spoken', 'active']);
  });

  it('lists each frame inside the cue where a word starts, once', () => {
    expect(wordChangeFrames({ fromFrame: 10, durationInFrames: 30, text: 'a b c d', words })).toEqual([15]);
    expect(wordChangeFrames({ fromFrame: 5, durationInFrames: 100, text: 'a b c d', words })).toEqual([10, 15, 40]);
    expect(wordChangeFrames({ fromFrame: 5, durationInFrames: 100, text: 'a b c d' })).toEqual([]);
  });
});

describe('cueRuns', () => {
  it('cuts wrapped text into its words, white space and line breaks between them', () => {
    const words = ['Hello', 'big', 'world.'].map((text, i) => ({ text, fromFrame: i }));
    expect(cueRuns('Hello big\nworld.', words)).toEqual([
      { text: 'Hello', word: 0 },
      { text: ' ', word: null },
      { text: 'big', word: 1 },
      { text: '\n', word: null },
      { text: 'world.', word: 2 },
    ]);
  });

  it('parts a word a line break cut into runs of the same word, and leaves later words in place', () => {
    const words = [
      { text: '你好', fromFrame: 0 },
      { text: '世界', fromFrame: 5 },
    ];
    expect(cueRuns('你\n好世界', words)).toEqual([
      { text: '你', word: 0 },
      { text: '\n', word: null },
      { text: '好', word: 0 },
      { text: '世界', word: 1 },
    ]);
  });

  it('gives text past the last word as a run of no word, and a word of several spoken together as one', () => {
    expect(
      cueRuns('so here we go', [
        { text: 'so', fromFrame: 0 },
        { text: 'here we', fromFrame: 3 },
      ]),
    ).toEqual([
      { text: 'so', word: 0 },
      { text: ' ', word: null },
      { text: 'here', word: 1 },
      { text: ' ', word: null },
      { text: 'we', word: 1 },
      { text: ' go', word: null },
    ]);
  });
});
