import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedJson } from './parsed-json';

export interface MediaFixtures {
  baseUrl: string;
  dir: string;
  /** Requests seen, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

/**
 * Small media made with ffmpeg and served over HTTP on 127.0.0.1, as a client's
 * media host would: solid-colour images, a test-pattern video with a tone, a
 * tone, a subtitle file, and bytes that are no media at all.
 */
export async function startMediaFixtures(): Promise<MediaFixtures> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-media-'));
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=320x180', '-frames:v', '1', join(dir, 'red-320x180.png')]);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x0000FF:s=100x100', '-frames:v', '1', join(dir, 'blue-100x100.png')]);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x00FF00:s=320x180', '-frames:v', '1', join(dir, 'green-320x180.jpg')]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=0xFFFF00:s=320x180:r=10:d=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=2',
    '-shortest',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    join(dir, 'yellow-2s.mp4'),
  ]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=48000:duration=2', join(dir, 'tone-2s.wav')]);
  writeFileSync(join(dir, 'subs.srt'), '1\n00:00:00,000 --> 00:00:00,800\nHello 你好\n\n2\n00:00:01,000 --> 00:00:02,000\nSecond line\n');
  writeFileSync(join(dir, 'not-media.mp4'), Buffer.from('this is not a video file at all'.repeat(20)));
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0].slice(1));
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (!/^[\w.-]+$/.test(name)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const size = statSync(join(dir, name)).size;
      // A `.transcript` is JSON under a name that does not say so: the worker must go by the content type.
      const type = name.endsWith('.transcript') ? 'application/json; charset=utf-8' : 'application/octet-stream';
      res.writeHead(200, { 'content-length': size, 'content-type': type });
      createReadStream(join(dir, name)).pipe(res);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dir,
    hits,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** ffprobe of a file, as JSON. */
export function ffprobe(path: string): { format: { format_name: string; duration: string }; streams: Array<Record<string, ParsedJson>> } {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]).toString());
}

/** RGB of one pixel of the frame at `seconds` (decoded with ffmpeg). */
export function pixelAt(path: string, seconds: number, x: number, y: number): [number, number, number] {
  const raw = execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    `format=rgb24,crop=1:1:${x}:${y}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]);
  return [raw[0], raw[1], raw[2]];
}
