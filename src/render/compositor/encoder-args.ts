/**
 * The compositor's encode step, written to give the file Remotion 4.0.529
 * writes for the same EncodingSettings. Remotion's own arguments (read from
 * node_modules/@remotion/renderer/dist: ffmpeg-args, crf, get-codec-name,
 * get-prores-profile-name, compress-audio, stitch-frames-to-video, and seen in
 * verbose renders) are, per codec:
 *
 *   -c:v libx264|libx265|libvpx|libvpx-vp9|prores_ks   [-profile:v 0-5 for ProRes]
 *   -pix_fmt <fmt>  [-preset <x264 preset>]  -video_track_timescale 90000  [-crf <n>, not ProRes]
 *   bt709:  -colorspace:v bt709 -color_primaries:v bt709 -color_trc:v bt709 -color_range tv
 *           after zscale=matrix=709:range=limited (BT.709, limited range)
 *   bt601:  no colour options, so the JPEG frames' full-range BT.601 passes through:
 *           the file is tagged color_space bt470bg, color_range pc (VP8 here)
 *   audio:  AAC: libfdk_aac -b:a <rate> -cutoff 18000; Opus: libopus -b:a <rate>; 48 kHz stereo
 *   mux:    -map_metadata -1, mp4/mov moved to fast start, cut with -t (capDuration)
 *
 * Debian's ffmpeg has no libfdk_aac; its native `aac` encoder takes the same
 * bitrate and cutoff.
 */
import type { ColorSpace, X264Preset } from '@remotion/renderer';
import type { OutputCodec } from '../../task-input/task-input.types';
import type { EncodingSettings, OutputExtension, ProResProfile } from '../encoding-settings';
import type { RenderPlan } from '../plan/render-plan.types';
import { isLargeCanvas } from './compositor-support';

const ENCODER: Readonly<Record<OutputCodec, string>> = {
  h264: 'libx264',
  h265: 'libx265',
  vp8: 'libvpx',
  vp9: 'libvpx-vp9',
  prores: 'prores_ks',
};

const PRORES_PROFILE_NUMBER: Readonly<Record<ProResProfile, string>> = {
  proxy: '0',
  light: '1',
  standard: '2',
  hq: '3',
  '4444': '4',
  '4444-xq': '5',
};

const MUXER: Readonly<Record<OutputExtension, string>> = { mp4: 'mp4', mov: 'mov', webm: 'webm' };

const AUDIO_SAMPLE_RATE = '48000';

interface Colour {
  /** Filters from the gbrp picture to `pixelFormat`: the RGB -> YUV conversion. */
  convert(pixelFormat: string): string;
  /** `setparams` options: the frames' own tags. */
  frameTags: string;
  /** Stream tags, as Remotion writes them. */
  tags: string[];
}

function colourFor(colorSpace: ColorSpace): Colour {
  switch (colorSpace) {
    case 'bt709':
      return {
        // Remotion's path, step by step: its frames are JPEGs (full-range BT.601, chroma halved both ways),
        // which its encode step turns into BT.709 with zscale. Converting the same way keeps sharp colour
        // edges as Remotion draws them: 5 to 7 dB closer than one direct RGB -> BT.709 conversion.
        convert: (pixelFormat) =>
          'scale=flags=area+accurate_rnd:out_color_matrix=bt601:out_range=pc,format=yuvj420p,' +
          'setparams=range=pc:colorspace=bt470bg,' +
          `zscale=matrix=709:range=limited:primariesin=709:primaries=709:transferin=709:transfer=709,format=${pixelFormat}`,
        frameTags: 'range=tv:colorspace=bt709:color_primaries=bt709:color_trc=bt709',
        tags: ['-colorspace:v', 'bt709', '-color_primaries:v', 'bt709', '-color_trc:v', 'bt709', '-color_range', 'tv'],
      };
    case 'bt601':
    case 'default':
      // What Remotion's untouched JPEG frames (full-range BT.601) come out as.
      return {
        convert: (pixelFormat) => `scale=flags=bicubic+accurate_rnd:out_color_matrix=bt601:out_range=pc,format=${pixelFormat}`,
        frameTags: 'range=pc:colorspace=bt470bg',
        tags: ['-colorspace:v', 'bt470bg', '-color_range', 'pc'],
      };
    case 'bt2020-ncl':
      // Remotion tags HLG without converting to it; encodingFor never asks for it.
      throw new Error('the compositor does not write bt2020-ncl');
  }
}

