import type { OutputFormat, OutputQuality } from '../common/spec-vocabulary';

// The spec's shared words keep their lists with their types, at the bottom.
export { MODEL_IDS, OUTPUT_FORMATS, OUTPUT_QUALITIES, PRIORITIES } from '../common/spec-vocabulary';

/** The closed value lists of the create body, as runtime arrays; their types are derived from them. */
export const TRACK_TYPES = ['video', 'audio', 'subtitle', 'text'] as const;
export const FIT_MODES = ['contain', 'cover', 'fill', 'stretch'] as const;
export const OUTPUT_CODECS = ['h264', 'h265', 'vp8', 'vp9', 'prores'] as const;
export const SUBTITLE_PRESETS = ['netflix', 'youtube', 'professional', 'minimal', 'cinema', 'douyin', 'xiaohongshu', 'wechat-video', 'custom'] as const;
export const WEBHOOK_EVENT_TYPES = ['task.queued', 'task.started', 'task.progress', 'task.completed', 'task.failed', 'task.canceled'] as const;

export type TrackType = (typeof TRACK_TYPES)[number];
export type FitMode = (typeof FIT_MODES)[number];
export type OutputCodec = (typeof OUTPUT_CODECS)[number];
export type SubtitlePreset = (typeof SUBTITLE_PRESETS)[number];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Track and clip ids chosen by the client. */
export const ID_RULES = { maxLength: 128 };

export const LAYER_TYPES = ['background', 'foreground'] as const;

/** Extensions (spec/extensions.md): keyframe easings, transition types, text alignment. */
export const EASINGS = ['linear', 'ease-in', 'ease-out', 'ease-in-out', 'hold'] as const;
export const TRANSITION_TYPES = [
  'fade',
  'wipe-right',
  'wipe-left',
  'wipe-down',
  'wipe-up',
  'slide-right',
  'slide-left',
  'slide-down',
  'slide-up',
  'zoom',
] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

export type Easing = (typeof EASINGS)[number];
export type TransitionType = (typeof TRANSITION_TYPES)[number];
export type TextAlign = (typeof TEXT_ALIGNS)[number];

export const DEFAULT_EASING: Easing = 'linear';
export const DEFAULT_TEXT_ALIGN: TextAlign = 'center';
/** What a text clip's `background` draws for each field it leaves out: an opaque black box hugging the text. */
export const DEFAULT_TEXT_BACKGROUND = { color: '#000000', opacity: 1, padding: 0, radius: 0 } as const;
export const WRAP_STRATEGIES = ['word', 'character', 'none'] as const;
/** Word-level captions (spec/extensions.md §4): how a subtitle clip shows the word being spoken. */
export const WORD_STYLES = ['highlight', 'reveal'] as const;
export type WordStyle = (typeof WORD_STYLES)[number];
/** What a subtitle clip's `words` means for each field it leaves out. */
export const DEFAULT_WORDS = { style: 'highlight', highlight_color: '#FFD400', scale: 1 } as const satisfies {
  style: WordStyle;
  highlight_color: string;
  scale: number;
};
export const WORD_SCALE_BOUNDS = { min: 1, max: 1.5 } as const;

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

/** Loudness and ducking (spec/extensions.md §5): their bounds and defaults, used by validation, the planner and the docs. */
export const SOUND_LIMITS = {
  targetLufs: { min: -36, max: -8 },
  truePeakDb: { min: -9, max: 0, default: -1 },
  amountDb: { min: 1, max: 40, default: 12 },
  attackMs: { min: 0, max: 2_000, default: 50 },
  releaseMs: { min: 0, max: 5_000, default: 400 },
  /** A clip ducks under at most this many tracks (the timeline has at most MAX_TRACKS, 50 by default). */
  maxUnder: 50,
} as const;
