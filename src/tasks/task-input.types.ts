/**
 * The shape of a validated create-task body (spec v3, with the defaults of
 * docs/api.md applied where noted). The DTO classes implement these; the render
 * plan builder and the services read them.
 */
import type { ModelId, OutputFormat, OutputQuality, Priority } from '../common/spec-vocabulary';

export type { ModelId, OutputFormat, OutputQuality, Priority };
export type TrackType = 'video' | 'audio' | 'subtitle';
export type FitMode = 'contain' | 'cover' | 'fill' | 'stretch';
export type OutputCodec = 'h264' | 'h265' | 'vp8' | 'vp9' | 'prores';
export type SubtitlePreset = 'netflix' | 'youtube' | 'professional' | 'minimal' | 'cinema' | 'douyin' | 'xiaohongshu' | 'wechat-video' | 'custom';
export type WebhookEventType = 'task.queued' | 'task.started' | 'task.progress' | 'task.completed' | 'task.failed' | 'task.canceled';

export interface Vec2 {
  x: number;
  y: number;
}

export interface VideoClipProperties {
  scale?: Vec2;
  opacity?: number;
  position?: Vec2;
  fit?: FitMode;
  rotation?: number;
  blend_mode?: string;
  layer_type?: 'background' | 'foreground';
  z_index?: number;
  background_fit?: FitMode;
  background_blur?: number;
}

export interface AudioClipProperties {
  volume?: number;
  fade_in_ms?: number;
  fade_out_ms?: number;
}

export interface SubtitleClipProperties {
  preset?: SubtitlePreset;
  font_size?: number;
  font_family?: string;
  color?: string;
  position?: Vec2;
  text_wrapping?: {
    enabled?: boolean;
    max_chars_per_line?: number;
    strategy?: 'word' | 'character' | 'none';
    language?: string;
  };
  outline?: { enabled?: boolean; width?: number; color?: string; blur?: number };
  shadow?: {
    enabled?: boolean;
    offset_x?: number;
    offset_y?: number;
    blur?: number;
    color?: string;
    opacity?: number;
  };
}

export interface ClipInput {
  id: string;
  media_url: string;
  start_time_ms: number;
  end_time_ms: number;
  properties?: VideoClipProperties | AudioClipProperties | SubtitleClipProperties;
}

export interface TrackInput {
  id: string;
  type: TrackType;
  clips: ClipInput[];
}

export interface TimelineInput {
  duration_ms: number;
  tracks: TrackInput[];
}

export interface OutputInput {
  resolution: { width: number; height: number };
  framerate?: number;
  format?: OutputFormat;
  quality?: OutputQuality;
  codec?: OutputCodec;
}

export interface WebhookInput {
  url: string;
  events?: WebhookEventType[];
  secret?: string;
  headers?: Record<string, string>;
  timeout_seconds?: number;
  max_retries?: number;
}

export interface MetadataInput {
  user_reference?: string;
  tags?: string[];
  priority?: Priority;
  retention_hours?: number;
}

export interface CreateTaskInput {
  version?: '3.0';
  request_id?: string;
  model?: ModelId;
  input: { timeline: TimelineInput; output: OutputInput };
  webhook: WebhookInput;
  metadata?: MetadataInput;
}

/** Output settings with every default applied (docs/api.md, "Output defaults"). */
export interface ResolvedOutput {
  width: number;
  height: number;
  framerate: number;
  format: OutputFormat;
  quality: OutputQuality;
  codec: OutputCodec;
}
