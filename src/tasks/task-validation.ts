import { ApiError } from '../common/api-error';
import { parseIsoTimestamp } from '../common/validation/iso-timestamp';
import { inspectDto, validateQuery, validationError } from '../common/validation/validate-body';
import { CreateTaskDto } from './dto/create-task.dto';
import { availableFontsMessage, unknownFontIssues } from './dto/font-message';
import { ListTasksQueryDto } from './dto/list-tasks-query.dto';
import { crossFieldIssues } from './dto/timeline-consistency';
import type { CreateTaskInput } from './task-input.types';
import type { ListFilter } from './tasks.repository';

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
