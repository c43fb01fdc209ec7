/**
 * Word-level captions (docs/extensions.md §4) through the API over HTTPS on the
 * default engine: one task of four subtitle clips, each 1.5 s of its own, the
 * files downloaded by the worker from a media host: a WebVTT file with inline
 * timestamps, a Whisper-shaped JSON transcript served as `application/json`
 * under a name without `.json`, a reveal, and a Chinese cue split per
 * character. The output file is read back: the highlight colour's pixels move
 * from word to word at the word times (within a frame at 30 fps), reveal shows
 * only the words spoken, and OCR reads the cues.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { centroidOf, extentOf, type Frame, nearMatchers, readFrames, type Rgb } from '../../integration/render/render-fixtures';
import { framesOffWord } from '../../integration/render/word-frames';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { downloadOutput, renderThroughApi, type TaskRecord } from '../../support/rendered-video';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(300_000);
expect.extend(nearMatchers);

const WIDTH = 480;
const HEIGHT = 270;
const FPS = 30;
const HIGHLIGHT = '#00FF00';
const green = ([r, g, b]: Rgb): boolean => g > 150 && r < 110 && b < 110;
const white = ([r, g, b]: Rgb): boolean => Math.min(r, g, b) > 170;

/** Each clip's start and the timeline frame at which each of its words starts (the cue ends at `end`). */
const CASES = {
  vtt: { startMs: 0, words: [0, 15, 30], end: 45 },
  json: { startMs: 1_500, words: [45, 57, 72], end: 90 },
  reveal: { startMs: 3_000, words: [90, 108, 120], end: 135 },
  cjk: { startMs: 4_500, words: [135, 144, 153, 162], end: 171 },
} as const;

