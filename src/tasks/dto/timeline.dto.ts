import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  CheckedField,
  EnumField,
  IntegerField,
  isPlainRecord,
  NestedArrayField,
  NestedField,
  Optional,
  StringField,
  UrlField,
} from '../../common/validation/field-rules.decorator';
import { AudioClipPropertiesDto, SubtitleClipPropertiesDto, VideoClipPropertiesDto } from './clip-properties.dto';
import { TRACK_TYPES, type TrackType } from './input-values';

export const ID_RULES = { maxLength: 128 };
export const MEDIA_URL_MAX_LENGTH = 2048;

/** Fields every clip has; the subclasses add `properties` checked for their track type. */
@ApiExtraModels(VideoClipPropertiesDto, AudioClipPropertiesDto, SubtitleClipPropertiesDto)
export class ClipDto {
  @ApiProperty({ description: 'Clip identifier chosen by the client, unique within its track', example: 'clip-1', maxLength: 128 })
  @StringField(ID_RULES)
  id!: string;

  @ApiProperty({
    description: 'http(s) URL the service downloads; for a subtitle clip, a subtitle file (SRT or WebVTT)',
    example: 'https://media.example.com/intro.mp4',
    maxLength: MEDIA_URL_MAX_LENGTH,
  })
  @UrlField(['http:', 'https:'], MEDIA_URL_MAX_LENGTH)
  media_url!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Start on the timeline, milliseconds', example: 0 })
  @IntegerField({ min: 0 })
  start_time_ms!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'End on the timeline, milliseconds; after start_time_ms and at most timeline.duration_ms',
    example: 5000,
  })
  @IntegerField({ min: 1 })
  end_time_ms!: number;

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

export class VideoClipDto extends ClipDto {
  @Optional()
  @NestedField(() => VideoClipPropertiesDto)
  declare properties?: VideoClipPropertiesDto;
}

export class AudioClipDto extends ClipDto {
  @Optional()
  @NestedField(() => AudioClipPropertiesDto)
  declare properties?: AudioClipPropertiesDto;
}

export class SubtitleClipDto extends ClipDto {
  @Optional()
  @NestedField(() => SubtitleClipPropertiesDto)
  declare properties?: SubtitleClipPropertiesDto;
}

/** For a track whose `type` is itself invalid: properties cannot be judged, only their shape. */
export class UntypedClipDto extends ClipDto {
  @Optional()
  @CheckedField('objectField', isPlainRecord, 'must be an object')
  declare properties?: VideoClipPropertiesDto;
}

const CLIP_CLASS: Readonly<Record<TrackType, new () => ClipDto>> = {
  video: VideoClipDto,
  audio: AudioClipDto,
  subtitle: SubtitleClipDto,
  text: UntypedClipDto,
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

export class TrackDto {
  @ApiProperty({ description: 'Track identifier chosen by the client, unique within the timeline', example: 'main', maxLength: 128 })
  @StringField(ID_RULES)
  id!: string;

  @ApiProperty({ enum: TRACK_TYPES, description: 'Decides which clip properties are accepted' })
  @EnumField(TRACK_TYPES)
  type!: TrackType;

  @ApiProperty({ type: () => [ClipDto], description: 'Clips of this track; may be empty' })
  @Transform(({ obj }: { obj: Record<string, unknown> }) => clipsOfTrack(obj), { toClassOnly: true })
  @NestedArrayField(() => ClipDto)
  clips!: ClipDto[];
}

export class TimelineDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Total duration in milliseconds', example: 10000 })
  @IntegerField({ min: 1 })
  duration_ms!: number;

  @ApiProperty({ type: () => [TrackDto], minItems: 1, description: 'Later tracks are drawn on top of earlier ones' })
  @NestedArrayField(() => TrackDto, { minSize: 1 })
  tracks!: TrackDto[];
}
