import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { crossFieldIssues } from '../../tasks/dto/timeline-consistency';
import { CreateTaskDto } from '../../tasks/dto/create-task.dto';
import { availableFontsMessage, unknownFontIssues } from '../../tasks/dto/font-message';
import { ListTasksQueryDto } from '../../tasks/dto/list-tasks-query.dto';
import { UsagePeriod, UsageQueryDto } from '../../tasks/dto/usage-query.dto';
import type { CreateTaskInput } from '../../tasks/task-input.types';
import type { ListFilter } from '../../tasks/tasks.repository';
import { ApiError, ValidationIssue } from '../api-error';
import { isPlainRecord } from './field-rules.decorator';
import { parseIsoTimestamp } from './iso-timestamp';
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
  const errors = validateSync(value, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: true },
  });
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

/** Validates a JSON body against `cls`; throws 400 VALIDATION_ERROR listing every problem. */
export function validateDto<T extends object>(cls: DtoClass<T>, raw: unknown, rootPath = ''): T {
  const { value, issues } = inspectDto(cls, raw, rootPath);
  if (issues.length > 0) throw validationError('The request body', issues);
  return value;
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

/** GET /v3/tasks query → the repository's filter (timestamps as epoch milliseconds). */
export function validateListQuery(query: unknown): ListFilter {
  const dto = validateQuery(ListTasksQueryDto, query);
  const filter: ListFilter = { limit: dto.limit, offset: dto.offset };
  if (dto.status !== undefined) filter.status = dto.status;
  if (dto.created_after !== undefined) filter.createdAfter = epochMs(dto.created_after);
  if (dto.created_before !== undefined) filter.createdBefore = epochMs(dto.created_before);
  return filter;
}

function epochMs(validTimestamp: string): number {
  return (parseIsoTimestamp(validTimestamp) as Date).getTime();
}

/** GET /v3/usage query → the period (default current_month). */
export function validateUsageQuery(query: unknown): UsagePeriod {
  return validateQuery(UsageQueryDto, query).period;
}

/**
 * The create-task body, in this order (docs/api-validation.md):
 * 1. 400 VALIDATION_ERROR with every per-field and cross-field problem;
 * 2. 400 INVALID_FONT when the body is otherwise valid but names unknown fonts.
 * Business rules (422) are `checkBusinessRules` in `tasks/task-rules.ts`.
 * Returns a plain JSON copy: no DTO instances, no absent keys.
 */
export function validateCreateTaskBody(body: unknown): CreateTaskInput {
  const { value, issues } = inspectDto(CreateTaskDto, body);
  issues.push(...crossFieldIssues(body));
  if (issues.length > 0) throw validationError('The request body', issues);
  const fontIssues = unknownFontIssues(value.input.timeline.tracks);
  if (fontIssues.length > 0) {
    throw new ApiError('INVALID_FONT', `Unknown font_family. ${availableFontsMessage()}`, {
      details: fontIssues,
      suggestedAction: 'Use one of the font keys or aliases listed in the message',
    });
  }
  return JSON.parse(JSON.stringify(value)) as CreateTaskInput;
}
