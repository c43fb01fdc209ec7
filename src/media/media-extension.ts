import { extname } from 'node:path';
import type { MediaProbe } from './ffprobe';

const IMAGE_EXTENSIONS: Record<string, string> = { png: '.png', mjpeg: '.jpg', webp: '.webp', gif: '.gif', bmp: '.bmp' };
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);
const CONTAINER_EXTENSIONS: Array<[RegExp, string]> = [
  [/\bavi\b/, '.avi'],
  [/\bflv\b/, '.flv'],
  [/\bmp3\b/, '.mp3'],
  [/\baac\b/, '.aac'],
  [/\bflac\b/, '.flac'],
  [/\bogg\b/, '.ogg'],
  [/\bwav\b/, '.wav'],
  [/\bcaf\b/, '.caf'],
];

/**
 * The file name extension that matches what the probe found, so the worker's
 * media server and Chromium see the real type, whatever the URL said.
 */
export function mediaExtension(probe: MediaProbe): string {
  if (probe.isStillImage) return IMAGE_EXTENSIONS[probe.video?.codec ?? ''] ?? '.img';
  const format = probe.formatName;
  if (/\bmp4\b|\bmov\b/.test(format)) return probe.video ? '.mp4' : '.m4a';
  if (/\bmatroska\b|\bwebm\b/.test(format)) {
    const codecs = [probe.video?.codec, probe.audio?.codec].filter((codec): codec is string => !!codec);
    return codecs.every((codec) => WEBM_CODECS.has(codec)) ? '.webm' : '.mkv';
  }
  return CONTAINER_EXTENSIONS.find(([pattern]) => pattern.test(format))?.[1] ?? '.bin';
}

const SUBTITLE_EXTENSIONS = new Set(['.srt', '.vtt', '.ass', '.ssa', '.json', '.txt']);

/**
 * Subtitles are not probed; the URL's extension picks the parser, plain text otherwise. A JSON content type
 * makes a transcript (`.json`) whatever the path says.
 */
export function subtitleExtension(urlPath: string, contentType: string | null = null): string {
  if (contentType !== null && /^application\/json\s*(?:;|$)/i.test(contentType)) return '.json';
  const extension = extname(urlPath).toLowerCase();
  return SUBTITLE_EXTENSIONS.has(extension) ? extension : '.txt';
}
