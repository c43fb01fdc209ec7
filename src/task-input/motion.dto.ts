import { applyDecorators } from '@nestjs/common';
import {
  ApiExtension,
  ApiExtraModels,
  ApiProperty,
  type ApiPropertyOptions,
  ApiSchema,
  getSchemaPath,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';
import {
  describeNumber,
  EnumField,
  isNumberWithin,
  NestedArrayField,
  NestedField,
  type NumberBounds,
  NumberField,
  OptionalField,
  PlainOrObjectField,
  RequiredNumber,
} from '../common/validation/field-rules.decorator';
import { DEFAULT_EASING, EASINGS, type Easing, TRANSITION_TYPES, type TransitionType } from './input-values';

/**
 * Where a layer is, how large and how turned, and how that changes over the
 * clip: the vectors of clip properties, keyframe tracks (spec/extensions.md §1)
 * and transitions (§2).
 */

/** The OpenAPI mark of every field and schema that spec/extensions.md adds to API v3. */
const X_EXTENSION = { 'x-extension': true } as const;

/** An optional field added by spec/extensions.md, documented as one. */
export function ExtensionField(doc: ApiPropertyOptions = {}): PropertyDecorator {
  return OptionalField({ ...doc, ...X_EXTENSION });
}

export class PositionDto {
  @RequiredNumber({}, { description: 'Pixels from the left edge of the output canvas', example: 0 })
  x!: number;

  @RequiredNumber({}, { description: 'Pixels from the top edge of the output canvas', example: 0 })
  y!: number;
}

const SCALE_FACTOR: NumberBounds = { min: 0, minExclusive: true, max: 100 };

export class ScaleDto {
  @RequiredNumber(SCALE_FACTOR, { description: 'Horizontal factor; 1.0 is the original size', example: 1 })
  x!: number;

  @RequiredNumber(SCALE_FACTOR, { description: 'Vertical factor; 1.0 is the original size', example: 1 })
  y!: number;
}

export interface KeyframeInput<T> {
  time_ms: number;
  value: T;
  easing?: Easing;
}

export interface KeyframesInput<T> {
  keyframes: KeyframeInput<T>[];
}

/** A clip property that is either constant or changes along a keyframe track. */
export type Animatable<T> = T | KeyframesInput<T>;

export const MAX_KEYFRAMES = 64;

/**
 * The value one animatable property takes, constant or at a keyframe: a
 * number within bounds, or a vector validated by its DTO class.
 */
type MotionValue = { bounds: NumberBounds; schema: NumberSchema } | { vector: new () => object };

/** The OpenAPI schema of a number value (fits both ApiProperty's options and a oneOf entry). */
interface NumberSchema {
  type: 'number';
  minimum?: number;
  maximum?: number;
  example: number;
}

/** An animatable property: its value and the DTO class of its keyframe track. */
interface Motion {
  value: MotionValue;
  track: new () => object;
}

/**
 * The keyframe track of one property: `{ keyframes: [{ time_ms, value, easing? }] }`,
 * as two DTO classes named `<name>KeyframeDto` and `<name>KeyframesDto`. Times
 * against the clip's length and each other are cross-field rules (`src/tasks/dto/timeline-consistency.ts`).
 */
function motion(name: string, value: MotionValue): Motion {
  @ApiSchema({ name: `${name}KeyframeDto` })
  class Keyframe {
    @RequiredNumber(
      { min: 0, integer: true },
      { description: 'Milliseconds from the clip start, at most the clip length; each keyframe later than the one before', example: 0 },
    )
    time_ms!: number;

    @ApiProperty({
      ...('vector' in value ? { type: () => value.vector } : value.schema),
      description: 'The value at time_ms, within the bounds of the constant',
    })
    @('vector' in value ? NestedField(() => value.vector) : NumberField(value.bounds))
    value!: unknown;

    @OptionalField({
      enum: EASINGS,
      default: DEFAULT_EASING,
      description: 'Shape of the segment that ends at this keyframe: hold keeps the previous value until this keyframe',
    })
    @EnumField(EASINGS)
    easing?: Easing;
  }

  @ApiSchema({ name: `${name}KeyframesDto`, description: 'A keyframe track: before the first keyframe the first value holds, after the last the last' })
  @ApiExtension('x-extension', true)
  class Keyframes {
    @ApiProperty({ type: () => [Keyframe], minItems: 1, maxItems: MAX_KEYFRAMES })
    @NestedArrayField(() => Keyframe, { minSize: 1, maxSize: MAX_KEYFRAMES })
    keyframes!: Keyframe[];
  }
  return { value, track: Keyframes };
}

const OPACITY = motion('Opacity', { bounds: { min: 0, max: 1 }, schema: { type: 'number', minimum: 0, maximum: 1, example: 1 } });
const SCALE = motion('Scale', { vector: ScaleDto });
const POSITION = motion('Position', { vector: PositionDto });
const ROTATION = motion('Rotation', { bounds: {}, schema: { type: 'number', example: 0 } });
const VOLUME = motion('Volume', { bounds: { min: 0, max: 10 }, schema: { type: 'number', minimum: 0, maximum: 10, example: 1 } });

/**
 * A clip property that takes its constant or a keyframe track (documented as
 * one of the two). An object with a `keyframes` key is a track; any other
 * object is a vector constant or, for a number property, a track without keyframes.
 */
function AnimatableField({ value, track }: Motion, doc: ApiPropertyOptions): PropertyDecorator {
  const constantSchema: SchemaObject | ReferenceObject = 'vector' in value ? { $ref: getSchemaPath(value.vector) } : value.schema;
  const isConstant = (raw: unknown) => !('vector' in value) && isNumberWithin(raw, value.bounds);
  const classOf = (object: Record<string, unknown>) => ('vector' in value && !Object.hasOwn(object, 'keyframes') ? value.vector : track);
  const describe = (raw: unknown) => {
    if ('vector' in value) return 'must be an object: the constant, or { "keyframes": [...] }';
    // A number out of bounds reads as it did before keyframes existed.
    return typeof raw === 'number' ? describeNumber(value.bounds) : `${describeNumber(value.bounds)}, or an object { "keyframes": [...] }`;
  };
  return (target: object, key: string | symbol) => {
    ApiExtraModels(track)(target.constructor);
    OptionalField({ ...doc, oneOf: [constantSchema, { $ref: getSchemaPath(track) }] })(target, key);
    PlainOrObjectField(isConstant, classOf, describe)(target, key);
  };
}

export const AnimatableOpacity = (description: string) => AnimatableField(OPACITY, { description, default: 1 });
export const AnimatableScale = (description: string) => AnimatableField(SCALE, { description });
export const AnimatablePosition = (description: string) => AnimatableField(POSITION, { description });
export const AnimatableRotation = (description: string) => AnimatableField(ROTATION, { description, default: 0 });
export const AnimatableVolume = (description: string) => AnimatableField(VOLUME, { description, default: 1 });

export class TransitionSideDto {
  @ApiProperty({ enum: TRANSITION_TYPES, description: 'How the clip enters (in) or leaves (out); docs/extensions.md describes each' })
  @EnumField(TRANSITION_TYPES)
  type!: TransitionType;

  @RequiredNumber({ min: 1, integer: true }, { description: 'Milliseconds; in + out at most the clip length', example: 500 })
  duration_ms!: number;
}

@ApiExtension('x-extension', true)
export class TransitionDto {
  @OptionalField({ type: () => TransitionSideDto, description: 'Over the first duration_ms of the clip' })
  @NestedField(() => TransitionSideDto)
  in?: TransitionSideDto;

  @OptionalField({ type: () => TransitionSideDto, description: 'Over the last duration_ms of the clip' })
  @NestedField(() => TransitionSideDto)
  out?: TransitionSideDto;
}

/** `transition` of a video or text clip; `in` + `out` against the clip's length is a cross-field rule. */
export function TransitionField(): PropertyDecorator {
  return applyDecorators(
    ExtensionField({ type: () => TransitionDto, description: 'How the clip enters and leaves: either side optional' }),
    NestedField(() => TransitionDto),
  );
}
