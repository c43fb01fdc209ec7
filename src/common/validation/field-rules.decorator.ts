import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { ValidateBy, ValidateIf, ValidateNested, validateSync, type ValidationArguments, type ValidationError, type ValidatorOptions } from 'class-validator';

/**
 * Field decorators that each put ONE constraint on a property, so every bad
 * field yields exactly one human sentence (class-validator's stock decorators
 * stack several messages that repeat the property name). A required field that
 * is absent reads "is required"; the field path is added by the reporter.
 */

/** A problem below the decorated field: `suffix` is appended to its path (`[3]`, `.Host`). */
export interface SubIssue {
  suffix: string;
  issue: string;
  value: unknown;
}

/** Context of constraints that report per-element problems; see `validation-report.ts`. */
export interface ExpandingContext {
  expand: (value: unknown) => SubIssue[];
}

/** Context of constraints whose value may be a DTO instance validated on its own: its errors, reported below the field. */
export interface NestedErrorsContext {
  nestedErrors: (value: unknown) => ValidationError[];
}

/** How every DTO is validated: unknown keys refused, the first broken rule of a field only, values kept for the report. */
export const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  validationError: { target: false, value: true },
};

const REQUIRED = 'is required';

type Check = (value: unknown, args: ValidationArguments) => boolean;

/** The sentence for a value that breaks a rule; a function when it depends on the value. */
type Describe = string | ((value: unknown) => string);

function rule(name: string, check: Check, describe: Describe, context?: ExpandingContext | NestedErrorsContext): PropertyDecorator {
  const sentence = (value: unknown) => (value === undefined ? REQUIRED : typeof describe === 'string' ? describe : describe(value));
  return ValidateBy(
    {
      name,
      validator: {
        validate: check,
        defaultMessage: (args?: ValidationArguments) => sentence(args?.value),
      },
    },
    context ? { context } : undefined,
  );
}

/**
 * Skips the field's rules when the key is absent. `null` is NOT absent: it is
 * checked (and rejected) like any other value, so validated input never holds
 * nulls where the types promise a value.
 */
export function Optional(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/** An optional field of the API: `Optional()`, and described as optional in the OpenAPI document by `doc`. */
export function OptionalField(doc: ApiPropertyOptions = {}): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional(doc), Optional());
}

export interface NumberBounds {
  min?: number;
  max?: number;
  /** The minimum itself is not allowed (e.g. a scale must be > 0). */
  minExclusive?: boolean;
  integer?: boolean;
}

export function describeNumber({ min, max, minExclusive, integer }: NumberBounds): string {
  const kind = integer ? 'a whole number' : 'a number';
  if (min !== undefined && max !== undefined) {
    return minExclusive ? `must be ${kind} greater than ${min} and at most ${max}` : `must be ${kind} from ${min} to ${max}`;
  }
  if (min !== undefined) return minExclusive ? `must be ${kind} greater than ${min}` : `must be ${kind} of at least ${min}`;
  if (max !== undefined) return `must be ${kind} of at most ${max}`;
  return integer ? 'must be a whole number' : 'must be a finite number';
}

export function isNumberWithin(value: unknown, bounds: NumberBounds): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (bounds.integer && !Number.isSafeInteger(value)) return false;
  if (bounds.min !== undefined && (bounds.minExclusive ? value <= bounds.min : value < bounds.min)) return false;
  return bounds.max === undefined || value <= bounds.max;
}

export function NumberField(bounds: NumberBounds = {}): PropertyDecorator {
  return rule('numberField', (value) => isNumberWithin(value, bounds), describeNumber(bounds));
}

export function IntegerField(bounds: Omit<NumberBounds, 'integer'> = {}): PropertyDecorator {
  return NumberField({ ...bounds, integer: true });
}

/** What a field's documentation adds to the schema its rule gives. */
type FieldDoc = Pick<ApiPropertyOptions, 'description' | 'example' | 'default'>;

/** The OpenAPI schema of a number `NumberField(bounds)` accepts. */
function numberSchema({ min, max, minExclusive, integer }: NumberBounds): {
  type: 'integer' | 'number';
  minimum?: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
} {
  return {
    type: integer ? 'integer' : 'number',
    ...(min !== undefined && { minimum: min }),
    ...(minExclusive && { exclusiveMinimum: true }),
    ...(max !== undefined && { maximum: max }),
  };
}

/** A required number of the API: its rule and its OpenAPI schema from the same bounds, `doc` adding the rest. */
export function RequiredNumber(bounds: NumberBounds, doc: FieldDoc = {}): PropertyDecorator {
  return applyDecorators(ApiProperty({ ...numberSchema(bounds), ...doc }), NumberField(bounds));
}

/** An optional number of the API, as `RequiredNumber`. */
export function OptionalNumber(bounds: NumberBounds, doc: FieldDoc = {}): PropertyDecorator {
  return applyDecorators(OptionalField({ ...numberSchema(bounds), ...doc }), NumberField(bounds));
}

