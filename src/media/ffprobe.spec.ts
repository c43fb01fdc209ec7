import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withExifOrientation } from '../../test/support/exif';
import { imageDemuxer, probeMedia, ProbeError } from './ffprobe';

/** Files are written without extensions: the probe must go by content alone. */
describe('probeMedia', () => {
  let dir: string;
  const make = (name: string, ...args: string[]): string => {
    const path = join(dir, name);
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, path]);
    return path;
  };
  const bare = (path: string): string => {
    const target = `${path}.bin`;
    execFileSync('cp', [path, target]);
    return target;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ffprobe-spec-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads an H.264 MP4 with audio', async () => {
    const path = make(
      'v.mp4',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
    );
    const probe = await probeMedia(bare(path));
    expect(probe.formatName).toContain('mp4');
    expect(probe.video).toEqual({ codec: 'h264', width: 64, height: 48, fps: 25, colorSpace: null, fullRange: false, rotationDeg: 0, sampleAspectRatio: 1 });
    expect(probe.startTimeMs).toBe(0);
    expect(probe.audio).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 1 });
    expect(probe.durationMs).toBeGreaterThanOrEqual(990);
    expect(probe.durationMs).toBeLessThan(1100);
    expect(probe.isStillImage).toBe(false);
  });

  // ffmpeg's `rotate` tag becomes a display matrix only on a stream copy; ffprobe reports the matrix's angle counter-clockwise.
  it.each([
    ['90', 270],
    ['270', 90],
    ['180', 180],
  ])('reads a phone video whose display matrix comes from rotate=%s as turned %i degrees clockwise, the stored size unchanged', async (rotate, degrees) => {
    const stored = make(`s${rotate}.mp4`, '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=25', '-t', '0.2', '-c:v', 'libx264');
    const path = make(`r${rotate}.mp4`, '-i', stored, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`);
    const probe = await probeMedia(bare(path));
    expect(probe.video).toMatchObject({ width: 64, height: 48, rotationDeg: degrees });
  });

  it.each([
    ['png', 'png'],
    ['jpg', 'mjpeg'],
    ['webp', 'webp'],
  ])('reads a %s still image by content', async (ext, codec) => {
    const path = make(`i.${ext}`, '-f', 'lavfi', '-i', 'testsrc=size=32x24', '-frames:v', '1');
    const probe = await probeMedia(bare(path));
    expect(probe).toMatchObject({ isStillImage: true, durationMs: null, audio: null });
    expect(probe.video).toMatchObject({ codec, width: 32, height: 24 });
  });

  it.each([
    [6, 90],
    [3, 180],
    [8, 270],
  ] as const)('reads a JPEG with EXIF orientation %i as turned %i degrees clockwise, the stored size unchanged', async (orientation, degrees) => {
    const path = make(`o${orientation}.jpg`, '-f', 'lavfi', '-i', 'testsrc=size=32x24', '-frames:v', '1');
    writeFileSync(path, withExifOrientation(readFileSync(path), orientation));
    const probe = await probeMedia(bare(path));
    expect(probe.video).toMatchObject({ codec: 'mjpeg', width: 32, height: 24, rotationDeg: degrees });
  });

  it('reads a lossy WebP as limited range and a JPEG as full range', async () => {
    const webp = make('l.webp', '-f', 'lavfi', '-i', 'testsrc=size=32x24', '-frames:v', '1', '-c:v', 'libwebp', '-lossless', '0');
    const jpeg = make('f.jpg', '-f', 'lavfi', '-i', 'testsrc=size=32x24', '-frames:v', '1');
    expect((await probeMedia(bare(webp))).video).toMatchObject({ codec: 'webp', fullRange: false });
    expect((await probeMedia(bare(jpeg))).video).toMatchObject({ codec: 'mjpeg', fullRange: true });
  });

  it('reads a WAV as audio only', async () => {
    const path = make('a.wav', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.5');
    const probe = await probeMedia(bare(path));
    expect(probe.video).toBeNull();
    expect(probe.audio).toMatchObject({ codec: 'pcm_s16le', channels: 1 });
    expect(probe.durationMs).toBe(500);
  });

  it('reads a JPEG of more than the probe buffer under its own .jpg name (the worker places media so), where a guessing ffprobe picks image2', async () => {
    const path = make('large.jpg', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720', '-frames:v', '1');
    const probe = await probeMedia(path);
    expect([probe.isStillImage, probe.formatName, probe.video?.width]).toEqual([true, 'jpeg_pipe', 1280]);
  });

  it('names the image demuxer by the first bytes only', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(imageDemuxer(png)).toBe('png_pipe');
    expect(imageDemuxer(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg_pipe');
    expect(imageDemuxer(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('gif');
    expect(imageDemuxer(Buffer.from('RIFF\x10\x00\x00\x00WEBP', 'latin1'))).toBe('webp_pipe');
    expect(imageDemuxer(Buffer.from('RIFF\x10\x00\x00\x00WAVE', 'latin1'))).toBeNull();
    expect(imageDemuxer(Buffer.from('BM'))).toBe('bmp_pipe');
    expect(imageDemuxer(Buffer.from('#EXTM3U\n'))).toBeNull();
    expect(imageDemuxer(Buffer.alloc(0))).toBeNull();
  });

  it('refuses garbage, text and an HLS playlist (which would make ffmpeg fetch URLs)', async () => {
    const garbage = join(dir, 'garbage');
    writeFileSync(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    const text = join(dir, 'text');
    writeFileSync(text, 'just some words\n'.repeat(100));
    const playlist = join(dir, 'playlist');
    writeFileSync(playlist, '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n');
    for (const path of [garbage, text, playlist]) await expect(probeMedia(path)).rejects.toThrow(ProbeError);
  });
});
