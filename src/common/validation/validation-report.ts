import type { ValidationError } from 'class-validator';
import type { ValidationIssue } from '../api-error';
import { type ExpandingContext, isPlainRecord, keySuffix, type NestedErrorsContext } from './field-rules.decorator';

/**
 * Turns class-validator's error tree into the spec's flat `details` list:
 * one `{field, issue, provided_value}` per problem, with paths like
 * `input.timeline.tracks[0].clips[2].properties.opacity`.
 */
export function joinPath(parent: string, key: string, parentIsArray: boolean): string {
  if (parentIsArray && /^\d+$/.test(key)) return `${parent}[${key}]`;
  const suffix = keySuffix(key);
  return parent === '' && suffix.startsWith('.') ? suffix.slice(1) : `${parent}${suffix}`;
}

const FIXED_ISSUES: Readonly<Record<string, string>> = {
  whitelistValidation: 'is not an accepted field',
  nestedValidation: 'must be an object',
  unknownValue: 'must be an object',
};

export function collectIssues(errors: readonly ValidationError[], parentPath: string, parentValue: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const path = joinPath(parentPath, error.property, Array.isArray(parentValue));
    for (const [name, message] of Object.entries(error.constraints ?? {})) {
      issues.push(...constraintIssues(path, name, message, error));
    }
    if (error.children?.length) issues.push(...collectIssues(error.children, path, error.value));
  }
  return issues;
}

function constraintIssues(path: string, name: string, message: string, error: ValidationError): ValidationIssue[] {
  const context = error.contexts?.[name] as Partial<ExpandingContext & NestedErrorsContext> | undefined;
  if (typeof context?.expand === 'function') {
    return context.expand(error.value).map((sub) => issue(`${path}${sub.suffix}`, sub.issue, sub.value));
  }
  const nested = typeof context?.nestedErrors === 'function' ? context.nestedErrors(error.value) : [];
  if (nested.length > 0) return collectIssues(nested, path, error.value);
  return [issue(path, FIXED_ISSUES[name] ?? message, error.value)];
}

export function issue(field: string, text: string, value: unknown): ValidationIssue {
  return { field, issue: text, provided_value: providedValue(value) };
}

const MAX_ECHO_STRING = 256;
const MAX_ECHO_JSON = 1024;

/**
 * What the client sent, echoed back: absent is null, long strings are cut and
 * big objects summarised so an error answer never grows with the request.
 */
export function providedValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') {
    const text = withoutCredentials(value);
    return text.length <= MAX_ECHO_STRING ? text : `${text.slice(0, MAX_ECHO_STRING)}… (${text.length} characters)`;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (fitsInJson(value, MAX_ECHO_JSON)) return JSON.parse(JSON.stringify(value)) as unknown;
  return Array.isArray(value) ? `(an array of ${value.length} items)` : `(an object with ${Object.keys(value).length} keys)`;
}

/**
 * Whether `value` serialises to at most `limit` characters, found without
 * recursion and without serialising it: a body nested thousands of levels
 * deep made JSON.stringify overflow the stack (a 500), and a huge one cost
 * time for an echo that is cut anyway. Counts at least as many characters as
 * the JSON has, stopping as soon as the count passes the limit.
 */
function fitsInJson(value: unknown, limit: number): boolean {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (Array.isArray(item)) {
      size += 1 + item.length;
      pending.push(...(item as unknown[]).slice(0, limit));
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item).slice(0, limit);
      size += 1 + entries.length;
      for (const [key, child] of entries) {
        size += key.length + 3;
        pending.push(child);
      }
    } else size += String(item).length;
    if (size > limit) return false;
  }
  return true;
}

/** A URL's user:password is refused, and never echoed back either. */
function withoutCredentials(text: string): string {
  if (!text.includes('@')) return text;
  try {
    const url = new URL(text);
    if (url.username === '' && url.password === '') return text;
    url.username = '';
    url.password = '';
    return url.href.replace('//', '//[credentials removed]@');
  } catch {
    return text;
  }
}

/** Keys that would reach object prototypes when class-transformer copies a body. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper than any valid body (about 7 levels); stops stack exhaustion on hostile input. */
const MAX_DEPTH = 32;
/**
 * More fields than any object of any body holds (the widest has about 20); the
 * validator's cost grows with each unknown field, so a wider object is refused whole.
 */
const MAX_OBJECT_FIELDS = 256;

/**
 * A deep copy of parsed JSON without the keys that could poison prototypes,
 * each reported as an unknown field, and with absurd nesting and width cut off.
 */
export function sanitizeJson(value: unknown, path: string, issues: ValidationIssue[], depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) {
    issues.push(issue(path, `is nested more than ${MAX_DEPTH} levels deep`, null));
    return undefined;
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => sanitizeJson(item, `${path}[${index}]`, issues, depth + 1));
  }
  if (!isPlainRecord(value)) return value;
  const fieldCount = Object.keys(value).length;
  if (fieldCount > MAX_OBJECT_FIELDS) {
    issues.push(issue(path, `has ${fieldCount} fields; an object may have at most ${MAX_OBJECT_FIELDS}`, null));
    return undefined;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const itemPath = joinPath(path, key, false);
    if (FORBIDDEN_KEYS.has(key)) {
      issues.push(issue(itemPath, FIXED_ISSUES.whitelistValidation, null));
      continue;
    }
    copy[key] = sanitizeJson(item, itemPath, issues, depth + 1);
  }
  return copy;
}
