/**
 * The shape of a validated create-task body, named for the code that reads it
 * (the planner, the services). The DTO classes are its one declaration: they
 * validate it and describe it in the OpenAPI document; these are their types.
 */
import type { AudioClipPropertiesDto, SubtitleClipPropertiesDto, TextClipPropertiesDto, VideoClipPropertiesDto } from './clip-properties.dto';
import type { CreateTaskDto, MetadataDto, WebhookDto } from './create-task.dto';
import type { OutputCodec } from './input-values';
import type { PositionDto, TransitionDto, TransitionSideDto } from './motion.dto';
import type { OutputDto } from './output.dto';
import type { MediaClipDto, TextClipDto, TimelineClip, TimelineDto, TrackDto } from './timeline.dto';
import type { OutputFormat, OutputQuality } from '../common/spec-vocabulary';

export type { Easing, FitMode, OutputCodec, SubtitlePreset, TextAlign, TrackType, TransitionType, WebhookEventType } from './input-values';
export type { Animatable, KeyframeInput, KeyframesInput } from './motion.dto';
export type { ModelId, OutputFormat, OutputQuality, Priority } from '../common/spec-vocabulary';

export type CreateTaskInput = CreateTaskDto;
export type TimelineInput = TimelineDto;
export type TrackInput = TrackDto;
/**
 * A clip of any track. On a `text` track it has `text` and no `media_url`
 * (TextClipInput); on the others `media_url` and no `text` (MediaClipInput).
 * `media_url` is typed present for the code that reads it on media tracks only.
 */
export type ClipInput = TimelineClip;
export type MediaClipInput = MediaClipDto;
export type TextClipInput = TextClipDto;
export type OutputInput = OutputDto;
export type WebhookInput = WebhookDto;
export type MetadataInput = MetadataDto;
export type VideoClipProperties = VideoClipPropertiesDto;
export type AudioClipProperties = AudioClipPropertiesDto;
export type SubtitleClipProperties = SubtitleClipPropertiesDto;
export type TextClipProperties = TextClipPropertiesDto;
export type TransitionInput = TransitionDto;
export type TransitionSideInput = TransitionSideDto;
export type Vec2 = PositionDto;

/** Output settings with every default applied (docs/api.md, "Output defaults"). */
export interface ResolvedOutput {
  width: number;
  height: number;
  framerate: number;
  format: OutputFormat;
  quality: OutputQuality;
  codec: OutputCodec;
  /** `output.audio.loudness` (spec/extensions.md §5); absent = levels as mixed. */
  loudness?: ResolvedLoudness;
}

export interface ResolvedLoudness {
  targetLufs: number;
  truePeakDb: number;
}
