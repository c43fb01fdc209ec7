/**
 * Every allowed format/codec pair renders and probes right (codec, container,
 * size, rate, duration within one frame, an audio stream of the right codec),
 * plus the thumbnail JPEG and the preview GIF.
 */
import { join } from 'node:path';
import { promises as fs } from 'node:fs';
import type { OutputCodec, OutputFormat } from '../../../src/task-input/task-input.types';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import { PREVIEW_MAX_WIDTH, previewGifFromVideo, thumbnailFromVideo } from '../../../src/render/video-previews';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { encodingFor } from '../../../src/render/encoding-settings';
import { ensureBundle, MediaFixtures, near, newRenderer, output, pixel, planFor, probe, readFrame } from './render-fixtures';

jest.setTimeout(300_000);

const CASES: Array<[OutputFormat, OutputCodec, string, string, string]> = [
  // format, codec, ffprobe video codec, container (format_name contains), audio codec
  ['mp4', 'h264', 'h264', 'mp4', 'aac'],
  ['mp4', 'h265', 'hevc', 'mp4', 'aac'],
  ['mov', 'h264', 'h264', 'mov', 'aac'],
  ['mov', 'prores', 'prores', 'mov', 'aac'],
  ['webm', 'vp8', 'vp8', 'webm', 'opus'],
  ['webm', 'vp9', 'vp9', 'webm', 'opus'],
  ['prores', 'prores', 'prores', 'mov', 'aac'],
];

describe('output formats (real Chromium, real ffmpeg)', () => {
  const fixtures = new MediaFixtures();
  let renderer: RemotionRenderer;
  let image: string;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    renderer = newRenderer();
    image = await fixtures.image('green.png', 160, 90, [[0, 200, 0]]);
  });

  afterAll(async () => {
    await renderer?.close();
    await fixtures.stop();
  });

  function greenPlan(width: number, height: number, fps: number, durationMs: number): RenderPlan {
    return planFor(fixtures, output(width, height, fps), durationMs, [
      { id: 'v', type: 'video', clips: [{ id: 'g', media_url: image, start_time_ms: 0, end_time_ms: durationMs }] },
    ]);
  }

  it.each(CASES)('%s/%s renders as %s in %s with %s audio', async (format, codec, videoCodec, container, audioCodec) => {
    const out = output(160, 90, 12, { format, codec, quality: 'draft' });
    const plan = greenPlan(160, 90, 12, 1_000);
    const outPath = join(fixtures.dir, `out-${format}-${codec}.${encodingFor(out).extension}`);
    const progress: number[] = [];
    await renderer.renderVideo({ plan, output: out, outPath, onProgress: (p) => progress.push(p) });

    const p = await probe(outPath);
    expect(p.format.formatName).toContain(container);
    expect(p.video).toMatchObject({ codec: videoCodec, width: 160, height: 90, fps: 12, frames: 12 });
    // Within 20 ms (under one frame even at 50 fps): AAC padding must not lengthen the file.
    expect(Math.abs(p.format.duration - 1)).toBeLessThanOrEqual(0.02);
    expect(p.audio?.codec).toBe(audioCodec);
    expect(near(pixel(await readFrame(outPath, 6), 80, 45), [0, 200, 0])).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await fs.rm(outPath);
  });

  it('writes limited-range BT.709 H.264, not washed-out full range', async () => {
    const out = output(160, 90, 10);
    const outPath = join(fixtures.dir, 'bt709.mp4');
    await renderer.renderVideo({ plan: greenPlan(160, 90, 10, 500), output: out, outPath, onProgress: () => undefined });
    expect((await probe(outPath)).video).toMatchObject({ pixFmt: 'yuv420p', colorRange: 'tv', colorSpace: 'bt709' });
  });

  it('cuts the thumbnail from the rendered video: a JPEG of the middle frame, at most 640 wide', async () => {
    const red = await fixtures.image('red.png', 160, 90, [[255, 0, 0]]);
    const plan = planFor(fixtures, output(1280, 720, 10), 2_000, [
      {
        id: 'v',
        type: 'video',
        clips: [
          { id: 'g', media_url: image, start_time_ms: 0, end_time_ms: 900 },
          { id: 'r', media_url: red, start_time_ms: 900, end_time_ms: 1_100 },
          { id: 'g2', media_url: image, start_time_ms: 1_100, end_time_ms: 2_000 },
        ],
      },
    ]);
    const videoPath = join(fixtures.dir, 'thumb-source.mp4');
    await renderer.renderVideo({ plan, output: output(1280, 720, 10), outPath: videoPath, onProgress: () => undefined });
    const outPath = join(fixtures.dir, 'thumb.jpg');
    await thumbnailFromVideo({ videoPath, outPath, width: plan.width, durationInFrames: plan.durationInFrames, fps: plan.fps });
    const bytes = await fs.readFile(outPath);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const p = await probe(outPath);
    expect(p.video).toMatchObject({ codec: 'mjpeg', width: 640, height: 360 });
    // Frame 9 of 20 (the middle) is the red clip's.
    expect(near(pixel(await readFrame(outPath, 0), 320, 180), [255, 0, 0])).toBe(true);
  });

  it('cuts the preview from the rendered video: a small looping GIF of at most 5 s at about 5 fps', async () => {
    // The cut alone is under test: an 8 s source made by ffmpeg stands for a rendered video.
    const videoPath = fixtures.path(await fixtures.video('preview-source.mp4', 640, 360, [[0, 200, 0]], 8));
    const outPath = join(fixtures.dir, 'preview.gif');
    await previewGifFromVideo({ videoPath, outPath, width: 640 });
    const p = await probe(outPath);
    expect(p.video).toMatchObject({ codec: 'gif', width: PREVIEW_MAX_WIDTH, height: 180 });
    expect(p.video.frames).toBe(25);
    expect(p.format.duration).toBeCloseTo(5, 1);
    expect((await fs.stat(outPath)).size).toBeLessThan(200_000);
  });
});
