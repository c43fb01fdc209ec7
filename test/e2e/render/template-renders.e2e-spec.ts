/**
 * Templates (docs/extensions.md §6) rendered through the API on the default
 * engine: one template, a picture field and a title field, rendered by one
 * batch with three merge sets. Each video must show its own picture (pixel
 * sampling) and its own title (OCR), as merged.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpClient } from '../../support/http-client';
import type { ParsedJson } from '../../support/parsed-json';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { decodedFrame, downloadWhenCompleted } from '../../support/rendered-video';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(300_000);

const WIDTH = 320;
const HEIGHT = 180;
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

const MERGES = [
  { title: 'ALPHA', picture: 'red.png', rgb: [255, 0, 0] },
  { title: 'BRAVO', picture: 'green.png', rgb: [0, 255, 0] },
  { title: 'DELTA', picture: 'blue.png', rgb: [0, 0, 255] },
] as const;

/** The title's box: white text on black, centred at the top; OCR reads this band only. */
const TITLE_BAND = { x: 0, y: 10, width: WIDTH, height: 70 };

function ocrTitle(video: string, dir: string): string {
  const png = join(dir, `ocr-${Math.random().toString(36).slice(2)}.png`);
  const { x, y, width, height } = TITLE_BAND;
  ffmpeg(['-i', video, '-vf', `select=eq(n\\,5),crop=${width}:${height}:${x}:${y},format=gray,negate,scale=iw*2:ih*2:flags=bicubic`, '-frames:v', '1', png]);
  return execFileSync('tesseract', [png, '-', '-l', 'eng', '--psm', '7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/\s+/g, '');
}

describe('a template rendered with three merge sets through a batch (pixels and OCR)', () => {
  let app: TestApp;
  let media: MediaFixtures;
  let client: HttpClient;
  const dir = mkdtempSync(join(tmpdir(), 'rs-template-'));
  const videos: string[] = [];

  beforeAll(async () => {
    media = await startMediaFixtures();
    for (const [name, colour] of [
      ['red.png', '0xFF0000'],
      ['green.png', '0x00FF00'],
      ['blue.png', '0x0000FF'],
    ]) {
      ffmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=${WIDTH}x${HEIGHT}`, '-frames:v', '1', join(media.dir, name)]);
    }
    app = await startTestApp({ role: 'all' });
    client = await app.client();
    const template = await client.post('/v3/templates', {
      name: 'picture-and-title',
      body: {
        input: {
          timeline: {
            duration_ms: 1000,
            tracks: [
              {
                id: 'picture',
                type: 'video',
                clips: [{ id: 'picture', media_url: '{{picture}}', start_time_ms: 0, end_time_ms: 1000, properties: { fit: 'cover' } }],
              },
              {
                id: 'titles',
                type: 'text',
                clips: [
                  {
                    id: 'title',
                    text: '{{title}}',
                    start_time_ms: 0,
                    end_time_ms: 1000,
                    properties: {
                      font_size: 36,
                      color: '#FFFFFF',
                      position: { x: WIDTH / 2, y: 70 },
                      background: { color: '#000000', opacity: 1, padding: 8, radius: 0 },
                      outline: { enabled: false },
                      shadow: { enabled: false },
                    },
                  },
                ],
              },
            ],
          },
          output: { resolution: { width: WIDTH, height: HEIGHT }, framerate: 10, quality: 'high' },
        },
        webhook: { url: 'https://127.0.0.1:9/hook' },
      },
      fields: { title: { type: 'string' }, picture: { type: 'url' } },
    });
    expect(template.status).toBe(201);
    const batch = await client.post('/v3/tasks/batch', {
      tasks: MERGES.map(({ title, picture }) => ({ template_id: template.body.template_id, merge: { title, picture: `${media.baseUrl}/${picture}` } })),
    });
    expect(batch.body.results.map((result: ParsedJson) => result.status)).toEqual([201, 201, 201]);
    for (const [i, result] of (batch.body.results as ParsedJson[]).entries()) {
      videos.push(join(dir, `${i}.mp4`));
      await downloadWhenCompleted(app, client, result.task_id, videos[i]);
    }
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  it('shows each merge set its own picture, below the title (pixel sampling)', () => {
    MERGES.forEach(({ rgb }, i) => {
      for (const [x, y] of [
        [10, HEIGHT - 10],
        [WIDTH - 10, HEIGHT - 10],
        [WIDTH / 2, HEIGHT - 30],
      ]) {
        const pixel = [...decodedFrame(videos[i], 5, 'rgb24', { x, y, width: 1, height: 1 })];
        pixel.forEach((channel, c) => expect({ video: i, x, y, c, near: Math.abs(channel - rgb[c]) <= 24 }).toEqual({ video: i, x, y, c, near: true }));
      }
    });
  });

  it('shows each merge set its own title (OCR)', () => {
    expect(videos.map((video) => ocrTitle(video, dir))).toEqual(MERGES.map(({ title }) => title));
  });
});
