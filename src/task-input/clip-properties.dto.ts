import { applyDecorators } from '@nestjs/common';
import { ApiExtension, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  AnyStringField,
  BooleanField,
  CheckedField,
  EnumField,
  NestedField,
  OptionalField,
  OptionalNumber,
  StringField,
  stringSchema,
} from '../common/validation/field-rules.decorator';
import {
  BLEND_MODES,
  DEFAULT_TEXT_ALIGN,
  DEFAULT_TEXT_BACKGROUND,
  FIT_MODES,
  type FitMode,
  LAYER_TYPES,
  SUBTITLE_PRESETS,
  type SubtitlePreset,
  TEXT_ALIGNS,
  type TextAlign,
  WORD_SCALE_BOUNDS,
  WORD_STYLES,
  type WordStyle,
  DEFAULT_WORDS,
  WRAP_STRATEGIES,
} from './input-values';
import {
  type Animatable,
  ExtensionField,
  AnimatableOpacity,
  AnimatablePosition,
  AnimatableRotation,
  AnimatableScale,
  AnimatableVolume,
  PositionDto,
  type ScaleDto,
  TransitionField,
  type TransitionDto,
} from './motion.dto';
import { DuckingField, type DuckingDto } from './sound.dto';

/** Clip `properties` per track type; a key of another track type is an unknown field. */

