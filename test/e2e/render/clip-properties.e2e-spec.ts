import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { decodedFrame, renderThroughApi } from '../../support/rendered-video';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(180_000);

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

/** RGB of a pixel of frame number `frame` (exact frame, not a seek time). */
function pixel(video: string, frame: number, x: number, y: number): Rgb {
  const raw = decodedFrame(video, frame, 'rgb24', { x, y, width: 1, height: 1 });
  return [raw[0], raw[1], raw[2]];
}

const near = (actual: Rgb, expected: Rgb, tolerance = 40) => actual.every((value, i) => Math.abs(value - expected[i]) <= tolerance);

/** Mean loudness (dB) of the audio between two times. */
function meanVolume(video: string, from: number, seconds: number): number {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-ss', String(from), '-t', String(seconds), '-i', video, '-vn', '-af', 'volumedetect', '-f', 'null', '-']);
  const match = /mean_volume: (-?[\d.]+|-inf) dB/.exec(run.stderr.toString());
  if (!match) throw new Error(`no loudness measured: ${run.stderr.toString().slice(-300)}`);
  return match[1] === '-inf' ? -120 : Number(match[1]);
}

describe('every clip property, rendered through the API and checked by pixels', () => {
  let app: TestApp;
  let media: MediaFixtures;
  let video: string;
  const dir = mkdtempSync(join(tmpdir(), 'rs-props-'));

  beforeAll(async () => {
    media = await startMediaFixtures();
    // 200x100: red on the left quarter, green elsewhere, so contain, cover and fill put the edge at different places.
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=0x00FF00:s=200x100',
      '-vf',
      'drawbox=x=0:y=0:w=50:h=100:color=0xFF0000:t=fill',
      '-frames:v',
      '1',
      join(media.dir, 'quarter-200x100.png'),
    ]);
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x0000FF:s=320x180', '-frames:v', '1', join(media.dir, 'blue-320x180.png')]);
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xFFFF00:s=320x180', '-frames:v', '1', join(media.dir, 'yellow-320x180.png')]);
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x00FFFF:s=320x180', '-frames:v', '1', join(media.dir, 'cyan-320x180.png')]);
    app = await startTestApp({ role: 'all' });
    const m = (name: string) => `${media.baseUrl}/${name}`;
    const clip = (id: string, name: string, start: number, end: number, properties: Record<string, unknown> = {}) => ({
      id,
      media_url: m(name),
      start_time_ms: start,
      end_time_ms: end,
      properties,
    });
    // Tracks are listed top layer first: only z_index puts them in the right order.
    video = join(dir, 'props.mp4');
    await renderThroughApi(
      app,
      {
        input: {
          timeline: {
            duration_ms: 2000,
            tracks: [
              { id: 'blend', type: 'video', clips: [clip('cyan', 'cyan-320x180.png', 1800, 2000, { z_index: 3, blend_mode: 'multiply' })] },
              {
                id: 'effects',
                type: 'video',
                clips: [
                  clip('invisible', 'red-320x180.png', 1200, 1400, { z_index: 2, opacity: 0 }),
                  clip('visible', 'red-320x180.png', 1400, 1600, { z_index: 2, opacity: 1 }),
                  clip('rotated', 'quarter-200x100.png', 1600, 1800, { z_index: 2, fit: 'contain', rotation: 90 }),
                  clip('yellow', 'yellow-320x180.png', 1800, 2000, { z_index: 2 }),
                ],
              },
              {
                id: 'fits',
                type: 'video',
                clips: [
                  clip('contain', 'quarter-200x100.png', 0, 300, { z_index: 1, fit: 'contain' }),
                  clip('cover', 'quarter-200x100.png', 300, 600, { z_index: 1, fit: 'cover' }),
                  clip('fill', 'quarter-200x100.png', 600, 900, { z_index: 1, fit: 'fill' }),
                  clip('stretch', 'quarter-200x100.png', 900, 1200, { z_index: 1, fit: 'stretch' }),
                ],
              },
              { id: 'background', type: 'video', clips: [clip('blue', 'blue-320x180.png', 0, 2000, { z_index: 0 })] },
              { id: 'music', type: 'audio', clips: [clip('tone', 'tone-2s.wav', 0, 2000, { fade_in_ms: 1000 })] },
            ],
          },
          output: { resolution: { width: 320, height: 180 }, framerate: 10 },
        },
        webhook: { url: 'https://127.0.0.1:9/hook' },
      },
      video,
    );
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  it('fit contain keeps the whole image with bars (the layer below shows)', () => {
    expect(near(pixel(video, 1, 160, 3), BLUE)).toBe(true);
    expect(near(pixel(video, 1, 75, 90), RED)).toBe(true);
  });

  it('fit cover fills the canvas and crops the sides', () => {
    expect(near(pixel(video, 4, 160, 3), GREEN)).toBe(true);
    expect(near(pixel(video, 4, 75, 90), GREEN)).toBe(true);
    expect(near(pixel(video, 4, 60, 90), RED)).toBe(true);
  });

  it('fit fill and its alias stretch distort the image to the canvas', () => {
    for (const frame of [7, 10]) {
      expect(near(pixel(video, frame, 160, 3), GREEN)).toBe(true);
      expect(near(pixel(video, frame, 75, 90), RED)).toBe(true);
      expect(near(pixel(video, frame, 85, 90), GREEN)).toBe(true);
    }
  });

  it('opacity 0 hides a clip, opacity 1 shows it, only between its start and end', () => {
    expect(near(pixel(video, 13, 160, 90), BLUE)).toBe(true);
    expect(near(pixel(video, 15, 160, 90), RED)).toBe(true);
    expect(near(pixel(video, 17, 20, 90), RED)).toBe(false);
  });

  it('rotation 90° turns the contained image upright', () => {
    expect(near(pixel(video, 17, 20, 90), BLUE)).toBe(true);
    expect(near(pixel(video, 17, 160, 120), GREEN)).toBe(true);
  });

  it('multiply blends with the layers below: yellow × cyan = green', () => {
    expect(near(pixel(video, 19, 160, 90), GREEN)).toBe(true);
  });

  it('fades the audio in: the first moments are much quieter than later ones', () => {
    const early = meanVolume(video, 0, 0.2);
    const late = meanVolume(video, 1.3, 0.3);
    expect(late - early).toBeGreaterThan(10);
  });
});
