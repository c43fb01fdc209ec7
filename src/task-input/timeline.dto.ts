import { ApiExtension, ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  CheckedField,
  EnumField,
  hasLengthWithin,
  isPlainRecord,
  NestedArrayField,
  NestedField,
  Optional,
  OptionalField,
  RefusedField,
  RequiredNumber,
  RequiredString,
  UrlField,
  urlSchema,
} from '../common/validation/field-rules.decorator';
import { AudioClipPropertiesDto, SubtitleClipPropertiesDto, TextClipPropertiesDto, VideoClipPropertiesDto } from './clip-properties.dto';
import { ID_RULES, TRACK_TYPES, type TrackType } from './input-values';

export const MEDIA_URL_MAX_LENGTH = 2048;

/** Fields every clip has; the subclasses add what it shows and `properties` checked for its track type. */
export class ClipDto {
  @RequiredString(ID_RULES, { description: 'Clip identifier chosen by the client, unique within its track', example: 'clip-1' })
  id!: string;

  @RequiredNumber({ min: 0, integer: true }, { description: 'Start on the timeline, milliseconds', example: 0 })
  start_time_ms!: number;

  @RequiredNumber(
    { min: 1, integer: true },
    { description: 'End on the timeline, milliseconds; after start_time_ms and at most timeline.duration_ms', example: 5000 },
  )
  end_time_ms!: number;
}

const MediaUrlField = () => UrlField(['http:', 'https:'], MEDIA_URL_MAX_LENGTH);

/** A clip of a video, audio or subtitle track: it shows a file. */
@ApiExtraModels(VideoClipPropertiesDto, AudioClipPropertiesDto, SubtitleClipPropertiesDto)
export class MediaClipDto extends ClipDto {
  @ApiProperty({
    description: 'http(s) URL the service downloads; for a subtitle clip, a subtitle file (SRT or WebVTT)',
    example: 'https://media.example.com/intro.mp4',
    ...urlSchema(MEDIA_URL_MAX_LENGTH),
  })
  @MediaUrlField()
  media_url!: string;

  @ApiPropertyOptional({
    description: 'Depends on the track type; keys of another track type are rejected',
    // anyOf, not oneOf: no key is required, so an object of one kind (or {}) also fits the others.
    anyOf: [
      { $ref: getSchemaPath(VideoClipPropertiesDto) },
      { $ref: getSchemaPath(AudioClipPropertiesDto) },
      { $ref: getSchemaPath(SubtitleClipPropertiesDto) },
    ],
  })
  properties?: VideoClipPropertiesDto | AudioClipPropertiesDto | SubtitleClipPropertiesDto;
}

export class VideoClipDto extends MediaClipDto {
  @Optional()
  @NestedField(() => VideoClipPropertiesDto)
  declare properties?: VideoClipPropertiesDto;
}

export class AudioClipDto extends MediaClipDto {
  @Optional()
  @NestedField(() => AudioClipPropertiesDto)
  declare properties?: AudioClipPropertiesDto;
}

export class SubtitleClipDto extends MediaClipDto {
  @Optional()
  @NestedField(() => SubtitleClipPropertiesDto)
  declare properties?: SubtitleClipPropertiesDto;
}

export const MAX_TEXT_CODE_POINTS = 500;
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/** 1 to 500 Unicode code points (an emoji or a CJK character counts once); `\n` breaks a line, other control characters are refused. */
export function isClipText(value: unknown): value is string {
  return typeof value === 'string' && hasLengthWithin(value, 1, MAX_TEXT_CODE_POINTS) && !CONTROL_BUT_NEWLINE.test(value);
}

const ClipTextField = () =>
  CheckedField(
    'clipText',
    isClipText,
    `must be a string of 1 to ${MAX_TEXT_CODE_POINTS} characters (Unicode code points); \\n breaks a line, other control characters are refused`,
  );

/** A clip of a text track: it shows its own text (spec/extensions.md §3). */
@ApiExtension('x-extension', true)
export class TextClipDto extends ClipDto {
  @ApiProperty({
    description: `The text shown, 1 to ${MAX_TEXT_CODE_POINTS} characters (Unicode code points); \\n breaks a line`,
    example: 'Summer sale\nuntil Sunday',
    minLength: 1,
    maxLength: MAX_TEXT_CODE_POINTS,
  })
  @ClipTextField()
  text!: string;

  @RefusedField('must not be given on a text clip; use text')
  media_url?: never;

  @OptionalField({ type: () => TextClipPropertiesDto })
  @NestedField(() => TextClipPropertiesDto)
  properties?: TextClipPropertiesDto;
}

/** For a track whose `type` is itself invalid: what the clip shows and its properties cannot be judged, only their shape. */
export class UntypedClipDto extends ClipDto {
  @Optional()
  @MediaUrlField()
  media_url?: string;

  @Optional()
  @ClipTextField()
  text?: string;

  @Optional()
  @CheckedField('objectField', isPlainRecord, 'must be an object')
  properties?: object;
}

/**
 * A clip of a validated timeline as the code that reads timelines types it:
 * a MediaClipDto on video, audio and subtitle tracks, a TextClipDto on text
 * tracks. `media_url` stays typed as present for the render code, which reads
 * it on media tracks only; on a text track it is absent and `text` is set.
 */
export interface TimelineClip extends Omit<MediaClipDto, 'properties'> {
  text?: string;
  properties?: MediaClipDto['properties'] | TextClipPropertiesDto;
}

const CLIP_CLASS: Readonly<Record<TrackType, new () => ClipDto>> = {
  video: VideoClipDto,
  audio: AudioClipDto,
  subtitle: SubtitleClipDto,
  text: TextClipDto,
};

/**
 * The clip class is chosen by the parent track's `type`, which class-transformer's
 * discriminators cannot see; so clips are converted here from the raw track.
 * Non-objects are left as they are for the validator to report at their index.
 */
function clipsOfTrack(track: Record<string, unknown>): unknown {
  const clips = track.clips;
  if (!Array.isArray(clips)) return clips;
  const type = track.type;
  const cls = typeof type === 'string' && Object.hasOwn(CLIP_CLASS, type) ? CLIP_CLASS[type as TrackType] : UntypedClipDto;
  return clips.map((clip: unknown) => (isPlainRecord(clip) ? plainToInstance(cls, clip) : clip));
}

@ApiExtraModels(MediaClipDto, TextClipDto)
export class TrackDto {
  @RequiredString(ID_RULES, { description: 'Track identifier chosen by the client, unique within the timeline', example: 'main' })
  id!: string;

  @ApiProperty({ enum: TRACK_TYPES, description: 'Decides which clips and clip properties are accepted; text is an extension (text clips)' })
  @EnumField(TRACK_TYPES)
  type!: TrackType;

  @ApiProperty({
    isArray: true,
    oneOf: [{ $ref: getSchemaPath(MediaClipDto) }, { $ref: getSchemaPath(TextClipDto) }],
    description: 'Clips of this track (text clips on a text track, media clips on the others); may be empty',
  })
  @Transform(({ obj }: { obj: Record<string, unknown> }) => clipsOfTrack(obj), { toClassOnly: true })
  @NestedArrayField(() => ClipDto)
  clips!: TimelineClip[];
}

export class TimelineDto {
  @RequiredNumber({ min: 1, integer: true }, { description: 'Total duration in milliseconds', example: 10000 })
  duration_ms!: number;

  @ApiProperty({ type: () => [TrackDto], minItems: 1, description: 'Later tracks are drawn on top of earlier ones' })
  @NestedArrayField(() => TrackDto, { minSize: 1 })
  tracks!: TrackDto[];
}
