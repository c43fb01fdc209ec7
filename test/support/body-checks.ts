import type { JsonBody } from '../fixtures/task-bodies';
import { ApiError, type ValidationIssue } from '../../src/common/api-error';
import { validateCreateTaskBody } from '../../src/tasks/create-pipeline';

/** A value for `setAt` that deletes the key instead. */
export const ABSENT = Symbol('absent');

/** Sets (or deletes, with ABSENT) the value at a path like `input.timeline.tracks[0].id`. */
export function setAt(body: JsonBody, path: string, value: unknown): JsonBody {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  let node = body as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (value === ABSENT) delete node[last];
  else node[last] = value;
  return body;
}

/** What `check` throws, an ApiError; fails the test when it throws nothing. */
export function failure(check: () => unknown): ApiError {
  try {
    check();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('nothing was refused');
}

/** What validateCreateTaskBody refuses the body with. */
export const rejection = (body: unknown): ApiError => failure(() => validateCreateTaskBody(body));

/** The details of the 400 VALIDATION_ERROR the body is refused with. */
export function issuesOf(body: unknown): ValidationIssue[] {
  const error = rejection(body);
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.status).toBe(400);
  return error.options.details as ValidationIssue[];
}
