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
import { centroidOf, extentOf, type Frame, nearMatchers, readFrames } from '../../integration/render/render-fixtures';
import { CAPTION_CASES, CAPTION_TIMELINE_MS, framesOffWord, green, HIGHLIGHT, white, writeCaptionFiles } from '../../integration/render/word-frames';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { downloadOutput, renderThroughApi, type TaskRecord } from '../../support/rendered-video';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(300_000);
expect.extend(nearMatchers);

const WIDTH = 480;
const HEIGHT = 270;
const FPS = 30;
const CASES = CAPTION_CASES;

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
    // Served as application/json under a name without .json: the worker must go by the content type.
    const files = writeCaptionFiles(media.dir, 'whisper.transcript');
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
    ({ record } = await renderThroughApi(
      app,
      {
        input: {
          timeline: {
            duration_ms: CAPTION_TIMELINE_MS,
            tracks: [
              {
                id: 'ground',
                type: 'video',
                clips: [{ id: 'black', media_url: `${media.baseUrl}/black.png`, start_time_ms: 0, end_time_ms: CAPTION_TIMELINE_MS }],
              },
              captions('vtt', files.vtt, CASES.vtt.startMs, {}),
              captions('json', files.json, CASES.json.startMs, { scale: 1.2 }),
              captions('reveal', files.reveal, CASES.reveal.startMs, { style: 'reveal' }),
              captions('cjk', files.cjk, CASES.cjk.startMs, {}),
            ],
          },
          output: { resolution: { width: WIDTH, height: HEIGHT }, framerate: FPS, quality: 'high' },
        },
        webhook: { url: 'https://127.0.0.1:9/hook' },
      },
      video,
    ));
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

  it('fails a task whose transcript has a wrong type with INVALID_MEDIA_FORMAT naming the path', async () => {
    const segments = [
      { start: 0, end: 0.5, text: 'fine', words: [{ word: 'fine', start: 0, end: 0.5 }] },
      { start: 0.5, end: 1, text: 'bad', words: [{ word: 'bad', start: '0.5', end: 1 }] },
    ];
    writeFileSync(join(media.dir, 'hostile.json'), JSON.stringify({ segments }));
    const client = await app.client();
    const created = await client.post('/v3/tasks', {
      input: {
        timeline: {
          duration_ms: 1_000,
          tracks: [
            {
              id: 'captions',
              type: 'subtitle',
              clips: [{ id: 'bad', media_url: `${media.baseUrl}/hostile.json`, start_time_ms: 0, end_time_ms: 1_000, properties: { words: {} } }],
            },
          ],
        },
        output: { resolution: { width: 160, height: 90 }, framerate: 10 },
      },
      webhook: { url: 'https://127.0.0.1:9/hook' },
    });
    expect(created.status).toBe(201);
    let record = (await client.get(`/v3/tasks/${created.body.task_id}`)).body;
    for (let i = 0; i < 300 && record.status !== 'failed' && record.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      record = (await client.get(`/v3/tasks/${created.body.task_id}`)).body;
    }
    expect(record.status).toBe('failed');
    expect(record.error.code).toBe('INVALID_MEDIA_FORMAT');
    expect(record.error.message).toContain(`transcript ${media.baseUrl}/hostile.json: segments[1].words[0].start is not a number`);
  });
});
