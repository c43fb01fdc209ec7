import type { MediaProbe } from '../../media/ffprobe';
import type { PlanMediaLayer } from '../plan/render-plan.types';
import { clipFrames, colourOptions } from './source-inputs';

const video = (over: Partial<NonNullable<MediaProbe['video']>>): NonNullable<MediaProbe['video']> => ({
  codec: 'h264',
  width: 1280,
  height: 720,
  fps: 25,
  colorSpace: null,
  fullRange: false,
  rotationDeg: 0,
  sampleAspectRatio: 1,
  ...over,
});

describe('colourOptions', () => {
  it('honours a tagged matrix whatever the size', () => {
    expect(colourOptions(video({ width: 640, height: 480, colorSpace: 'bt709' }))).toBe('in_color_matrix=bt709:in_range=tv');
    expect(colourOptions(video({ colorSpace: 'smpte170m' }))).toBe('in_color_matrix=bt601:in_range=tv');
    expect(colourOptions(video({ colorSpace: 'bt470bg' }))).toBe('in_color_matrix=bt601:in_range=tv');
    expect(colourOptions(video({ colorSpace: 'bt2020nc' }))).toBe('in_color_matrix=bt2020:in_range=tv');
  });

  it('guesses an untagged matrix from the height alone, as the composition does', () => {
    expect(colourOptions(video({ width: 1278, height: 720 }))).toBe('in_color_matrix=bt709:in_range=tv');
    expect(colourOptions(video({ width: 480, height: 854 }))).toBe('in_color_matrix=bt709:in_range=tv');
    expect(colourOptions(video({ width: 1282, height: 700 }))).toBe('in_color_matrix=bt601:in_range=tv');
    expect(colourOptions(video({ width: 640, height: 480, colorSpace: null }))).toBe('in_color_matrix=bt601:in_range=tv');
  });

  it('keeps full range', () => {
    expect(colourOptions(video({ height: 480, fullRange: true }))).toBe('in_color_matrix=bt601:in_range=pc');
  });
});

describe('clipFrames', () => {
  const layer = { durationInFrames: 25 } as PlanMediaLayer;

  it('takes the last frame at or before each output time, holds the last one and cuts to the clip', () => {
    expect(clipFrames(layer, 30, 0)).toBe('tpad=stop_mode=clone:stop=1,fps=fps=30:start_time=0:round=up,tpad=stop_mode=clone:stop=25,trim=end_frame=25');
  });

  it('puts back the start time ffmpeg removed, so a late stream starts late as in the composition', () => {
    expect(clipFrames(layer, 29.97, 500)).toBe(
      'setpts=PTS+0.500000/TB,tpad=stop_mode=clone:stop=1,fps=fps=29.970000:start_time=0:round=up,tpad=stop_mode=clone:stop=25,trim=end_frame=25',
    );
  });
});
