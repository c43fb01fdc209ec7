/**
 * The shape of a validated create-task body, named for the code that reads it
 * (the planner, the services). The DTO classes are its one declaration: they
 * validate it and describe it in the OpenAPI document; these are their types.
 */
import type { AudioClipPropertiesDto, PositionDto, SubtitleClipPropertiesDto, VideoClipPropertiesDto } from './dto/clip-properties.dto';
import type { CreateTaskDto, MetadataDto, WebhookDto } from './dto/create-task.dto';
import type { Easing, OutputCodec, TextAlign, TransitionType } from './dto/input-values';
import type { OutputDto } from './dto/output.dto';
import type { ClipDto, TimelineDto, TrackDto } from './dto/timeline.dto';
import type { OutputFormat, OutputQuality } from '../common/spec-vocabulary';

export type { Easing, TextAlign, TransitionType } from './dto/input-values';
export type { FitMode, OutputCodec, SubtitlePreset, TrackType, WebhookEventType } from './dto/input-values';
export type { ModelId, OutputFormat, OutputQuality, Priority } from '../common/spec-vocabulary';

export type CreateTaskInput = CreateTaskDto;
export type TimelineInput = TimelineDto;
export type TrackInput = TrackDto;
export type ClipInput = ClipDto & { text?: string };
export type OutputInput = OutputDto;
export type WebhookInput = WebhookDto;
export type MetadataInput = MetadataDto;
export type VideoClipProperties = VideoClipPropertiesDto;
export type AudioClipProperties = AudioClipPropertiesDto;
export type SubtitleClipProperties = SubtitleClipPropertiesDto;
export type Vec2 = PositionDto;

/** Output settings with every default applied (docs/api.md, "Output defaults"). */
export interface ResolvedOutput {
  width: number;
  height: number;
  framerate: number;
  format: OutputFormat;
  quality: OutputQuality;
  codec: OutputCodec;
}

export interface KeyframeInput<T> {
  time_ms: number;
  value: T;
  easing?: Easing;
}
export interface KeyframesInput<T> {
  keyframes: KeyframeInput<T>[];
}
export type Animatable<T> = T | KeyframesInput<T>;
export interface TransitionSideInput {
  type: TransitionType;
  duration_ms: number;
}
export interface TransitionInput {
  in?: TransitionSideInput;
  out?: TransitionSideInput;
}
export interface TextClipProperties extends Omit<SubtitleClipPropertiesDto, 'position'> {
  position?: Animatable<Vec2>;
  align?: TextAlign;
  background?: { color?: string; opacity?: number; padding?: number; radius?: number };
  opacity?: Animatable<number>;
  scale?: Animatable<Vec2>;
  rotation?: Animatable<number>;
  z_index?: number;
  transition?: TransitionInput;
}
