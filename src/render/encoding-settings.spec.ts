import type { OutputCodec, OutputFormat, OutputQuality, ResolvedOutput } from '../task-input/task-input.types';
import { encodingFor } from './encoding-settings';

function out(format: OutputFormat, codec: OutputCodec, quality: OutputQuality = 'standard'): ResolvedOutput {
  return { width: 320, height: 180, framerate: 30, format, codec, quality };
}

describe('encodingFor', () => {
  it.each([
    ['mp4', 'h264', 'mp4', 'aac', 'bt709'],
    ['mp4', 'h265', 'mp4', 'aac', 'bt709'],
    ['mov', 'h264', 'mov', 'aac', 'bt709'],
    ['mov', 'prores', 'mov', 'aac', 'bt709'],
    ['webm', 'vp8', 'webm', 'opus', 'bt601'],
    ['webm', 'vp9', 'webm', 'opus', 'bt709'],
    ['prores', 'prores', 'mov', 'aac', 'bt709'],
  ] as const)('writes %s/%s as .%s with %s audio in %s', (format, codec, extension, audioCodec, colorSpace) => {
    expect(encodingFor(out(format, codec))).toMatchObject({ codec, extension, audioCodec, colorSpace });
  });

  it('gives H.264 a CRF and preset that improve with quality', () => {
    const settings = (['draft', 'standard', 'high', 'premium'] as const).map((q) => encodingFor(out('mp4', 'h264', q)));
    expect(settings.map((s) => s.crf)).toEqual([28, 23, 18, 14]);
    expect(settings.map((s) => s.x264Preset)).toEqual(['ultrafast', 'veryfast', 'medium', 'slow']);
    expect(settings.map((s) => s.audioBitrate)).toEqual(['96k', '128k', '192k', '320k']);
    expect(settings.map((s) => s.jpegQuality)).toEqual([70, 85, 92, 100]);
    expect(settings.every((s) => s.pixelFormat === 'yuv420p' && s.proResProfile === null)).toBe(true);
  });

  it.each(['h265', 'vp8', 'vp9'] as const)('gives %s a falling CRF and no x264 preset', (codec) => {
    const format = codec === 'h265' ? 'mp4' : 'webm';
    const crfs = (['draft', 'standard', 'high', 'premium'] as const).map((q) => {
      const s = encodingFor(out(format, codec, q));
      expect(s.x264Preset).toBeNull();
      return s.crf as number;
    });
    expect([...crfs].sort((a, b) => b - a)).toEqual(crfs);
    expect(new Set(crfs).size).toBe(4);
  });

  it('maps quality to ProRes profiles with a pixel format prores_ks accepts', () => {
    const settings = (['draft', 'standard', 'high', 'premium'] as const).map((q) => encodingFor(out('prores', 'prores', q)));
    expect(settings.map((s) => [s.proResProfile, s.pixelFormat, s.crf])).toEqual([
      ['proxy', 'yuv422p10le', null],
      ['standard', 'yuv422p10le', null],
      ['hq', 'yuv422p10le', null],
      ['4444', 'yuv444p10le', null],
    ]);
  });

  it('refuses a codec the container cannot hold', () => {
    expect(() => encodingFor(out('webm', 'h264'))).toThrow(/h264 cannot be written as webm/);
    expect(() => encodingFor(out('mov', 'h265'))).toThrow();
  });
});
