import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { remotionBinary } from './remotion-binary';
import { renderChild } from '../common/render-child';

export interface MediaProbe {
  formatName: string;
  durationMs: number | null;
  sizeBytes: number;
  video: {
    codec: string;
    width: number;
    height: number;
    fps: number;
    /** ffprobe's `color_space` tag (`bt709`, `smpte170m`, …), null when untagged. */
    colorSpace: string | null;
    /** Full range (`pc`, or a `yuvj` pixel format) rather than TV range. */
    fullRange: boolean;
    /**
     * Clockwise degrees (0, 90, 180, 270) a player turns the stored frames to show them, from the
     * display matrix phones write: `width` and `height` are the stored frame's, before the turn.
     */
    rotationDeg: number;
    /** Width of a stored pixel over its height (anamorphic video: 2 shows 160x180 as 320x180); 1 when square or untagged. */
    sampleAspectRatio: number;
  } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
  isStillImage: boolean;
  /** The container's first timestamp (ffmpeg moves it to 0 when it reads the file), 0 when absent. */
  startTimeMs: number;
}

/** The probe could not read the file as media (or ffprobe itself failed). */
export class ProbeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeError';
  }
}

/**
 * Containers Remotion's compositor decodes video and audio from. Playlists
 * (hls), `concat` and image sequences are left out on purpose: they make
 * ffmpeg open further files or URLs named inside an untrusted download.
 */
export const AV_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,flv,mp3,aac,flac,ogg,wav,caf';
/** Still images, decoded by the compositor (and by Chromium in the Remotion engine). */
export const IMAGE_DEMUXERS = 'png_pipe,jpeg_pipe,webp_pipe,gif,bmp_pipe';

/**
 * The image demuxer a file's first bytes name, null when they name none. It is
 * given to ffprobe and ffmpeg with `-f`: left to guess, they pick `image2` for
 * a `.jpg` name whose end lies past the probe buffer (any JPEG over a few KB),
 * which the whitelist refuses.
 */
export function imageDemuxer(head: Buffer): string | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png_pipe';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg_pipe';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp_pipe';
  if (ascii(0, 2) === 'BM') return 'bmp_pipe';
  return null;
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(12), 0, 12, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
const IMAGE_CODECS = new Set(['png', 'mjpeg', 'webp', 'gif', 'bmp']);
const PROBE_TIMEOUT_MS = 30_000;

/**
 * Remotion ships the ffprobe built with exactly the decoders its compositor
 * has, so a file it can read is a file the render can decode. Its build has no
 * image demuxers, so images fall back to the system ffprobe.
 */
const AV_PROBE = remotionBinary('ffprobe') ?? 'ffprobe';
const IMAGE_PROBE = existsSync('/usr/bin/ffprobe') ? '/usr/bin/ffprobe' : 'ffprobe';

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  color_space?: string;
  color_range?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
  sample_aspect_ratio?: string;
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; start_time?: string };
  streams?: RawStream[];
  /** An image's first frame, when asked for: a JPEG's EXIF orientation is a display matrix on it, not on the stream. */
  frames?: Array<{ side_data_list?: RawStream['side_data_list'] }>;
}

/** For an image: its first frame's side data too, where a JPEG's EXIF orientation shows. */
const FIRST_FRAME_SIDE_DATA = ['-show_entries', 'frame_side_data=side_data_type,rotation', '-read_intervals', '%+#1'];

function runFfprobe(binary: string, path: string, demuxers: string, extra: string[] = []): Promise<RawProbe> {
  const args = [
    '-v',
    'error',
    ...extra,
    '-format_whitelist',
    demuxers,
    '-protocol_whitelist',
    'file',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    // `file:` keeps a path from being read as another protocol or option.
    `file:${path}`,
  ];
  return new Promise((resolve, reject) => {
    const command = renderChild(binary, args);
    execFile(command.file, command.args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new ProbeError(String(stderr).trim().split('\n').pop() || error.message));
      try {
        resolve(JSON.parse(stdout) as RawProbe);
      } catch {
        reject(new ProbeError('ffprobe printed no readable JSON'));
      }
    });
  });
}

/** The size a player shows a video's frames at: non-square pixels at their display width, then turned by the rotation. */
export function displaySize(video: NonNullable<MediaProbe['video']>): { width: number; height: number } {
  const shown = { width: Math.round(video.width * video.sampleAspectRatio), height: video.height };
  return Math.abs(video.rotationDeg) % 180 === 90 ? { width: shown.height, height: shown.width } : shown;
}