/** C0 controls and DEL: never useful in labels and ids, and they corrupt logs and headers. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export interface StringRules {
  minLength?: number;
  maxLength: number;
  pattern?: RegExp;
  /** Sentence used instead of the generated one, e.g. "must be a hex colour like #FFAA00". */
  describe?: string;
}

/**
 * Whether `text` has `min` to `max` characters, counted as the OpenAPI document's
 * minLength and maxLength count them: in Unicode code points (an emoji is one
 * character, not two UTF-16 units).
 */
export function hasLengthWithin(text: string, min: number, max: number): boolean {
  // A code point takes at most two UTF-16 units: a longer string has too many without counting.
  if (text.length > 2 * max) return false;
  const count = [...text].length;
  return count >= min && count <= max;
}

export function isStringWithin(value: unknown, rules: StringRules): value is string {
  if (typeof value !== 'string' || !hasLengthWithin(value, rules.minLength ?? 1, rules.maxLength)) return false;
  if (CONTROL_CHARACTERS.test(value)) return false;
  return rules.pattern === undefined || rules.pattern.test(value);
}

/** The OpenAPI schema of a string `StringField(rules)` accepts (but for control characters, which no schema keyword refuses). */
export function stringSchema(rules: StringRules): { type: 'string'; minLength: number; maxLength: number; pattern?: string } {
  return { type: 'string', minLength: rules.minLength ?? 1, maxLength: rules.maxLength, ...(rules.pattern && { pattern: rules.pattern.source }) };
}

export function describeString(rules: StringRules): string {
  if (rules.describe) return rules.describe;
  const min = rules.minLength ?? 1;
  const length = min === 0 ? `at most ${rules.maxLength}` : `${min} to ${rules.maxLength}`;
  return `must be a string of ${length} characters without control characters`;
}

export function StringField(rules: StringRules): PropertyDecorator {
  return rule('stringField', (value) => isStringWithin(value, rules), describeString(rules));
}

/** A required string of the API: its rule and its OpenAPI schema from the same rules, `doc` adding the rest. */
export function RequiredString(rules: StringRules, doc: FieldDoc = {}): PropertyDecorator {
  return applyDecorators(ApiProperty({ ...stringSchema(rules), ...doc }), StringField(rules));
}

/** An optional string of the API, as `RequiredString`. */
export function OptionalString(rules: StringRules, doc: FieldDoc = {}): PropertyDecorator {
  return applyDecorators(OptionalField({ ...stringSchema(rules), ...doc }), StringField(rules));
}

/** Any string, for a value whose meaning a later check decides (a `font_family` naming no font is INVALID_FONT). */
export function AnyStringField(): PropertyDecorator {
  return rule('anyStringField', (value) => typeof value === 'string', 'must be a string');
}

export function EnumField(values: readonly string[]): PropertyDecorator {
  return rule('enumField', (value) => typeof value === 'string' && values.includes(value), `must be one of: ${values.join(', ')}`);
}

export function BooleanField(): PropertyDecorator {
  return rule('booleanField', (value) => typeof value === 'boolean', 'must be true or false');
}

