import type { OutputCodec, OutputFormat, OutputQuality } from '../../task-input/task-input.types';
import { encodingFor, type EncodingSettings } from '../encoding-settings';
import type { RenderPlan } from '../plan/render-plan.types';
import { encoderArgs, encoderInputFilter } from './encoder-args';

const PLAN: RenderPlan = {
  width: 160,
  height: 90,
  fps: 30,
  durationInFrames: 61,
  backgroundColor: '#000000',
  layers: [],
  audio: [],
  subtitles: [],
  fonts: [],
};

const PAIRS: Array<[OutputFormat, OutputCodec]> = [
  ['mp4', 'h264'],
  ['mp4', 'h265'],
  ['mov', 'h264'],
  ['mov', 'prores'],
  ['webm', 'vp8'],
  ['webm', 'vp9'],
  ['prores', 'prores'],
];
const QUALITIES: OutputQuality[] = ['draft', 'standard', 'high', 'premium'];

function settings(format: OutputFormat, codec: OutputCodec, quality: OutputQuality): EncodingSettings {
  return encodingFor({ width: 160, height: 90, framerate: 30, format, codec, quality });
}

function args(enc: EncodingSettings): string[] {
  return encoderArgs(enc, PLAN, { video: 'vout', audio: 'aout' }, '/out/file');
}

/** The value after a flag, or null when the flag is absent. */
function valueOf(list: string[], flag: string): string | null {
  const i = list.indexOf(flag);
  return i < 0 ? null : list[i + 1];
}

describe('encoderArgs', () => {
  const cases = PAIRS.flatMap(([format, codec]) => QUALITIES.map((quality) => [format, codec, quality] as const));

  it.each(cases)('%s/%s at %s passes what Remotion passes', (format, codec, quality) => {
    const enc = settings(format, codec, quality);
    const a = args(enc);
    expect(a.slice(0, 4)).toEqual(['-map', '[vout]', '-map', '[aout]']);
    expect(valueOf(a, '-c:v')).toBe({ h264: 'libx264', h265: 'libx265', vp8: 'libvpx', vp9: 'libvpx-vp9', prores: 'prores_ks' }[codec]);
    expect(valueOf(a, '-crf')).toBe(enc.crf === null ? null : String(enc.crf));
    expect(valueOf(a, '-preset')).toBe(enc.x264Preset);
    expect(valueOf(a, '-pix_fmt')).toBe(enc.pixelFormat);
    expect(valueOf(a, '-b:a')).toBe(enc.audioBitrate);
    expect(valueOf(a, '-c:a')).toBe(codec === 'vp8' || codec === 'vp9' ? 'libopus' : 'aac');
    expect(valueOf(a, '-cutoff')).toBe(enc.audioCodec === 'aac' ? '18000' : null);
    expect([valueOf(a, '-ar'), valueOf(a, '-ac')]).toEqual(['48000', '2']);
    expect(valueOf(a, '-map_metadata')).toBe('-1');
    expect(a.at(-1)).toBe('/out/file');
  });

  it('writes the ProRes profile as Remotion numbers it', () => {
    const profiles = QUALITIES.map((q) => valueOf(args(settings('prores', 'prores', q)), '-profile:v'));
    expect(profiles).toEqual(['0', '2', '3', '4']);
    expect(valueOf(args(settings('mp4', 'h264', 'high')), '-profile:v')).toBeNull();
  });

  it('tags BT.709 limited range, as Remotion does with colorSpace bt709', () => {
    const a = args(settings('mp4', 'h264', 'standard'));
    expect([valueOf(a, '-colorspace:v'), valueOf(a, '-color_primaries:v'), valueOf(a, '-color_trc:v'), valueOf(a, '-color_range')]).toEqual([
      'bt709',
      'bt709',
      'bt709',
      'tv',
    ]);
  });

  it('tags VP8 as the full-range BT.601 Remotion writes for it (its JPEG frames, unconverted)', () => {
    const a = args(settings('webm', 'vp8', 'standard'));
    expect([valueOf(a, '-colorspace:v'), valueOf(a, '-color_range'), valueOf(a, '-color_primaries:v')]).toEqual(['bt470bg', 'pc', null]);
  });

  it('cuts the file at exactly durationInFrames / fps, like capDuration', () => {
    expect(valueOf(args(settings('mp4', 'h264', 'draft')), '-t')).toBe('2.033333');
    expect(valueOf(args(settings('mp4', 'h264', 'draft')), '-r')).toBe('30');
  });

  it('picks the muxer from the extension, with fast start and a 90 kHz video clock for QuickTime files', () => {
    const mp4 = args(settings('mp4', 'h265', 'draft'));
    const mov = args(settings('prores', 'prores', 'draft'));
    const webm = args(settings('webm', 'vp9', 'draft'));
    expect([valueOf(mp4, '-f'), valueOf(mov, '-f'), valueOf(webm, '-f')]).toEqual(['mp4', 'mov', 'webm']);
    expect(valueOf(mp4, '-movflags')).toBe('+faststart');
    expect(valueOf(mov, '-video_track_timescale')).toBe('90000');
    expect(valueOf(webm, '-movflags')).toBeNull();
    expect(valueOf(webm, '-video_track_timescale')).toBeNull();
  });

  it('tags 4:2:0 chroma as centred, as swscale samples it and Remotion tags it', () => {
    expect(valueOf(args(settings('webm', 'vp9', 'high')), '-chroma_sample_location')).toBe('center');
    expect(valueOf(args(settings('mov', 'prores', 'high')), '-chroma_sample_location')).toBeNull();
  });
});

