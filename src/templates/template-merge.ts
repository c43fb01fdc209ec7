import { isUrlWith } from '../common/validation/field-rules.decorator';
import { joinPath } from '../common/validation/validation-report';

/**
 * Templates: a create body whose string values may hold `{{field}}`
 * placeholders, and the typed fields that fill them (spec/extensions.md §6).
 * Everything here is pure: no I/O, nothing evaluated. A merge replaces text
 * only; the structure of the body (its keys, arrays and objects) is copied as
 * it is, so no value can add, remove or rename a field.
 */

export const FIELD_TYPES = ['string', 'number', 'url'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type FieldValue = string | number;

export interface TemplateField {
  type: FieldType;
  default?: FieldValue;
}
export type TemplateFields = Record<string, TemplateField>;

/** Letters, digits and `_`, not starting with a digit: the whole grammar of a placeholder's name. */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const FIELD_NAME_RULE = 'must be a field name: 1 to 64 letters, digits or _, not starting with a digit';
export const MAX_STRING_VALUE_LENGTH = 2048;

/** `{{…}}` with anything but braces inside; the inside must then be a field name. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

export interface Placeholder {
  /** Path of the string that holds it, as validation reports paths (`input.timeline.tracks[0].clips[0].text`). */
  path: string;
  /** The text between the braces. */
  name: string;
  /** The placeholder is the whole string: it takes the value's own type. */
  whole: boolean;
}

/** Every placeholder of a body, in document order (a string with two placeholders lists both). */
export function placeholdersOf(body: unknown): Placeholder[] {
  const found: Placeholder[] = [];
  visitStrings(body, '', (text, path) => {
    for (const match of text.matchAll(PLACEHOLDER)) found.push({ path, name: match[1], whole: match[0] === text });
  });
  return found;
}

/**
 * The body with every placeholder replaced by its field's value. A placeholder
 * that is a whole string becomes the value itself (a number stays a number);
 * one inside a string is replaced by the value's text. A replacement is never
 * scanned again, so a value holding `{{x}}` stays that text. Placeholders
 * without a value are left as they are (the caller checked them).
 */
export function mergeBody(body: unknown, values: Readonly<Record<string, FieldValue>>): unknown {
  return mapStrings(body, (text) => {
    const whole = /^\{\{([^{}]*)\}\}$/.exec(text);
    if (whole && Object.hasOwn(values, whole[1])) return values[whole[1]];
    return text.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
  });
}

/** Whether a value has a field's type: a string, a finite number, or an absolute http(s) URL. */
export function hasFieldType(type: FieldType, value: unknown): value is FieldValue {
  switch (type) {
    case 'string':
      return typeof value === 'string' && value.length <= MAX_STRING_VALUE_LENGTH;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'url':
      return isUrlWith(value, ['http:', 'https:'], MAX_STRING_VALUE_LENGTH);
  }
}

export const FIELD_TYPE_RULES: Readonly<Record<FieldType, string>> = {
  string: `must be a string of at most ${MAX_STRING_VALUE_LENGTH} characters`,
  number: 'must be a finite number',
  url: `must be an absolute http or https URL of at most ${MAX_STRING_VALUE_LENGTH} characters, without user:password`,
};

function visitStrings(value: unknown, path: string, visit: (text: string, path: string) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, index) => visitStrings(item, joinPath(path, String(index), true), visit));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) visitStrings(item, joinPath(path, key, false), visit);
  }
}

function mapStrings(value: unknown, map: (text: string) => unknown): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}