export function isUrlWith(value: unknown, protocols: readonly string[], maxLength: number): value is string {
  if (typeof value !== 'string' || !hasLengthWithin(value, 1, maxLength) || CONTROL_CHARACTERS.test(value)) return false;
  try {
    const url = new URL(value);
    // Credentials in a URL would be stored, echoed in task records and sent on redirects: never accepted.
    return protocols.includes(url.protocol) && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * The OpenAPI schema of a URL of at most `maxLength` characters. Not `format: uri`: RFC 3986 refuses the
 * non-ASCII URLs (IRIs) the service accepts and echoes back.
 */
export function urlSchema(maxLength: number): { type: 'string'; minLength: number; maxLength: number } {
  return { type: 'string', minLength: 1, maxLength };
}

export function UrlField(protocols: readonly ('http:' | 'https:')[], maxLength: number): PropertyDecorator {
  const names = protocols.map((protocol) => protocol.replace(':', '')).join(' or ');
  return rule(
    'urlField',
    (value) => isUrlWith(value, protocols, maxLength),
    `must be an absolute ${names} URL of at most ${maxLength} characters, without user:password`,
  );
}

/**
 * A nested object validated by its own DTO class. class-transformer turns a
 * JSON object into an instance of `cls`; anything else (string, array, null)
 * stays what it was and fails here, before nested validation would run.
 */
export function NestedField(cls: () => new () => object): PropertyDecorator {
  const isInstance: Check = (value) => value instanceof cls() && !Array.isArray(value);
  return applyAll(Type(cls), rule('objectField', isInstance, 'must be an object'), ValidateNested());
}

/**
 * A field that holds either a plain value that `plain` accepts, or a JSON
 * object validated by the DTO class that `classOf` picks for it (a constant
 * or a keyframe track, say). The object becomes an instance of that class
 * here; its problems are reported at their own paths below the field, as a
 * NestedField's are. `describe` gives the sentence for a value of neither kind.
 */
export function PlainOrObjectField(
  plain: (value: unknown) => boolean,
  classOf: (object: Record<string, unknown>) => new () => object,
  describe: Describe,
): PropertyDecorator {
  // The check and the report both need an object's errors: it is validated once.
  const errorsOf = new WeakMap<object, ValidationError[]>();
  const nestedErrors = (value: unknown): ValidationError[] => {
    if (!isDtoInstance(value)) return [];
    let errors = errorsOf.get(value);
    if (errors === undefined) {
      errors = validateSync(value, VALIDATOR_OPTIONS);
      errorsOf.set(value, errors);
    }
    return errors;
  };
  const check: Check = (value) => (isDtoInstance(value) ? nestedErrors(value).length === 0 : plain(value));
  return applyAll(
    Transform(({ value }: { value: unknown }) => (isPlainRecord(value) ? plainToInstance(classOf(value), value) : value), { toClassOnly: true }),
    rule('plainOrObjectField', check, describe, { nestedErrors }),
  );
}

/** An object made by class-transformer from a JSON object (sanitised JSON holds plain records and arrays only). */
function isDtoInstance(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainRecord(value);
}

/** A key that must not be given at all, refused with `reason` instead of "is not an accepted field". */
export function RefusedField(reason: string): PropertyDecorator {
  return applyAll(
    Optional(),
    rule('refusedField', () => false, reason),
  );
}

export interface ArrayBounds {
  minSize?: number;
  maxSize?: number;
}

function describeArray({ minSize = 0, maxSize }: ArrayBounds, of: string): string {
  if (maxSize === undefined) return minSize > 0 ? `must be an array of at least ${minSize} ${of}` : `must be an array of ${of}`;
  return `must be an array of ${minSize} to ${maxSize} ${of}`;
}

function arraySizeOk(value: unknown, { minSize = 0, maxSize }: ArrayBounds): value is unknown[] {
  return Array.isArray(value) && value.length >= minSize && (maxSize === undefined || value.length <= maxSize);
}

/** An array of objects, each validated by `cls`; a non-object element is reported at its index. */
export function NestedArrayField(cls: () => new () => object, bounds: ArrayBounds = {}): PropertyDecorator {
  return applyAll(
    Type(cls),
    rule('arrayField', (value) => arraySizeOk(value, bounds), describeArray(bounds, 'objects')),
    ValidateNested({ each: true }),
  );
}

/**
 * An array whose elements are primitives checked by `element`. Each bad element
 * is reported at its own index (`tags[3]`), and a repeated element too when
 * `unique` is set.
 */
export function PrimitiveArrayField(
  bounds: ArrayBounds & { unique?: boolean },
  element: { check: (value: unknown) => boolean; describe: string; of: string },
): PropertyDecorator {
  const sizeIssue = describeArray(bounds, element.of);
  const expand = (value: unknown): SubIssue[] => {
    if (!arraySizeOk(value, bounds)) return [{ suffix: '', issue: value === undefined ? REQUIRED : sizeIssue, value }];
    const issues: SubIssue[] = [];
    value.forEach((item, index) => {
      if (!element.check(item)) {
        issues.push({ suffix: `[${index}]`, issue: element.describe, value: item });
      } else if (bounds.unique && value.indexOf(item) !== index) {
        issues.push({ suffix: `[${index}]`, issue: 'repeats an earlier value', value: item });
      }
    });
    return issues;
  };
  return rule('primitiveArrayField', (value) => expand(value).length === 0, sizeIssue, { expand });
}

/**
 * A JSON object used as a string-to-string map. `entry` returns the problem
 * with one entry (or null), given the keys before it; each is reported at `.<key>`.
 */
export function RecordField(maxEntries: number, entry: (key: string, value: unknown, earlierKeys: readonly string[]) => string | null): PropertyDecorator {
  const describe = `must be an object of at most ${maxEntries} entries`;
  const expand = (value: unknown): SubIssue[] => {
    if (!isPlainRecord(value) || Object.keys(value).length > maxEntries) {
      return [{ suffix: '', issue: value === undefined ? REQUIRED : describe, value }];
    }
    const keys = Object.keys(value);
    return keys.flatMap((key, index) => {
      const issue = entry(key, value[key], keys.slice(0, index));
      return issue === null ? [] : [{ suffix: keySuffix(key), issue, value: value[key] }];
    });
  };
  return rule('recordField', (value) => expand(value).length === 0, describe, { expand });
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** `.name` for identifier-like keys, `["odd key"]` otherwise, so paths stay unambiguous. */
export function keySuffix(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** A field checked by an arbitrary predicate (used for the few one-off rules). */
export function CheckedField(name: string, check: (value: unknown) => boolean, describe: string): PropertyDecorator {
  return rule(name, check, describe);
}

function applyAll(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    for (const decorator of decorators) decorator(target, propertyKey);
  };
}
