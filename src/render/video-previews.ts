import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { internalFailure } from '../common/render-failure';
import { renderChild } from '../common/render-child';

/**
 * The thumbnail (JPEG) and the preview (GIF) of a task, both cut from the
 * finished video by ffmpeg, so they show exactly what the video shows,
 * whichever engine drew it, without a browser.
 */
export const PREVIEW_MAX_WIDTH = 320;
/** Thumbnails are at most this wide (never upscaled). */
export const THUMBNAIL_MAX_WIDTH = 640;
export const PREVIEW_FPS = 5;
export const PREVIEW_MAX_SECONDS = 5;
const PREVIEW_TIMEOUT_MS = 120_000;

/** Debian's ffmpeg, which the compositor needs anyway: Remotion's minimal build has no `fps` filter. */
export const SYSTEM_FFMPEG = '/usr/bin/ffmpeg';

function runFfmpeg(args: string[], signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const command = renderChild(SYSTEM_FFMPEG, args);
    execFile(command.file, command.args, { timeout: PREVIEW_TIMEOUT_MS, signal }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${error.message}: ${String(stderr).slice(-300)}`)) : resolve(),
    );
  });
}

async function makeOrFail(what: 'thumbnail' | 'preview', outPath: string, args: string[], signal: AbortSignal | undefined): Promise<void> {
  try {
    await runFfmpeg(args, signal);
  } catch (error) {
    await rm(outPath, { force: true });
    if (signal?.aborted) throw error;
    throw internalFailure(what, error);
  }
}

/** The GIF's frames from a picture at the video's rate, [in] to [out]: the first seconds, at the GIF's rate. */
function gifFrames(labels: { in: string; out: string }): string {
  return `[${labels.in}]trim=end=${PREVIEW_MAX_SECONDS},fps=${PREVIEW_FPS}[${labels.out}]`;
}

/**
 * The GIF's frames scaled and mapped to one palette made from all of them, from [in] to [out]; `uniq` prefixes
 * inner labels. All of them: counting only what changes between frames leaves the colours of a still scene out.
 */
function gifFilter(videoWidth: number, labels: { in: string; out: string }, uniq: string): string {
  const width = Math.min(PREVIEW_MAX_WIDTH, videoWidth - (videoWidth % 2));
  return (
    `[${labels.in}]scale=${width}:-2:flags=lanczos,split[${uniq}frames][${uniq}forPalette];` +
    `[${uniq}forPalette]palettegen=stats_mode=full[${uniq}palette];[${uniq}frames][${uniq}palette]paletteuse=dither=bayer[${labels.out}]`
  );
}

/** The thumbnail's scaling; a JPEG is full-range BT.601 by definition, whatever the picture it is cut from. */
function thumbnailScale(videoWidth: number): string {
  const width = Math.min(THUMBNAIL_MAX_WIDTH, videoWidth - (videoWidth % 2));
  return `scale=${width}:-2:flags=lanczos:out_color_matrix=bt601:out_range=pc`;
}

/** The frame the thumbnail shows. */
export const middleFrame = (durationInFrames: number): number => Math.floor((durationInFrames - 1) / 2);

const THUMBNAIL_JPEG = ['-frames:v', '1', '-q:v', '3', '-f', 'image2'];
const GIF = ['-loop', '0', '-f', 'gif'];

export interface PreviewPaths {
  thumbnailPath: string;
  gifPath: string;
}

/**
 * The thumbnail and the GIF as two more outputs of the ffmpeg run that
 * composites the video: `graph` splits the finished picture [`label`] (any
 * pixel format, at the video's rate) and leaves [`label`_video] for the
 * video's encoder; `outputArgs` go after the video's output. The same frames
 * and filters as cutting them from the video, without decoding it again.
 */
export function previewOutputs(
  label: string,
  video: { width: number; durationInFrames: number },
  paths: PreviewPaths,
): { graph: string; outputArgs: string[] } {
  const graph = [
    `[${label}]split=3[${label}_video][${label}_thumb][${label}_gif]`,
    `[${label}_thumb]select='eq(n,${middleFrame(video.durationInFrames)})',${thumbnailScale(video.width)},format=yuvj420p[${label}_thumbnail]`,
    gifFrames({ in: `${label}_gif`, out: `${label}_gifFrames` }),
    gifFilter(video.width, { in: `${label}_gifFrames`, out: `${label}_preview` }, `${label}_p`),
  ].join(';');
  return {
    graph,
    outputArgs: [
      '-map',
      `[${label}_thumbnail]`,
      ...THUMBNAIL_JPEG,
      `file:${paths.thumbnailPath}`,
      '-map',
      `[${label}_preview]`,
      ...GIF,
      `file:${paths.gifPath}`,
    ],
  };
}

/**
 * The preview GIF: the first 5 s at 5 fps, at most 320 px wide, with a palette
 * made for those frames. Measured on the 720p reference timeline this takes
 * about 1 s, where a second Chromium render took 4 s.
 */
export async function previewGifFromVideo(args: { videoPath: string; outPath: string; width: number; signal?: AbortSignal }): Promise<void> {
  const graph = `${gifFrames({ in: '0:v', out: 'gifFrames' })};${gifFilter(args.width, { in: 'gifFrames', out: 'gif' }, '')}`;
  await makeOrFail(
    'preview',
    args.outPath,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-t',
      String(PREVIEW_MAX_SECONDS),
      '-i',
      args.videoPath,
      '-an',
      '-filter_complex',
      graph,
      '-map',
      '[gif]',
      ...GIF,
      args.outPath,
    ],
    args.signal,
  );
}

/**
 * The thumbnail: the video's middle frame as a JPEG, at most 640 px wide; or frame `frame` of the file,
 * for a chunk of a chunked render that holds the middle frame of the whole video.
 */
export async function thumbnailFromVideo(args: {
  videoPath: string;
  outPath: string;
  width: number;
  durationInFrames: number;
  fps: number;
  frame?: number;
  signal?: AbortSignal;
}): Promise<void> {
  await makeOrFail(
    'thumbnail',
    args.outPath,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      // Seeking to the frame's own timestamp (input option: exact, decodes from the keyframe before it).
      '-ss',
      ((args.frame ?? middleFrame(args.durationInFrames)) / args.fps).toFixed(6),
      '-i',
      args.videoPath,
      // Without naming the JPEG's matrix, swscale keeps the video's BT.709 one and the JPEG decodes with reds about 10 % too dark.
      '-an',
      '-vf',
      thumbnailScale(args.width),
      ...THUMBNAIL_JPEG,
      args.outPath,
    ],
    args.signal,
  );
}
