/**
 * Output format, codec and quality of a task mapped to Remotion's renderMedia
 * encoder options. The table is documented in docs/rendering.md; change both
 * together.
 */
import type { AudioCodec, Bitrate, ColorSpace, PixelFormat, RenderMediaOptions, X264Preset } from '@remotion/renderer';
import type { OutputCodec, OutputFormat, OutputQuality, ResolvedOutput } from '../task-input/task-input.types';

export type ProResProfile = NonNullable<RenderMediaOptions['proResProfile']>;
export type OutputExtension = 'mp4' | 'mov' | 'webm';

export interface EncodingSettings {
  codec: OutputCodec;
  /** Null for ProRes, whose quality is set by its profile. */
  crf: number | null;
  /** Only H.264 has presets in Remotion; null for the other codecs. */
  x264Preset: X264Preset | null;
  proResProfile: ProResProfile | null;
  audioCodec: AudioCodec;
  audioBitrate: Bitrate;
  pixelFormat: PixelFormat;
  colorSpace: ColorSpace;
  /** Quality of the JPEG frames Chromium hands to the encoder (they bound the final quality). */
  jpegQuality: number;
  extension: OutputExtension;
}

type PerQuality<T> = Readonly<Record<OutputQuality, T>>;

// Lower CRF = better. Values sit where each encoder's own scale puts "fast draft",
// "broadcast-ish default", "visually lossless-ish" and "archival".
const CRF: Readonly<Record<Exclude<OutputCodec, 'prores'>, PerQuality<number>>> = {
  h264: { draft: 28, standard: 23, high: 18, premium: 14 },
  h265: { draft: 32, standard: 28, high: 23, premium: 18 },
  vp8: { draft: 30, standard: 16, high: 10, premium: 6 },
  vp9: { draft: 40, standard: 33, high: 28, premium: 20 },
};

// Two cores: draft favours speed hard; premium pays time for smaller, cleaner files.
const X264_PRESET: PerQuality<X264Preset> = { draft: 'ultrafast', standard: 'veryfast', high: 'medium', premium: 'slow' };

const PRORES_PROFILE: PerQuality<ProResProfile> = { draft: 'proxy', standard: 'standard', high: 'hq', premium: '4444' };

const JPEG_QUALITY: PerQuality<number> = { draft: 70, standard: 85, high: 92, premium: 100 };

const AUDIO_BITRATE: PerQuality<Bitrate> = { draft: '96k', standard: '128k', high: '192k', premium: '320k' };

const EXTENSION: Readonly<Record<OutputFormat, OutputExtension>> = {
  mp4: 'mp4',
  mov: 'mov',
  webm: 'webm',
  prores: 'mov',
};

const ALLOWED_CODECS: Readonly<Record<OutputFormat, readonly OutputCodec[]>> = {
  mp4: ['h264', 'h265'],
  mov: ['h264', 'prores'],
  webm: ['vp8', 'vp9'],
  prores: ['prores'],
};

function proResPixelFormat(profile: ProResProfile): PixelFormat {
  // prores_ks only takes 4:2:2 or 4:4:4 input; the 4444 profiles carry full chroma.
  return profile === '4444' || profile === '4444-xq' ? 'yuv444p10le' : 'yuv422p10le';
}

/**
 * BT.709 everywhere (Remotion's v4 default writes full-range H.264 that players
 * show washed out) except VP8, whose bitstream can only mean BT.601: decoders
 * read a BT.709 VP8 stream with the wrong matrix (greens come out ~15 % brighter).
 */
function colorSpaceFor(codec: OutputCodec): ColorSpace {
  return codec === 'vp8' ? 'bt601' : 'bt709';
}

export function encodingFor(output: ResolvedOutput): EncodingSettings {
  const { format, codec, quality } = output;
  if (!ALLOWED_CODECS[format].includes(codec)) {
    // Validation refuses these combinations first; this guards against a caller skipping it.
    throw new Error(`codec ${codec} cannot be written as ${format}`);
  }
  const common = {
    codec,
    audioBitrate: AUDIO_BITRATE[quality],
    colorSpace: colorSpaceFor(codec),
    jpegQuality: JPEG_QUALITY[quality],
    extension: EXTENSION[format],
  };
  if (codec === 'prores') {
    const profile = PRORES_PROFILE[quality];
    return {
      ...common,
      crf: null,
      x264Preset: null,
      proResProfile: profile,
      audioCodec: 'aac',
      pixelFormat: proResPixelFormat(profile),
    };
  }
  return {
    ...common,
    crf: CRF[codec][quality],
    x264Preset: codec === 'h264' ? X264_PRESET[quality] : null,
    proResProfile: null,
    audioCodec: codec === 'vp8' || codec === 'vp9' ? 'opus' : 'aac',
    pixelFormat: 'yuv420p',
  };
}