function audioCodecArgs(enc: EncodingSettings): string[] {
  switch (enc.audioCodec) {
    case 'aac':
      return ['-c:a', 'aac', '-b:a', enc.audioBitrate, '-cutoff', '18000'];
    case 'opus':
      return ['-c:a', 'libopus', '-b:a', enc.audioBitrate];
    case 'mp3':
      return ['-c:a', 'libmp3lame', '-b:a', enc.audioBitrate];
    case 'pcm-16':
      return ['-c:a', 'pcm_s16le'];
  }
}

/**
 * Filters (comma-joined) from the graph's gbrp picture to the encoder's input:
 * the one RGB -> YUV conversion, with the matrix and range the file is tagged
 * with. ffmpeg refuses -vf on a stream that comes out of -filter_complex, and
 * its automatic conversion would use BT.601 whatever the tags say, so this
 * belongs at the end of the filter graph, before the label encoderArgs maps.
 */
export function encoderInputFilter(enc: EncodingSettings): string {
  const colour = colourFor(enc.colorSpace);
  // ffmpeg 5.1 does not copy -colorspace & co. onto frames, and prores_ks writes its header from the frames.
  return `${colour.convert(enc.pixelFormat)},setparams=${colour.frameTags}`;
}

/** x264's own lookahead (frames) of each preset. */
const PRESET_LOOKAHEAD: Readonly<Record<X264Preset, number>> = {
  ultrafast: 0,
  superfast: 0,
  veryfast: 10,
  faster: 20,
  fast: 30,
  medium: 40,
  slow: 50,
  slower: 60,
  veryslow: 60,
  placebo: 60,
};

/**
 * On a large canvas x264's frames in flight are bounded. Each costs about 4 bytes a pixel (33 MB at 4K, 130 MB
 * at 8K), and x264 keeps 1.5 frame threads per core plus its lookahead: left to its defaults it held 0.9 GiB at
 * 4K (veryfast) and 2.0 GiB at 4K (slow) and 3.2 GiB at 8K (veryfast) on two cores, more on more. Two threads
 * sharing each frame by slices, a five-frame lookahead and no threaded lookahead buffer bound it by the canvas,
 * not the machine (alone, 4K veryfast 0.5 GiB, 8K slow 2.0 GiB). Smaller canvases keep x264's defaults.
 */
const X264_LARGE_CANVAS = { threads: 2, lookahead: 5 };

function x264MemoryBounds(preset: X264Preset, plan: RenderPlan): string[] {
  if (!isLargeCanvas(plan)) return [];
  const lookahead = Math.min(PRESET_LOOKAHEAD[preset], X264_LARGE_CANVAS.lookahead);
  return ['-threads', String(X264_LARGE_CANVAS.threads), '-x264-params', `sliced-threads=1:rc-lookahead=${lookahead}:sync-lookahead=0`];
}

function videoCodecArgs(enc: EncodingSettings, plan: RenderPlan): string[] {
  return [
    '-c:v',
    ENCODER[enc.codec],
    ...colourFor(enc.colorSpace).tags,
    ...(enc.proResProfile === null ? [] : ['-profile:v', PRORES_PROFILE_NUMBER[enc.proResProfile]]),
    '-pix_fmt',
    enc.pixelFormat,
    // swscale averages each 2x2 block (centred chroma), as Remotion's JPEG-fed 4:2:0 files are tagged.
    ...(enc.pixelFormat === 'yuv420p' ? ['-chroma_sample_location', 'center'] : []),
    ...(enc.x264Preset === null ? [] : ['-preset', enc.x264Preset, ...x264MemoryBounds(enc.x264Preset, plan)]),
    ...(enc.crf === null ? [] : ['-crf', String(enc.crf)]),
    '-r',
    String(plan.fps),
  ];
}

