/**
 * The compositor engine as the worker drives it: what it draws where and
 * when, exact length, progress, cancel, timeout, a crashed ffmpeg, temporary
 * files, and the engine choice of RENDER_ENGINE (auto falls back to Remotion
 * for what the compositor cannot express, never failing a task for it).
 */
import { execFile } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { ChildProcessCount } from '../../../src/common/child-process-count';
import { RenderFailure } from '../../../src/common/render-failure';
import { CompositorRenderer } from '../../../src/render/compositor/compositor-renderer';
import type { RenderPlan } from '../../../src/render/plan/render-plan.types';
import { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { RenderCancelled } from '../../../src/render/render-engine';
import { RenderEngines } from '../../../src/render/render-engines';
import { previewGifFromVideo, thumbnailFromVideo } from '../../../src/render/video-previews';
import { probeMedia } from '../../../src/media/ffprobe';
import { BUNDLE_DIR, ensureBundle, MediaFixtures, near, type Rgb, newRenderer, output, pixel, planFor, probe, readFrame, readFrames } from './render-fixtures';

jest.setTimeout(180_000);

const run = promisify(execFile);
const OUT = output(160, 90, 10);
const BLUE: Rgb = [0, 0, 255];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];

describe('compositor', () => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let compositor: CompositorRenderer;
  let scene: RenderPlan;
  let long: RenderPlan;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    remotion = newRenderer();
    compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
    const video = await fixtures.video('blue.mp4', 160, 90, [BLUE], 2);
    const red = await fixtures.image('red.png', 80, 45, [RED]);
    await fs.writeFile(fixtures.path('cues.srt'), '1\n00:00:00,000 --> 00:00:00,500\nHello\n');
    // Blue video all along; a red image, half size, in the top-left quarter from 0.5 s to 1.0 s; a cue first.
    scene = planFor(fixtures, OUT, 2_000, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: video, start_time_ms: 0, end_time_ms: 2_000 }] },
      {
        id: 'i',
        type: 'video',
        clips: [
          {
            id: 'r',
            media_url: red,
            start_time_ms: 500,
            end_time_ms: 1_000,
            properties: { scale: { x: 0.5, y: 0.5 }, position: { x: -40, y: -22 }, z_index: 1 },
          },
        ],
      },
      { id: 's', type: 'subtitle', clips: [{ id: 'c', media_url: 'cues.srt', start_time_ms: 0, end_time_ms: 2_000 }] },
    ]);
    const longVideo = await fixtures.video('long.mp4', 160, 90, [BLUE], 30);
    long = planFor(fixtures, output(160, 90, 30), 30_000, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: longVideo, start_time_ms: 0, end_time_ms: 30_000, properties: { rotation: 33 } }] },
    ]);
  });

  afterAll(async () => {
    await remotion?.close();
    await fixtures.stop();
  });

  async function workDirs(): Promise<string[]> {
    return (await fs.readdir(fixtures.dir)).filter((name) => name.startsWith('compositor-'));
  }

  it('draws the video every frame and each still only in its interval, with the exact frame count and length', async () => {
    const outPath = join(fixtures.dir, 'scene.mp4');
    const progress: number[] = [];
    const result = await compositor.renderVideo({ plan: scene, output: OUT, outPath, onProgress: (f) => progress.push(f) });
    expect(result.engine).toBe('compositor');
    // Two pictures: the cue, and the blank for the rest; ffmpeg draws the image itself.
    expect(result.split?.stills).toBe(2);
    const p = await probe(outPath);
    expect(p.video.frames).toBe(20);
    expect(p.format.duration).toBeCloseTo(2, 1);
    expect(p.audio).not.toBeNull();
    const during = await readFrame(outPath, 7);
    expect(near(pixel(during, 40, 22), RED)).toBe(true);
    expect(near(pixel(during, 120, 70), BLUE)).toBe(true);
    for (const frame of [4, 10]) {
      expect(near(pixel(await readFrame(outPath, frame), 40, 22), BLUE)).toBe(true);
    }
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1])).toBe(true);
    expect(progress[progress.length - 1]).toBe(1);
    expect(await workDirs()).toEqual([]);
  });

  it('cuts still pictures on their exact frames, opaque and transparent pictures alike', async () => {
    // Cuts at 0.3 s and 0.6 s fall between the demuxer's default 1/25 s steps; the opaque
    // full-canvas picture and the transparent blank must stay in one stream without losing frames.
    const green = await fixtures.image('green-full.png', 160, 90, [[0, 255, 0]]);
    const plan = planFor(fixtures, OUT, 1_000, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: 'blue.mp4', start_time_ms: 0, end_time_ms: 1_000 }] },
      {
        id: 'i',
        type: 'video',
        clips: [
          { id: 'g1', media_url: green, start_time_ms: 300, end_time_ms: 600, properties: { z_index: 1 } },
          { id: 'g2', media_url: green, start_time_ms: 900, end_time_ms: 1_000, properties: { z_index: 1 } },
        ],
      },
    ]);
    const outPath = join(fixtures.dir, 'cuts.mp4');
    await compositor.renderVideo({ plan, output: OUT, outPath, onProgress: () => undefined });
    const expected: Array<[number, Rgb]> = [
      [0, BLUE],
      [2, BLUE],
      [3, GREEN],
      [5, GREEN],
      [6, BLUE],
      [8, BLUE],
      [9, GREEN],
    ];
    const frames = await readFrames(outPath);
    for (const [frame, colour] of expected) {
      expect([frame, near(pixel(frames[frame], 80, 45), colour)]).toEqual([frame, true]);
    }
  });

  it('makes the thumbnail and the preview GIF in the same run, the frames cutting them from its video gives', async () => {
    const outPath = join(fixtures.dir, 'with-previews.mp4');
    const made = { thumbnailPath: join(fixtures.dir, 'made.jpg'), gifPath: join(fixtures.dir, 'made.gif') };
    const result = await compositor.renderVideo({ plan: scene, output: OUT, outPath, previews: made, onProgress: () => undefined });
    expect(result.previewsMade).toBe(true);
    const cut = { thumbnailPath: join(fixtures.dir, 'cut.jpg'), gifPath: join(fixtures.dir, 'cut.gif') };
    await thumbnailFromVideo({ videoPath: outPath, outPath: cut.thumbnailPath, width: scene.width, durationInFrames: scene.durationInFrames, fps: scene.fps });
    await previewGifFromVideo({ videoPath: outPath, outPath: cut.gifPath, width: scene.width });
    expect((await probe(made.thumbnailPath)).video).toMatchObject({ codec: 'mjpeg', width: 160, height: 90 });
    // The middle frame (9 of 20) shows the red image in the top-left quarter over the blue video.
    const [madeThumb, cutThumb] = await Promise.all([readFrame(made.thumbnailPath, 0), readFrame(cut.thumbnailPath, 0)]);
    expect(near(pixel(madeThumb, 40, 22), RED)).toBe(true);
    expect(near(pixel(madeThumb, 120, 70), BLUE)).toBe(true);
    expect(near(pixel(madeThumb, 40, 22), pixel(cutThumb, 40, 22))).toBe(true);
    const [madeGif, cutGif] = await Promise.all([probe(made.gifPath), probe(cut.gifPath)]);
    // 2 s at 5 fps, the same frames whether made in the run or cut from the file.
    expect(madeGif.video).toMatchObject({ codec: 'gif', width: 160, height: 90, frames: 10 });
    expect(madeGif.format.duration).toBeCloseTo(2, 1);
    expect(cutGif.video.frames).toBe(10);
    expect(cutGif.format.duration).toBeCloseTo(2, 1);
    // GIF frame 4 (0.8 s) has the image; frame 6 (1.2 s) does not.
    expect(near(pixel(await readFrame(made.gifPath, 4), 40, 22), RED)).toBe(true);
    expect(near(pixel(await readFrame(made.gifPath, 6), 40, 22), BLUE)).toBe(true);
  });

  it('shows an anamorphic video at its display aspect, as a player and the composition do', async () => {
    // Stored 160x180 with pixels twice as wide as high: shown 320x180, red on the left half, green on the right.
    const anamorphic = fixtures.path('anamorphic.mp4');
    const stripes = '-f lavfi -i color=c=red:s=80x180:r=10:d=1 -f lavfi -i color=c=lime:s=80x180:r=10:d=1';
    await run('ffmpeg', [...`-loglevel error -y ${stripes} -filter_complex [0][1]hstack,setsar=2 -pix_fmt yuv420p`.split(' '), anamorphic]);
    expect((await probeMedia(anamorphic)).video?.sampleAspectRatio).toBe(2);
    const plan = planFor(fixtures, OUT, 1_000, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: 'anamorphic.mp4', start_time_ms: 0, end_time_ms: 1_000 }] },
    ]);
    const outPath = join(fixtures.dir, 'anamorphic-out.mp4');
    await compositor.renderVideo({ plan, output: OUT, outPath, onProgress: () => undefined });
    // 16:9 fitted (contain) into the 160x90 canvas fills it: no bars at the sides.
    const frame = await readFrame(outPath, 5);
    expect([near(pixel(frame, 4, 45), RED), near(pixel(frame, 70, 45), RED), near(pixel(frame, 90, 45), GREEN), near(pixel(frame, 155, 45), GREEN)]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it("keeps every scene's colours in the preview GIF: its palette comes from all of its frames", async () => {
    const scenes: Array<[string, Rgb]> = [
      ['red', RED],
      ['lime', GREEN],
      ['blue', BLUE],
      ['yellow', [255, 255, 0]],
      ['white', [255, 255, 255]],
    ];
    const videoPath = join(fixtures.dir, 'scenes.mp4');
    const inputs = scenes.flatMap(([name]) => ['-f', 'lavfi', '-i', `color=c=${name}:s=160x90:r=10:d=1`]);
    const concat = `${scenes.map((_, i) => `[${i}]`).join('')}concat=n=${scenes.length}:v=1[v]`;
    await run('ffmpeg', ['-loglevel', 'error', '-y', ...inputs, '-filter_complex', concat, '-map', '[v]', '-pix_fmt', 'yuv420p', videoPath]);
    const gifPath = join(fixtures.dir, 'scenes.gif');
    await previewGifFromVideo({ videoPath, outPath: gifPath, width: 160 });
    // The GIF runs at 5 fps: frame 5 s + 2 is inside scene s.
    for (const [second, [name, colour]] of scenes.entries()) {
      expect([name, near(pixel(await readFrame(gifPath, second * 5 + 2), 80, 45), colour)]).toEqual([name, true]);
    }
  });

  it('opens no browser for a plan without text: video and image layers are drawn by ffmpeg alone', async () => {
    // A browser that cannot start: any page this render opened would fail it.
    const noBrowser = new RemotionRenderer({
      serveUrl: BUNDLE_DIR,
      chromiumPath: join(fixtures.dir, 'no-chromium'),
      sandbox: { mode: 'off' },
      concurrency: 1,
      logLevel: 'error',
    });
    const imagesOnly = new CompositorRenderer({ remotion: noBrowser, mediaPath: (src) => fixtures.server.localPath(src) });
    const outPath = join(fixtures.dir, 'no-text.mp4');
    const plan = planFor(fixtures, OUT, 1_000, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: 'blue.mp4', start_time_ms: 0, end_time_ms: 1_000 }] },
      { id: 'i', type: 'video', clips: [{ id: 'r', media_url: 'red.png', start_time_ms: 500, end_time_ms: 1_000, properties: { z_index: 1 } }] },
    ]);
    const processes = new ChildProcessCount();
    const result = await processes.run(() => imagesOnly.renderVideo({ plan, output: OUT, outPath, onProgress: () => undefined }));
    await noBrowser.close();
    expect(result.split?.stills).toBe(0);
    // One probe per source, then one ffmpeg run.
    expect(processes.started).toBe(3);
    expect((await probe(outPath)).video.frames).toBe(10);
    // The red image, fitted to the canvas, from frame 5 on; the blue video before.
    expect(near(pixel(await readFrame(outPath, 4), 80, 45), BLUE)).toBe(true);
    expect(near(pixel(await readFrame(outPath, 5), 80, 45), RED)).toBe(true);
    expect(near(pixel(await readFrame(outPath, 9), 80, 45), RED)).toBe(true);
  });

  it('stops within about 2 s of a cancel and leaves no output and no temporary files', async () => {
    const outPath = join(fixtures.dir, 'canceled.mp4');
    const previews = { thumbnailPath: join(fixtures.dir, 'canceled.jpg'), gifPath: join(fixtures.dir, 'canceled.gif') };
    const abort = new AbortController();
    let canceledAt = 0;
    const error = await compositor
      .renderVideo({
        plan: long,
        output: output(160, 90, 30),
        outPath,
        previews,
        signal: abort.signal,
        onProgress: (f) => {
          if (f > 0.2 && canceledAt === 0) {
            canceledAt = Date.now();
            abort.abort();
          }
        },
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(canceledAt).toBeGreaterThan(0);
    expect(Date.now() - canceledAt).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(RenderCancelled);
    expect([outPath, previews.thumbnailPath, previews.gifPath].filter((path) => existsSync(path))).toEqual([]);
    expect(await workDirs()).toEqual([]);
  });

  it("closes the idle browser once a large canvas's stills are drawn, and keeps the warm page for smaller ones", async () => {
    const small = async () => compositor.renderVideo({ plan: scene, output: OUT, outPath: join(fixtures.dir, 'small.mp4'), onProgress: () => undefined });
    await small();
    const opened = remotion.stillPagesOpened;
    await small();
    expect(remotion.stillPagesOpened).toBe(opened);
    // Just above 2560x1440: one frame with the cue.
    const size = output(2576, 1456, 10);
    const large = planFor(fixtures, size, 100, [
      { id: 's', type: 'subtitle', clips: [{ id: 'c', media_url: 'cues.srt', start_time_ms: 0, end_time_ms: 100 }] },
    ]);
    const outPath = join(fixtures.dir, 'large.mp4');
    const result = await compositor.renderVideo({ plan: large, output: size, outPath, onProgress: () => undefined });
    expect(result.split?.stills).toBe(1);
    expect((await probe(outPath)).video.frames).toBe(1);
    // Its still was drawn on the warm page, which went with the browser: the next small task opens a new one.
    expect(remotion.stillPagesOpened).toBe(opened);
    await small();
    expect(remotion.stillPagesOpened).toBe(opened + 1);
  });

  it('ends a render past its time limit as PROCESSING_TIMEOUT', async () => {
    const outPath = join(fixtures.dir, 'slow.mp4');
    const started = Date.now();
    const error = await compositor.renderVideo({ plan: long, output: output(160, 90, 30), outPath, timeoutMs: 500, onProgress: () => undefined }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toMatchObject({ code: 'PROCESSING_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(existsSync(outPath)).toBe(false);
  });

  it('fails with RENDER_FAILED when ffmpeg dies under it', async () => {
    const outPath = join(fixtures.dir, 'crashed.mp4');
    let killed = false;
    const error = await compositor
      .renderVideo({
        plan: long,
        output: output(160, 90, 30),
        outPath,
        onProgress: (f) => {
          if (f > 0.2 && !killed) {
            killed = true;
            void run('pkill', ['-KILL', '-f', outPath]);
          }
        },
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(killed).toBe(true);
    expect(error).toBeInstanceOf(RenderFailure);
    expect(error).toMatchObject({ code: 'RENDER_FAILED', retryPossible: true });
    expect(existsSync(outPath)).toBe(false);
    expect(await workDirs()).toEqual([]);
  });

  describe('RENDER_ENGINE', () => {
    const logs: Array<{ msg: string; reason?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as { msg: string }) });
    const short = (): RenderPlan => ({ ...scene, durationInFrames: 5 });

    beforeEach(() => {
      logs.length = 0;
    });

    it('auto takes the compositor when the plan can be expressed', async () => {
      const engines = new RenderEngines({ setting: 'auto', remotion, compositor, logger });
      const result = await engines.renderVideo({
        taskId: 't1',
        plan: short(),
        output: OUT,
        outPath: join(fixtures.dir, 'auto.mp4'),
        onProgress: () => undefined,
      });
      expect(result.engine).toBe('compositor');
    });

    it('auto renders with Remotion, saying why once, what the compositor cannot express', async () => {
      const engines = new RenderEngines({ setting: 'auto', remotion, compositor, logger });
      const huge = short();
      huge.layers = huge.layers.map((l) => (l.kind === 'video' ? { ...l, scaleX: 200, scaleY: 200 } : l));
      const result = await engines.renderVideo({ taskId: 't2', plan: huge, output: OUT, outPath: join(fixtures.dir, 'huge.mp4'), onProgress: () => undefined });
      expect(result.engine).toBe('remotion');
      const reasons = logs.filter((l) => /cannot express/.test(l.msg));
      expect(reasons).toHaveLength(1);
      expect(reasons[0].reason).toMatch(/grows to \d+ px/);
    });

    it('auto renders again with Remotion when the compositor breaks; compositor and remotion settings do not mix', async () => {
      const broken = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src), ffmpegPath: '/bin/false' });
      const auto = new RenderEngines({ setting: 'auto', remotion, compositor: broken, logger });
      const outPath = join(fixtures.dir, 'fallback.mp4');
      expect((await auto.renderVideo({ taskId: 't3', plan: short(), output: OUT, outPath, onProgress: () => undefined })).engine).toBe('remotion');
      expect((await probe(outPath)).video.frames).toBe(5);
      const strict = new RenderEngines({ setting: 'compositor', remotion, compositor: broken, logger });
      await expect(strict.renderVideo({ taskId: 't4', plan: short(), output: OUT, outPath, onProgress: () => undefined })).rejects.toMatchObject({
        code: 'RENDER_FAILED',
      });
      const reference = new RenderEngines({ setting: 'remotion', remotion, compositor, logger });
      expect((await reference.renderVideo({ taskId: 't5', plan: short(), output: OUT, outPath, onProgress: () => undefined })).engine).toBe('remotion');
    });
  });
});
