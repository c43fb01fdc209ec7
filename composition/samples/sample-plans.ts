/**
 * The Studio samples: API timeline JSON (media relative to the bundle's public
 * dir) turned into render plans by the planner the worker uses. Subtitle files
 * and picture sizes are read in the browser, so the synchronous default plan
 * leaves subtitle tracks out and knows no sizes, and an async calculateMetadata
 * (see Root.tsx, load-sample-plan.ts) plans the whole sample once they are in.
 */
import { planTimeline, type MediaKind } from '../../src/render/plan/timeline-planner';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import type { OutputInput, TimelineInput } from '../../src/task-input/task-input.types';
import cjkSubtitles from './cjk-subtitles.json';
import duckingAndLoudness from './ducking-and-loudness.json';
import fitModes from './fit-modes.json';
import keyframes from './keyframes.json';
import layeredScene from './layered-scene.json';
import solidRed from './solid-red.json';
import subtitlesNetflix from './subtitles-netflix.json';
import subtitlesYoutube from './subtitles-youtube.json';
import subtitlesProfessional from './subtitles-professional.json';
import subtitlesMinimal from './subtitles-minimal.json';
import subtitlesCinema from './subtitles-cinema.json';
import subtitlesDouyin from './subtitles-douyin.json';
import subtitlesXiaohongshu from './subtitles-xiaohongshu.json';
import subtitlesWechatVideo from './subtitles-wechat-video.json';
import subtitlesCustom from './subtitles-custom.json';
import textClips from './text-clips.json';
import transitions from './transitions.json';
import wordCaptions from './word-captions.json';

export interface SampleInput {
  timeline: TimelineInput;
  output: OutputInput;
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp|gif)$/i;
const AUDIO_EXTENSIONS = /\.(mp3|wav|m4a|aac|ogg|opus|flac)$/i;

export function mediaKindOf(url: string): MediaKind {
  if (IMAGE_EXTENSIONS.test(url)) return 'image';
  return AUDIO_EXTENSIONS.test(url) ? 'audio' : 'video';
}

export interface PictureSize {
  width: number;
  height: number;
}

/**
 * The sample's plan; `subtitleTexts` holds the text of every subtitle clip's file,
 * `pictureSizes` the size of the pictures known so far, by media_url.
 */
export function samplePlan(
  sample: SampleInput,
  subtitleTexts: ReadonlyMap<string, string>,
  pictureSizes: ReadonlyMap<string, PictureSize> = new Map(),
): RenderPlan {
  return planTimeline({
    timeline: sample.timeline,
    output: {
      width: sample.output.resolution.width,
      height: sample.output.resolution.height,
      framerate: sample.output.framerate ?? 30,
      format: 'mp4',
      quality: 'standard',
      codec: 'h264',
    },
    resolveMediaSrc: (_track, _clip, clip) => ({ src: clip.media_url, kind: mediaKindOf(clip.media_url), size: pictureSizes.get(clip.media_url) }),
    readSubtitleFile: (_track, _clip, clip) => {
      const text = subtitleTexts.get(clip.media_url);
      if (text === undefined) throw new Error(`sample subtitle ${clip.media_url} was not loaded`);
      return text;
    },
  });
}

function withoutSubtitleTracks(sample: SampleInput): SampleInput {
  return { ...sample, timeline: { ...sample.timeline, tracks: sample.timeline.tracks.filter((track) => track.type !== 'subtitle') } };
}

export interface Sample {
  id: string;
  input: SampleInput;
  plan: RenderPlan;
}

function sample(id: string, input: SampleInput): Sample {
  return { id, input, plan: samplePlan(withoutSubtitleTracks(input), new Map()) };
}

/** Each sample's JSON by its name; the composition id is `Sample-<name>` (ids are letters, digits and dashes). */
const SAMPLE_INPUTS = {
  'layered-scene': layeredScene,
  'fit-modes': fitModes,
  'cjk-subtitles': cjkSubtitles,
  'solid-red': solidRed,
  'subtitles-netflix': subtitlesNetflix,
  'subtitles-youtube': subtitlesYoutube,
  'subtitles-professional': subtitlesProfessional,
  'subtitles-minimal': subtitlesMinimal,
  'subtitles-cinema': subtitlesCinema,
  'subtitles-douyin': subtitlesDouyin,
  'subtitles-xiaohongshu': subtitlesXiaohongshu,
  'subtitles-wechat-video': subtitlesWechatVideo,
  'subtitles-custom': subtitlesCustom,
  transitions,
  keyframes,
  'text-clips': textClips,
  'ducking-and-loudness': duckingAndLoudness,
  'word-captions': wordCaptions,
};

export const SAMPLES: readonly Sample[] = Object.entries(SAMPLE_INPUTS).map(([name, input]) => sample(`Sample-${name}`, input as SampleInput));
