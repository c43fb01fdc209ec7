import type { FitMode, OutputCodec, OutputFormat, OutputQuality, SubtitlePreset, TrackType, WebhookEventType } from '../task-input.types';

// The spec's shared words keep their lists with their types, at the bottom.
export { MODEL_IDS, OUTPUT_FORMATS, OUTPUT_QUALITIES, PRIORITIES } from '../../common/spec-vocabulary';

/**
 * The closed value lists of the create body, as runtime arrays. Each is
 * checked against its union type both ways (`Exhaustive`), so adding a value
 * to `task-input.types.ts` without adding it here fails to compile.
 */
type Missing<Union, List extends readonly Union[]> = [Union] extends [List[number]] ? unknown : { missing: Exclude<Union, List[number]> };

function values<Union>() {
  return <const List extends readonly Union[]>(list: List & Missing<Union, List>): List => list;
}

export const TRACK_TYPES = values<TrackType>()(['video', 'audio', 'subtitle']);
export const FIT_MODES = values<FitMode>()(['contain', 'cover', 'fill', 'stretch']);
export const OUTPUT_CODECS = values<OutputCodec>()(['h264', 'h265', 'vp8', 'vp9', 'prores']);
export const SUBTITLE_PRESETS = values<SubtitlePreset>()([
  'netflix',
  'youtube',
  'professional',
  'minimal',
  'cinema',
  'douyin',
  'xiaohongshu',
  'wechat-video',
  'custom',
]);
export const WEBHOOK_EVENT_TYPES = values<WebhookEventType>()([
  'task.queued',
  'task.started',
  'task.progress',
  'task.completed',
  'task.failed',
  'task.canceled',
]);
export const LAYER_TYPES = ['background', 'foreground'] as const;
export const WRAP_STRATEGIES = ['word', 'character', 'none'] as const;

/**
 * CSS `mix-blend-mode` keywords Chromium renders. `plus-lighter` is included
 * (Chromium supports it); `plus-darker` is not (Safari only).
 */
export const BLEND_MODES = [
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
  'plus-lighter',
] as const;

/** Codecs each container accepts; the first is the default (docs/api.md, "Output defaults"). */
export const CODECS_BY_FORMAT: Readonly<Record<OutputFormat, readonly [OutputCodec, ...OutputCodec[]]>> = {
  mp4: ['h264', 'h265'],
  mov: ['h264', 'prores'],
  webm: ['vp9', 'vp8'],
  prores: ['prores'],
};

export const DEFAULT_FORMAT: OutputFormat = 'mp4';
export const DEFAULT_QUALITY: OutputQuality = 'standard';
export const DEFAULT_FRAMERATE = 30;

export const API_VERSIONS = ['3.0'] as const;