/** Text tesseract reads in a frame as one line, whitespace removed (dark on light, twice the size, reads best). */
function ocr(video: string, frame: number, language: string, dir: string): string {
  const png = join(dir, `ocr-${frame}.png`);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    video,
    '-vf',
    `select=eq(n\\,${frame}),format=gray,negate,scale=iw*2:ih*2:flags=bicubic`,
    '-frames:v',
    '1',
    png,
  ]);
  const text = execFileSync('tesseract', [png, '-', '-l', language, '--psm', '7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return text.replace(/\s+/g, '');
}

describe('word-level captions rendered through the API (pixels and OCR)', () => {
  let app: TestApp;
  let media: MediaFixtures;
  let video: string;
  let frames: Frame[];
  let record: TaskRecord;
  const dir = mkdtempSync(join(tmpdir(), 'rs-words-'));

  beforeAll(async () => {
    media = await startMediaFixtures();
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=black:s=${WIDTH}x${HEIGHT}`,
      '-frames:v',
      '1',
      join(media.dir, 'black.png'),
    ]);
    writeFileSync(join(media.dir, 'timed.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.500\nONE <00:00.500>TWO <00:01.000>SIX\n');
    const word = (w: string, start: number, end: number) => ({ word: ` ${w}`, start, end });
    const segment = { id: 0, start: 0, end: 1.5, text: ' ONE TWO SIX', words: [word('ONE', 0, 0.4), word('TWO', 0.4, 0.9), word('SIX', 0.9, 1.5)] };
    writeFileSync(join(media.dir, 'whisper.transcript'), JSON.stringify({ text: segment.text, segments: [segment], language: 'en' }));
    writeFileSync(join(media.dir, 'reveal.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.500\nONE <00:00.600>TWO <00:01.000>SIX\n');
    writeFileSync(join(media.dir, 'chinese.srt'), '1\n00:00:00,000 --> 00:00:01,200\n你好世界\n');
    app = await startTestApp({ role: 'all' });
    const captions = (id: string, file: string, startMs: number, words: Record<string, unknown>) => ({
      id,
      type: 'subtitle',
      clips: [
        {
          id,
          media_url: `${media.baseUrl}/${file}`,
          start_time_ms: startMs,
          end_time_ms: startMs + 1_500,
          properties: {
            preset: 'custom',
            font_size: 40,
            color: '#FFFFFF',
            outline: { enabled: false },
            shadow: { enabled: false },
            position: { x: WIDTH / 2, y: 180 },
            words: { highlight_color: HIGHLIGHT, ...words },
          },
        },
      ],
    });
    video = join(dir, 'words.mp4');
    record = await renderThroughApi(
      app,
      {
        input: {
          timeline: {
            duration_ms: 6_000,
            tracks: [
              { id: 'ground', type: 'video', clips: [{ id: 'black', media_url: `${media.baseUrl}/black.png`, start_time_ms: 0, end_time_ms: 6_000 }] },
              captions('vtt', 'timed.vtt', CASES.vtt.startMs, {}),
              captions('json', 'whisper.transcript', CASES.json.startMs, { scale: 1.2 }),
              captions('reveal', 'reveal.vtt', CASES.reveal.startMs, { style: 'reveal' }),
              captions('cjk', 'chinese.srt', CASES.cjk.startMs, {}),
            ],
          },
          output: { resolution: { width: WIDTH, height: HEIGHT }, framerate: FPS, quality: 'high' },
        },
        webhook: { url: 'https://127.0.0.1:9/hook' },
      },
      video,
    );
    frames = await readFrames(video);
  });
  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  it('moves the highlight along the WebVTT cue at its inline timestamps, within a frame', () => {
    expect(frames).toHaveLength(180);
    expect(framesOffWord(frames, CASES.vtt, green)).toEqual([]);
  });

  it('moves the highlight along the JSON transcript (known by its content type) at its word times, within a frame', () => {
    expect(framesOffWord(frames, CASES.json, green)).toEqual([]);
  });

  it('reveals only the words spoken: OCR reads the first word, then the first two, then the cue', () => {
    const [one, two, six] = CASES.reveal.words;
    expect(ocr(video, one + 5, 'eng', dir)).toBe('ONE');
    expect(ocr(video, two + 5, 'eng', dir)).toBe('ONETWO');
    expect(ocr(video, six + 5, 'eng', dir)).toBe('ONETWOSIX');
    expect(extentOf(frames[six + 5], green)).toBeNull();
  });

  it('splits the Chinese cue per character, the highlight moving along it, and OCR reads it', () => {
    expect(framesOffWord(frames, CASES.cjk, green)).toEqual([]);
    expect(ocr(video, CASES.cjk.words[1] + 3, 'chi_sim', dir)).toContain('你好世界');
  });

  it('draws the whole cue in highlight style, which OCR reads', () => {
    expect(ocr(video, CASES.vtt.words[1] + 5, 'eng', dir)).toBe('ONETWOSIX');
    expect(extentOf(frames[CASES.vtt.words[1] + 5], white)).not.toBeNull();
  });

  it('shows the captions in the thumbnail and the preview GIF as the video does', async () => {
    await downloadOutput(app, record.output.thumbnail_url, join(dir, 'thumb.jpg'));
    await downloadOutput(app, record.output.preview_url, join(dir, 'preview.gif'));
    // The thumbnail is the middle frame (89: the transcript's last word spoken), at the video's width.
    const [thumbnail] = await readFrames(join(dir, 'thumb.jpg'));
    expect(centroidOf(thumbnail, green)).toBeNear(centroidOf(frames[89], green) ?? { x: NaN, y: NaN }, 2);
    // The GIF: 320 px wide, 5 fps, so its frame k is the video's frame 6 k, scaled by 2/3.
    const gif = await readFrames(join(dir, 'preview.gif'));
    for (const k of [1, 3, 7, 9, 11]) {
      const seen = centroidOf(frames[6 * k], green);
      if (seen === null) throw new Error(`no highlight in video frame ${6 * k}`);
      expect(centroidOf(gif[k], green)).toBeNear({ x: (seen.x * 2) / 3, y: (seen.y * 2) / 3 }, 3);
    }
  });
});