function audioEncodeArgs(enc: EncodingSettings): string[] {
  return [...audioCodecArgs(enc), '-ar', AUDIO_SAMPLE_RATE, '-ac', '2'];
}

function containerArgs(enc: EncodingSettings, plan: RenderPlan, outPath: string): string[] {
  const quickTime = enc.extension === 'mp4' || enc.extension === 'mov';
  return [
    // As capDuration does for Remotion: the last AAC packet would otherwise lengthen the file.
    '-t',
    (plan.durationInFrames / plan.fps).toFixed(6),
    // Nothing of the task's media (titles, GPS, chapters) leaks into the output.
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    ...(quickTime ? ['-video_track_timescale', '90000', '-movflags', '+faststart'] : []),
    '-f',
    MUXER[enc.extension],
    outPath,
  ];
}

/**
 * ffmpeg output options (after all inputs and -filter_complex) for the video
 * stream [`labels.video`] (already converted by encoderInputFilter) and the
 * audio [`labels.audio`], so the file matches what Remotion writes for the
 * same EncodingSettings, exactly plan.durationInFrames / plan.fps long.
 * Without an audio label the file is silent: a chunk of a chunked render,
 * whose sound is mixed once for the joined file (joinedEncoderArgs).
 */
export function encoderArgs(enc: EncodingSettings, plan: RenderPlan, labels: { video: string; audio: string | null }, outPath: string): string[] {
  return [
    '-map',
    `[${labels.video}]`,
    ...(labels.audio === null ? [] : ['-map', `[${labels.audio}]`]),
    ...videoCodecArgs(enc, plan),
    ...(labels.audio === null ? ['-an'] : audioEncodeArgs(enc)),
    ...containerArgs(enc, plan, outPath),
  ];
}

/**
 * The whole timeline's sound [`audioLabel`], alone, encoded as the output
 * encodes it, in a container its stream can be copied from sample for sample
 * (AAC keeps its priming in MP4's edit list): mixed while a chunked render's
 * chunks are still rendering.
 */
export function soundTrackArgs(enc: EncodingSettings, plan: RenderPlan, audioLabel: string, outPath: string): string[] {
  return [
    '-map',
    `[${audioLabel}]`,
    ...audioEncodeArgs(enc),
    '-t',
    (plan.durationInFrames / plan.fps).toFixed(6),
    '-f',
    enc.audioCodec === 'aac' ? 'mp4' : 'matroska',
    outPath,
  ];
}

/**
 * The joined file of a chunked render: the chunks' video (input `from.video`,
 * the concat list) and the sound track (input `from.audio`, soundTrackArgs)
 * copied as they are, never encoded again.
 */
export function joinedEncoderArgs(enc: EncodingSettings, plan: RenderPlan, from: { video: number; audio: number }, outPath: string): string[] {
  return ['-map', `${from.video}:v`, '-map', `${from.audio}:a`, '-c', 'copy', ...containerArgs(enc, plan, outPath)];
}

/**
 * The loudness pass (src/render/sound/loudness.ts): the finished file (`inPath`) with its video copied as it is
 * and its sound through `audioFilter`, encoded again as the output encodes it.
 */
export function loudnessPassArgs(enc: EncodingSettings, plan: RenderPlan, inPath: string, audioFilter: string, outPath: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-protocol_whitelist', 'file', '-i', `file:${inPath}`],
    ...['-map', '0:v:0', '-map', '0:a:0', '-c:v', 'copy', '-af', audioFilter],
    ...audioEncodeArgs(enc),
    ...containerArgs(enc, plan, outPath),
  ];
}