/** `2:1` → 2; an unset (`0:1`), absent or broken ratio is square pixels. */
function parseSampleAspectRatio(ratio: string | undefined): number {
  const [num, den] = (ratio ?? '').split(':').map(Number);
  return num > 0 && den > 0 ? num / den : 1;
}

function parseRate(rate: string | undefined): number {
  const [num, den] = (rate ?? '0/0').split('/').map(Number);
  return den > 0 && Number.isFinite(num) ? num / den : 0;
}

/**
 * ffprobe gives the display matrix's angle counter-clockwise in [-180, 180]; snapped to quarter turns, clockwise.
 * A video's is on its stream; an image's (EXIF orientation, which ffmpeg and Chromium both honour) on its frame.
 */
function displayRotation(sideData: RawStream['side_data_list']): number {
  const matrix = sideData?.find((d) => d.side_data_type === 'Display Matrix' || d.side_data_type === '3x3 displaymatrix');
  const counterClockwise = Number(matrix?.rotation ?? 0);
  if (!Number.isFinite(counterClockwise)) return 0;
  return (((Math.round(-counterClockwise / 90) * 90) % 360) + 360) % 360;
}

function toProbe(raw: RawProbe, sizeBytes: number, isImageProbe: boolean): MediaProbe {
  const streams = raw.streams ?? [];
  const videoStream = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audioStream = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(raw.format?.duration);
  const isStillImage = isImageProbe && !!videoStream && IMAGE_CODECS.has(videoStream.codec_name ?? '');
  return {
    formatName: raw.format?.format_name ?? 'unknown',
    durationMs: !isStillImage && Number.isFinite(duration) ? Math.round(duration * 1000) : null,
    sizeBytes,
    video: videoStream
      ? {
          codec: videoStream.codec_name ?? 'unknown',
          width: videoStream.width ?? 0,
          height: videoStream.height ?? 0,
          fps: parseRate(videoStream.avg_frame_rate) || parseRate(videoStream.r_frame_rate),
          colorSpace: videoStream.color_space && videoStream.color_space !== 'unknown' ? videoStream.color_space : null,
          fullRange: videoStream.color_range === 'pc' || (videoStream.pix_fmt ?? '').startsWith('yuvj'),
          rotationDeg: displayRotation(videoStream.side_data_list ?? raw.frames?.[0]?.side_data_list),
          sampleAspectRatio: parseSampleAspectRatio(videoStream.sample_aspect_ratio),
        }
      : null,
    audio: audioStream
      ? {
          codec: audioStream.codec_name ?? 'unknown',
          sampleRate: Number(audioStream.sample_rate) || 0,
          channels: audioStream.channels ?? 0,
        }
      : null,
    isStillImage,
    startTimeMs: Math.round((Number(raw.format?.start_time) || 0) * 1000),
  };
}

function hasStreams(probe: MediaProbe): boolean {
  return probe.video !== null || probe.audio !== null;
}

/**
 * Reads what a file really is, whatever its name or the Content-Type it came
 * with. Throws ProbeError when it is neither audio/video Remotion can decode
 * nor a still image Chromium can show.
 */
export async function probeMedia(path: string): Promise<MediaProbe> {
  const { size } = await stat(path);
  // Remotion's ffprobe has no image demuxers: a file whose first bytes name an image is probed as one first.
  const demuxer = imageDemuxer(await readHead(path));
  const image = demuxer === null ? null : await probeImage(path, size, demuxer);
  if (image !== null) return image;
  let avFailure: unknown;
  try {
    const probe = toProbe(await runFfprobe(AV_PROBE, path, AV_DEMUXERS), size, false);
    if (hasStreams(probe)) return probe;
  } catch (error) {
    avFailure = error;
  }
  throw avFailure instanceof ProbeError ? avFailure : new ProbeError('no decodable audio, video or image stream');
}

/** The still image a file holds, by the system's ffprobe with the demuxer its first bytes name; null when it holds none. */
async function probeImage(path: string, size: number, demuxer: string): Promise<MediaProbe | null> {
  try {
    const probe = toProbe(await runFfprobe(IMAGE_PROBE, path, IMAGE_DEMUXERS, ['-f', demuxer, ...FIRST_FRAME_SIDE_DATA]), size, true);
    return probe.isStillImage && probe.video && probe.video.width > 0 ? probe : null;
  } catch {
    // The audio/video reason, if that fails too, is the more useful one to report.
    return null;
  }
}