const HEX_COLOR = { maxLength: 7, pattern: /^#[0-9A-Fa-f]{6}$/, describe: 'must be a hex colour of the form #RRGGBB' };

const OptionalColorField = (doc: ApiPropertyOptions) => applyDecorators(OptionalField({ ...stringSchema(HEX_COLOR), ...doc }), StringField(HEX_COLOR));
const HEX_EXAMPLE = '#FFFFFF';

export class VideoClipPropertiesDto {
  @AnimatableScale('Scaling factors')
  scale?: Animatable<ScaleDto>;

  @AnimatableOpacity('0.0 (transparent) to 1.0 (opaque)')
  opacity?: Animatable<number>;

  @AnimatablePosition('Offset of the media in pixels from its fitted place')
  position?: Animatable<PositionDto>;

  @OptionalField({ enum: FIT_MODES, default: 'contain' })
  @EnumField(FIT_MODES)
  fit?: FitMode;

  @AnimatableRotation('Degrees, clockwise; any finite number')
  rotation?: Animatable<number>;

  @OptionalField({ enum: BLEND_MODES, default: 'normal', description: 'CSS mix-blend-mode keyword' })
  @EnumField(BLEND_MODES)
  blend_mode?: string;

  @OptionalField({ enum: LAYER_TYPES })
  @EnumField(LAYER_TYPES)
  layer_type?: 'background' | 'foreground';

  @OptionalNumber({}, { description: 'Stacking order; higher is on top', example: 0 })
  z_index?: number;

  @OptionalField({ enum: FIT_MODES, deprecated: true, description: 'Deprecated; use fit' })
  @EnumField(FIT_MODES)
  background_fit?: FitMode;

  @OptionalNumber({ min: 0, max: 100 }, { description: 'Blur radius in pixels; background layers only' })
  background_blur?: number;

  @TransitionField()
  transition?: TransitionDto;

  @DuckingField()
  ducking?: DuckingDto;
}

export class AudioClipPropertiesDto {
  @AnimatableVolume('Gain factor; 1 keeps the level')
  volume?: Animatable<number>;

  @OptionalNumber({ min: 0, integer: true }, { description: 'Milliseconds; fade_in_ms + fade_out_ms ≤ clip length' })
  fade_in_ms?: number;

  @OptionalNumber({ min: 0, integer: true }, { description: 'Milliseconds; fade_in_ms + fade_out_ms ≤ clip length' })
  fade_out_ms?: number;

  @DuckingField()
  ducking?: DuckingDto;
}

/** BCP 47's longest tag of its usual forms (RFC 5646 §4.4.1). */
const MAX_LANGUAGE_TAG_LENGTH = 35;

/** `auto` or a well-formed BCP 47 tag (checked by the runtime's own parser). */
export function isLanguageTag(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LANGUAGE_TAG_LENGTH) return false;
  if (value === 'auto') return true;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export class TextWrappingDto {
  @OptionalField({ default: true })
  @BooleanField()
  enabled?: boolean;

  @OptionalNumber({ min: 1, max: 200, integer: true }, { example: 42 })
  max_chars_per_line?: number;

  @OptionalField({ enum: WRAP_STRATEGIES, default: 'word', description: 'word breaks between words (and between CJK characters)' })
  @EnumField(WRAP_STRATEGIES)
  strategy?: 'word' | 'character' | 'none';

  @OptionalField({ minLength: 1, maxLength: MAX_LANGUAGE_TAG_LENGTH, default: 'auto', example: 'zh-Hans', description: '`auto` or a BCP 47 language tag' })
  @CheckedField('languageTag', isLanguageTag, 'must be "auto" or a BCP 47 language tag such as "en" or "zh-Hans"')
  language?: string;
}

export class OutlineDto {
  @OptionalField()
  @BooleanField()
  enabled?: boolean;

  @OptionalNumber({ min: 0, max: 50 }, { description: 'Pixels' })
  width?: number;

  @OptionalColorField({ example: '#000000' })
  color?: string;

  @OptionalNumber({ min: 0, max: 50 }, { description: 'Pixels' })
  blur?: number;
}

export class ShadowDto {
  @OptionalField()
  @BooleanField()
  enabled?: boolean;

  @OptionalNumber({ min: -1000, max: 1000 }, { description: 'Pixels' })
  offset_x?: number;

  @OptionalNumber({ min: -1000, max: 1000 }, { description: 'Pixels' })
  offset_y?: number;

  @OptionalNumber({ min: 0, max: 100 }, { description: 'Pixels' })
  blur?: number;

  @OptionalColorField({ example: '#000000' })
  color?: string;

  @OptionalNumber({ min: 0, max: 1 })
  opacity?: number;
}

/** What subtitle and text clips share: how their text looks (the same meanings and defaults for both). */
export class TextStyleDto {
  @OptionalField({ enum: SUBTITLE_PRESETS, example: 'netflix' })
  @EnumField(SUBTITLE_PRESETS)
  preset?: SubtitlePreset;

  @OptionalNumber({ min: 8, max: 400 }, { description: 'Pixels of the output canvas', example: 48 })
  font_size?: number;

  @OptionalField({ example: 'noto-serif-sc', description: 'A font key or alias; any other string is answered with INVALID_FONT' })
  @AnyStringField()
  font_family?: string;

  @OptionalColorField({ example: HEX_EXAMPLE })
  color?: string;

  @OptionalField({ type: () => TextWrappingDto })
  @NestedField(() => TextWrappingDto)
  text_wrapping?: TextWrappingDto;

  @OptionalField({ type: () => OutlineDto })
  @NestedField(() => OutlineDto)
  outline?: OutlineDto;

  @OptionalField({ type: () => ShadowDto })
  @NestedField(() => ShadowDto)
  shadow?: ShadowDto;
}

const TEXT_ANCHOR = 'Bottom-centre anchor of the text block, in pixels of the output canvas; absent = the preset place';

/** Word-level captions (spec/extensions.md §4); each field left out takes its DEFAULT_WORDS value. */
@ApiExtension('x-extension', true)
export class WordCaptionsDto {
  @OptionalField({
    enum: WORD_STYLES,
    default: DEFAULT_WORDS.style,
    description: 'highlight: the whole cue shows, the spoken word in highlight_color; reveal: words appear as spoken',
  })
  @EnumField(WORD_STYLES)
  style?: WordStyle;

  @OptionalColorField({ example: DEFAULT_WORDS.highlight_color, default: DEFAULT_WORDS.highlight_color })
  highlight_color?: string;

  @OptionalNumber(WORD_SCALE_BOUNDS, { default: DEFAULT_WORDS.scale, description: 'Size of the spoken word (highlight), about its own centre' })
  scale?: number;
}

export class SubtitleClipPropertiesDto extends TextStyleDto {
  @OptionalField({ type: () => PositionDto, description: TEXT_ANCHOR })
  @NestedField(() => PositionDto)
  position?: PositionDto;

  @ExtensionField({
    type: () => WordCaptionsDto,
    description: 'Word-level captions: times from WebVTT inline timestamps, a JSON transcript, or split by characters',
  })
  @NestedField(() => WordCaptionsDto)
  words?: WordCaptionsDto;
}

/** The box drawn behind a text clip's text; each field left out takes its DEFAULT_TEXT_BACKGROUND value. */
@ApiExtension('x-extension', true)
export class TextBackgroundDto {
  @OptionalColorField({ example: '#000000', default: DEFAULT_TEXT_BACKGROUND.color })
  color?: string;

  @OptionalNumber({ min: 0, max: 1 }, { default: DEFAULT_TEXT_BACKGROUND.opacity })
  opacity?: number;

  @OptionalNumber({ min: 0, max: 200 }, { default: DEFAULT_TEXT_BACKGROUND.padding, description: 'Pixels between the text and the edge of the box' })
  padding?: number;

  @OptionalNumber({ min: 0, max: 200 }, { default: DEFAULT_TEXT_BACKGROUND.radius, description: 'Corner radius in pixels' })
  radius?: number;
}

/** A text clip's properties (spec/extensions.md §3): a subtitle clip's, plus layout, a box and motion. */
@ApiExtension('x-extension', true)
export class TextClipPropertiesDto extends TextStyleDto {
  @AnimatablePosition(TEXT_ANCHOR)
  position?: Animatable<PositionDto>;

  @OptionalField({ enum: TEXT_ALIGNS, default: DEFAULT_TEXT_ALIGN, description: 'Alignment of the lines within the text block' })
  @EnumField(TEXT_ALIGNS)
  align?: TextAlign;

  @OptionalField({ type: () => TextBackgroundDto, description: 'A box behind the text; absent = none' })
  @NestedField(() => TextBackgroundDto)
  background?: TextBackgroundDto;

  @AnimatableOpacity('0.0 (transparent) to 1.0 (opaque)')
  opacity?: Animatable<number>;

  @AnimatableScale('Scaling factors about the centre of the text block')
  scale?: Animatable<ScaleDto>;

  @AnimatableRotation('Degrees, clockwise, about the centre of the text block; any finite number')
  rotation?: Animatable<number>;

  @OptionalNumber({}, { description: 'Stacking order among video and text clips; higher is on top (subtitles stay above all)', example: 0 })
  z_index?: number;

  @TransitionField()
  transition?: TransitionDto;
}
