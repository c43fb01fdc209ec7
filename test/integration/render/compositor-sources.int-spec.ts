/**
 * The compositor decodes a source as the composition's <OffthreadVideo> does:
 * the same colour matrix and range (tagged, untagged by size, full range) and
 * the same source frame at every output frame (other frame rates, a stream
 * that starts late, one that ends before its clip). Both engines render each
 * case; the pixels must agree.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CompositorRenderer } from '../../../src/render/compositor/compositor-renderer';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { ensureBundle, MediaFixtures, newRenderer, output, pixel, planFor, readFrame, readFrames, type Rgb } from './render-fixtures';

jest.setTimeout(300_000);
const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-loglevel', 'error', '-y', ...args]);
const OUT = output(160, 90, 10);

describe('compositor sources decode like the composition', () => {
  const fixtures = new MediaFixtures();
  let remotion: RemotionRenderer;
  let compositor: CompositorRenderer;

  beforeAll(async () => {
    await ensureBundle();
    await fixtures.start();
    remotion = newRenderer();
    compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
  });
  afterAll(async () => {
    await remotion?.close();
    await fixtures.stop();
  });

  /** Renders a clip of `name` from 0.2 s for `ms` with both engines; returns each engine's centre pixel per frame. */
  async function bothEngines(name: string, ms: number): Promise<{ remotion: Rgb[]; compositor: Rgb[] }> {
    const plan = planFor(fixtures, OUT, ms + 200, [
      { id: 'v', type: 'video', clips: [{ id: 'a', media_url: name, start_time_ms: 200, end_time_ms: 200 + ms }] },
    ]);
    const result = { remotion: [] as Rgb[], compositor: [] as Rgb[] };
    for (const [engine, renderer] of [
      ['remotion', remotion],
      ['compositor', compositor],
    ] as const) {
      const out = fixtures.path(`${name}.${engine}.mp4`);
      await renderer.renderVideo({ plan, output: OUT, outPath: out, onProgress: () => undefined });
      const frames = await readFrames(out);
      expect(frames).toHaveLength(plan.durationInFrames);
      result[engine] = frames.map((frame) => pixel(frame, 80, 45));
    }
    return result;
  }

  it.each([
    // [name, size, encode matrix, range, tags]: red encoded with the matrix the tags (or their absence) imply.
    ['tagged BT.709', '640x480', 'bt709', 'tv', ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709']],
    ['tagged BT.601', '1280x720', 'bt601', 'tv', ['-colorspace', 'smpte170m', '-color_primaries', 'smpte170m', '-color_trc', 'smpte170m']],
    ['untagged 640x480', '640x480', 'bt601', 'tv', []],
    ['untagged 1280x720 (read as BT.709 though encoded as BT.601)', '1280x720', 'bt601', 'tv', []],
    ['untagged 1282x700', '1282x700', 'bt601', 'tv', []],
    ['full range, tagged pc', '640x480', 'bt601', 'pc', ['-color_range', 'pc']],
  ])('%s: the same colours', async (name, size, matrix, range, tags) => {
    const file = `${name.replace(/\W+/g, '-')}.mp4`;
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `color=c=0xE01010:s=${size}:r=10:d=1`,
      '-vf',
      `scale=out_color_matrix=${matrix}:out_range=${range},format=${range === 'pc' ? 'yuvj420p' : 'yuv420p'}`,
      '-c:v',
      'libx264',
      '-qp',
      '0',
      ...tags,
      fixtures.path(file),
    ]);
    const seen = await bothEngines(file, 500);
    const [r, c] = [seen.remotion[4], seen.compositor[4]];
    // Within 5 levels (the decoders round BT.709 a little differently); the wrong matrix is 13 to 23 levels off.
    expect([c, c.map((v, i) => Math.abs(v - r[i])).every((d) => d <= 5)]).toEqual([c, true]);
  });

  it('the same source frame at every output frame: other rates, a late start, an early end', async () => {
    // Frame N of each source has luma 16 + 6N, so a pixel names the frame shown.
    const numbered = (name: string, rate: number, seconds: number, extra: string[] = []) =>
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        `color=black:s=160x90:r=${rate}:d=${seconds}`,
        '-vf',
        "geq=lum='16+6*N':cb=128:cr=128,format=yuv420p",
        '-c:v',
        'libx264',
        '-qp',
        '0',
        ...extra,
        fixtures.path(name),
      ]);
    await numbered('r25.mp4', 25, 1.4);
    await numbered('r24.mp4', 24, 1.4);
    await numbered('late.mp4', 25, 1.2, ['-output_ts_offset', '0.5']);
    await numbered('short.mp4', 30, 0.5);
    const frameShown = ([red]: Rgb): number => Math.round((red * 219) / 255 / 6);
    const shown: Record<string, number[]> = {};
    for (const [name, ms] of [
      ['r25.mp4', 1_200],
      ['r24.mp4', 1_200],
      ['late.mp4', 1_000],
      ['short.mp4', 1_000],
    ] as const) {
      const seen = await bothEngines(name, ms);
      shown[name] = seen.remotion.map(frameShown);
      expect([name, seen.compositor.map(frameShown)]).toEqual([name, shown[name]]);
    }
    // The rule itself, so a change on both sides is noticed: r25 at 10 fps from 0.2 s shows floor(2.5 k).
    expect(shown['r25.mp4'].slice(2)).toEqual(Array.from({ length: 12 }, (_, k) => Math.floor(2.5 * k)));
  });

  it.each([90, 270])('a phone video stored on its side (turned %s degrees by its display matrix): the same picture, upright', async (rotate) => {
    // Stored 160x90, red left half and blue right half; shown 90x160, so contain leaves bars at the sides.
    const file = `turned-${rotate}.mp4`;
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=80x90:r=10:d=1[l];color=c=blue:s=80x90:r=10:d=1[r];[l][r]hstack',
      '-c:v',
      'libx264',
      '-qp',
      '0',
      '-pix_fmt',
      'yuv444p',
      fixtures.path(`stored-${file}`),
    ]);
    // ffmpeg writes the `rotate` tag as a display matrix on a stream copy only.
    await ffmpeg(['-i', fixtures.path(`stored-${file}`), '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, fixtures.path(file)]);
    const plan = planFor(fixtures, OUT, 500, [{ id: 'v', type: 'video', clips: [{ id: 'a', media_url: file, start_time_ms: 0, end_time_ms: 500 }] }]);
    const points: Array<[number, number]> = [
      [80, 20],
      [80, 70],
      [10, 45],
      [150, 45],
    ];
    const seen: Record<string, Rgb[]> = {};
    for (const [engine, renderer] of [
      ['remotion', remotion],
      ['compositor', compositor],
    ] as const) {
      const out = fixtures.path(`${file}.${engine}.mp4`);
      await renderer.renderVideo({ plan, output: OUT, outPath: out, onProgress: () => undefined });
      const frame = await readFrame(out, 2);
      seen[engine] = points.map(([x, y]) => pixel(frame, x, y));
    }
    const close = (a: Rgb, b: Rgb) => a.every((v, i) => Math.abs(v - b[i]) <= 12);
    // Upright means one colour above the other in the middle column, and the bars of a portrait picture at the sides.
    expect(close(seen.remotion[0], seen.remotion[1])).toBe(false);
    expect(seen.compositor.map((c, i) => close(c, seen.remotion[i]))).toEqual(points.map(() => true));
  });
});
