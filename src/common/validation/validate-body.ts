import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiError, type ValidationIssue } from '../api-error';
import { isPlainRecord, VALIDATOR_OPTIONS } from './field-rules.decorator';
import { collectIssues, issue, sanitizeJson } from './validation-report';

type DtoClass<T> = new () => T;

export interface Inspection<T> {
  /** The DTO instance; meaningful only when `issues` is empty. */
  value: T;
  issues: ValidationIssue[];
}

/**
 * Runs class-transformer and class-validator over untrusted input and lists
 * every problem with its path under `rootPath`. No implicit type conversion:
 * a DTO that wants strings turned into numbers says so with `@Transform`.
 */
export function inspectDto<T extends object>(cls: DtoClass<T>, raw: unknown, rootPath = ''): Inspection<T> {
  if (!isPlainRecord(raw)) {
    return { value: new cls(), issues: [issue(rootPath, 'must be a JSON object', raw)] };
  }
  const issues: ValidationIssue[] = [];
  const clean = sanitizeJson(raw, rootPath, issues);
  const value = plainToInstance(cls, clean);
  const errors = validateSync(value, VALIDATOR_OPTIONS);
  issues.push(...collectIssues(errors, rootPath, value));
  return { value, issues };
}

/** An answer lists this many problems at most, so its size never grows with a hostile body. */
export const MAX_LISTED_PROBLEMS = 50;

export function problemsMessage(subject: string, count: number): string {
  const listed = count > MAX_LISTED_PROBLEMS ? `; the first ${MAX_LISTED_PROBLEMS} are listed` : '';
  return `${subject} is invalid: ${count} problem${count === 1 ? '' : 's'}${listed}`;
}

export function validationError(subject: string, issues: ValidationIssue[]): ApiError {
  return new ApiError('VALIDATION_ERROR', problemsMessage(subject, issues.length), { details: issues.slice(0, MAX_LISTED_PROBLEMS) });
}

/**
 * Validates query parameters against `cls`. Absent parameters keep the DTO's
 * initial values (the defaults); numeric parameters are converted by the DTO.
 */
export function validateQuery<T extends object>(cls: DtoClass<T>, query: unknown): T {
  // Fastify's query parser builds objects on a prototype of its own; only their own keys matter.
  const own = typeof query === 'object' && query !== null ? { ...query } : {};
  const { value, issues } = inspectDto(cls, own, '');
  if (issues.length > 0) throw validationError('The query', issues);
  return value;
}