describe('encoderInputFilter', () => {
  it("converts RGB to limited-range BT.709 through Remotion's own steps (full-range 4:2:0 BT.601, then zscale) and tags the frames", () => {
    expect(encoderInputFilter(settings('mov', 'prores', 'premium'))).toBe(
      'scale=flags=area+accurate_rnd:out_color_matrix=bt601:out_range=pc,format=yuvj420p,setparams=range=pc:colorspace=bt470bg,' +
        'zscale=matrix=709:range=limited:primariesin=709:primaries=709:transferin=709:transfer=709,format=yuv444p10le,' +
        'setparams=range=tv:colorspace=bt709:color_primaries=bt709:color_trc=bt709',
    );
  });

  it('converts VP8 to full-range BT.601', () => {
    expect(encoderInputFilter(settings('webm', 'vp8', 'draft'))).toBe(
      'scale=flags=bicubic+accurate_rnd:out_color_matrix=bt601:out_range=pc,format=yuv420p,setparams=range=pc:colorspace=bt470bg',
    );
  });

  it('refuses the colour space it cannot reproduce', () => {
    expect(() => encoderInputFilter({ ...settings('mp4', 'h264', 'draft'), colorSpace: 'bt2020-ncl' })).toThrow(/bt2020-ncl/);
  });
});

describe("x264's memory on large canvases", () => {
  const onCanvas = (width: number, height: number, quality: OutputQuality, [format, codec]: [OutputFormat, OutputCodec] = ['mp4', 'h264']) =>
    encoderArgs(settings(format, codec, quality), { ...PLAN, width, height }, { video: 'vout', audio: 'aout' }, '/out/file');

  it("leaves x264's defaults up to 2560x1440", () => {
    for (const quality of QUALITIES) {
      for (const [width, height] of [
        [1920, 1080],
        [2560, 1440],
      ]) {
        const a = onCanvas(width, height, quality);
        expect([valueOf(a, '-threads'), valueOf(a, '-x264-params')]).toEqual([null, null]);
      }
    }
  });

  it("bounds frame threads and lookahead above 2560x1440, never lengthening a preset's own lookahead", () => {
    for (const [width, height] of [
      [3840, 2160],
      [4096, 2160],
      [7680, 4320],
    ]) {
      const a = onCanvas(width, height, 'standard');
      expect([valueOf(a, '-threads'), valueOf(a, '-x264-params')]).toEqual(['2', 'sliced-threads=1:rc-lookahead=5:sync-lookahead=0']);
      expect(valueOf(onCanvas(width, height, 'premium'), '-x264-params')).toBe('sliced-threads=1:rc-lookahead=5:sync-lookahead=0');
      expect(valueOf(onCanvas(width, height, 'draft'), '-x264-params')).toBe('sliced-threads=1:rc-lookahead=0:sync-lookahead=0');
    }
  });

  it('touches no other encoder', () => {
    for (const pair of [
      ['mp4', 'h265'],
      ['webm', 'vp9'],
    ] as Array<[OutputFormat, OutputCodec]>) {
      const a = onCanvas(7680, 4320, 'standard', pair);
      expect([valueOf(a, '-threads'), valueOf(a, '-x264-params')]).toEqual([null, null]);
    }
  });
});
