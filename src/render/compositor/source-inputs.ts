/**
 * A task's media file as one ffmpeg input of the compositor: the input options
 * (untrusted files may only be read as the containers the probe accepts, and
 * open nothing else), whether it has sound, and how its picture is turned
 * into a layer's frames, decoded the way the composition's `<OffthreadVideo>`
 * decodes it (measured against Remotion 4.0.529 on this machine; the
 * compositor-sources integration test keeps them in step):
 *
 * - Colour: a tagged matrix is honoured; an untagged source is BT.709 from a
 *   height of 720 px up and BT.601 below (1278x720 and 480x854 are BT.709,
 *   1282x700 is BT.601). Full range (`pc` or a `yuvj` format) is honoured.
 * - Orientation: a display matrix (phone video, a JPEG's EXIF orientation)
 *   is honoured; the layer's size is the upright picture's.
 * - Frames: at layer time t the composition shows the last source frame whose
 *   timestamp is at most t, on the file's own timestamps (a stream starting at
 *   0.5 s shows its first frame until then); after the last frame it holds it.
 */
import { AV_DEMUXERS, displaySize, IMAGE_DEMUXERS, probeMedia, type MediaProbe } from '../../media/ffprobe';
import type { PlanMediaLayer } from '../plan/render-plan.types';
import type { VideoSource } from './media-layer-chain';

export interface SourceDescription {
  inputArgs: string[];
  hasAudio: boolean;
  video(inputIndex: number): VideoSource;
  /**
   * The same file as an input that starts `skippedFrames` (plan frames) into the picture, for a chunk
   * whose range begins inside the layer: ffmpeg seeks there rather than decoding everything before.
   */
  videoFrom(skippedFrames: number, fps: number): { inputArgs: string[]; video(inputIndex: number): VideoSource };
}

/**
 * Seeks stop this far before the source's end: past its last frame the seek would find no frame to
 * hold, so the held frame comes from decoding that last stretch and trimming.
 */
const SEEK_END_MARGIN_MS = 1_000;

/** ffprobe `color_space` tags to the matrix names of ffmpeg's `scale`. */
const MATRIX_OF_TAG: Readonly<Record<string, string>> = {
  bt709: 'bt709',
  smpte170m: 'bt601',
  bt470bg: 'bt601',
  fcc: 'fcc',
  smpte240m: 'smpte240m',
  bt2020nc: 'bt2020',
  bt2020c: 'bt2020',
};

/** The `scale` options naming the YUV matrix and range the composition's decoder uses for this stream. */
export function colourOptions(video: NonNullable<MediaProbe['video']>): string {
  const tagged = video.colorSpace === null ? undefined : MATRIX_OF_TAG[video.colorSpace];
  const matrix = tagged ?? (video.height >= 720 ? 'bt709' : 'bt601');
  return `in_color_matrix=${matrix}:in_range=${video.fullRange ? 'pc' : 'tv'}`;
}

function num(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(6);
}

/**
 * The layer's frames on the plan's grid, from the layer's first frame:
 * `round=up` files each source frame under the first output slot at or after
 * its timestamp, and `fps` keeps the last frame of a slot, which is the last
 * frame at or before the slot's time; `start_time=0` repeats the first frame
 * over any gap before it; the `tpad`s hold the last frame past the end.
 */
export function clipFrames(layer: PlanMediaLayer, fps: number, shiftMs: number, trimmedFrames = 0): string {
  const frames = layer.durationInFrames + trimmedFrames;
  return [
    // ffmpeg moved the file's first timestamp to 0 (or to the seek point); the composition keeps the file's own.
    ...(shiftMs > 0 ? [`setpts=PTS+${num(shiftMs / 1000)}/TB`] : []),
    // One copy of the last frame just past the end: `fps` drops the frames of a slot the stream ends in.
    'tpad=stop_mode=clone:stop=1',
    // Frames before the seek point (back to its keyframe) have negative times: `fps` keeps the last of them for slot 0.
    `fps=fps=${num(fps)}:start_time=0:round=up`,
    `tpad=stop_mode=clone:stop=${frames}`,
    ...(trimmedFrames > 0 ? [`trim=start_frame=${trimmedFrames}:end_frame=${frames}`, 'setpts=PTS-STARTPTS'] : [`trim=end_frame=${frames}`]),
  ].join(',');
}

export async function describeSource(path: string): Promise<SourceDescription> {
  const probe = await probeMedia(path);
  const video = probe.video;
  // An image's demuxer is the one its probe was forced to (see imageDemuxer); a video's is left to ffmpeg within the whitelist.
  const demuxer = probe.isStillImage ? ['-f', probe.formatName, '-format_whitelist', IMAGE_DEMUXERS] : ['-format_whitelist', AV_DEMUXERS];
  const inputArgs = [...demuxer, '-protocol_whitelist', 'file', '-i', `file:${path}`];
  // ffmpeg turns the frames as a player does (autorotate), and so does the composition's decoder; non-square pixels
  // are scaled to their display width in the conversion to RGB.
  const size = video === null ? { width: 0, height: 0 } : displaySize(video);
  const anamorphic = video !== null && video.sampleAspectRatio !== 1;
  // A YUV image is BT.601 whatever its size, as Chromium decodes it: a JPEG full range (JFIF), a lossy WebP not.
  const colour = video === null ? '' : probe.isStillImage ? `in_color_matrix=bt601:in_range=${video.fullRange ? 'pc' : 'tv'}` : colourOptions(video);
  const decodeScale = `scale=${[...(anamorphic ? [`w=${size.width}:h=${size.height}`] : []), ...(colour === '' ? [] : [colour])].join(':')}`;
  /** `shiftMs`: what to add to ffmpeg's timestamps to get the layer's clock back (the file's first timestamp, less any seek). */
  const videoSource = (inputIndex: number, trimmedFrames: number, shiftMs: number): VideoSource => ({
    inputIndex,
    size,
    decodeScale,
    clipFrames: (layer, fps) => clipFrames(layer, fps, shiftMs, trimmedFrames),
  });
  return {
    inputArgs,
    hasAudio: probe.audio !== null,
    video: (inputIndex) => videoSource(inputIndex, 0, probe.startTimeMs),
    videoFrom: (skippedFrames, fps) => {
      const seekableMs = Math.max(0, (probe.durationMs ?? 0) - SEEK_END_MARGIN_MS);
      const seekFrames = Math.min(skippedFrames, Math.floor((seekableMs / 1000) * fps));
      // `-ss` counts from the file's first timestamp, and ffmpeg moves the seek point to 0; the layer's clock is the
      // file's own, so the seek is `startTime` earlier and the frames are moved back by what ffmpeg took off.
      const seekSeconds = Math.max(0, seekFrames / fps - probe.startTimeMs / 1000);
      // Without accurate seeking ffmpeg keeps the frames from the keyframe before the point, so the one shown there is among them.
      const seek = seekSeconds > 0 ? ['-noaccurate_seek', '-ss', seekSeconds.toFixed(6)] : [];
      const shiftMs = (seekSeconds - seekFrames / fps) * 1000 + probe.startTimeMs;
      return { inputArgs: [...seek, ...inputArgs], video: (inputIndex) => videoSource(inputIndex, skippedFrames - seekFrames, shiftMs) };
    },
  };
}
