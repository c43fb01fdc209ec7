import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { RenderFailure } from '../common/render-failure';
import { remotionBinary } from '../media/remotion-binary';

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

const FFMPEG = remotionBinary('ffmpeg') ?? 'ffmpeg';

function runFfmpeg(args: string[], signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(FFMPEG, args, { timeout: PREVIEW_TIMEOUT_MS, signal }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${error.message}: ${String(stderr).slice(-300)}`)) : resolve(),
    );
  });
}

async function makeOrFail(what: string, outPath: string, args: string[], signal: AbortSignal | undefined): Promise<void> {
  try {
    await runFfmpeg(args, signal);
  } catch (error) {
    await rm(outPath, { force: true });
    if (signal?.aborted) throw error;
    throw new RenderFailure('RENDER_FAILED', `making the ${what} failed: ${(error as Error).message}`.slice(0, 500), true);
  }
}

/**
 * The preview GIF: the first 5 s at 5 fps, at most 320 px wide, with a palette
 * made for those frames. Measured on the 720p reference timeline this takes
 * about 1 s, where a second Chromium render took 4 s.
 */
export async function previewGifFromVideo(args: { videoPath: string; outPath: string; width: number; signal?: AbortSignal }): Promise<void> {
  const width = Math.min(PREVIEW_MAX_WIDTH, args.width - (args.width % 2));
  const graph = `scale=${width}:-2:flags=lanczos,split[frames][forPalette];[forPalette]palettegen=stats_mode=diff[palette];[frames][palette]paletteuse=dither=bayer`;
  await makeOrFail('preview GIF', args.outPath, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-t', String(PREVIEW_MAX_SECONDS), '-i', args.videoPath,
    // Remotion's ffmpeg build has no fps filter: the output rate picks the frames, the frame cap the length.
    '-an', '-filter_complex', graph, '-r', String(PREVIEW_FPS), '-frames:v', String(PREVIEW_FPS * PREVIEW_MAX_SECONDS), '-loop', '0',
    '-f', 'gif', args.outPath,
  ], args.signal);
}

/** The thumbnail: the video's middle frame as a JPEG, at most 640 px wide. */
export async function thumbnailFromVideo(args: {
  videoPath: string; outPath: string; width: number; durationInFrames: number; fps: number; signal?: AbortSignal;
}): Promise<void> {
  const width = Math.min(THUMBNAIL_MAX_WIDTH, args.width - (args.width % 2));
  const middle = Math.floor((args.durationInFrames - 1) / 2);
  await makeOrFail('thumbnail', args.outPath, [
    '-hide_banner', '-loglevel', 'error', '-y',
    // Seeking to the frame's own timestamp (input option: exact, decodes from the keyframe before it).
    '-ss', (middle / args.fps).toFixed(6), '-i', args.videoPath,
    // A JPEG is full-range BT.601 by definition; without saying so, swscale keeps the video's
    // BT.709 matrix and the JPEG decodes with reds about 10 % too dark.
    '-an', '-vf', `scale=${width}:-2:flags=lanczos:out_color_matrix=bt601:out_range=pc`, '-frames:v', '1', '-q:v', '3', '-f', 'image2', args.outPath,
  ], args.signal);
}
