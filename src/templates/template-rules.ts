import { ApiError, type ValidationIssue } from '../common/api-error';
import { inspectDto, validationError } from '../common/validation/validate-body';
import { issue } from '../common/validation/validation-report';
import { keySuffix } from '../common/validation/field-rules.decorator';
import { CreateTemplateDto, RenderTemplateDto } from './template.dto';
import {
  FIELD_NAME,
  FIELD_NAME_RULE,
  FIELD_TYPE_RULES,
  type FieldType,
  type FieldValue,
  hasFieldType,
  mergeBody,
  type Placeholder,
  placeholdersOf,
  type TemplateFields,
} from './template-merge';

/** A template as it is stored: checked, plain JSON. */
export interface TemplateDraft {
  name: string;
  body: Record<string, unknown>;
  fields: TemplateFields;
}

/** The render request of a template: the merge values, and what replaces the template's own. */
export interface RenderRequest {
  merge: Record<string, unknown>;
  request_id?: unknown;
  webhook?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/**
 * Stands in for a field without a default when a template is checked at
 * creation: a value of the field's type. Problems at the places it fills are
 * not the template's (the merge value decides them, and they are checked then).
 */
const SAMPLE_VALUES: Readonly<Record<FieldType, FieldValue>> = { string: 'sample', number: 1, url: 'https://example.com/sample' };

/** Paths the client's own credentials would take: a template is stored in the clear, so it never holds them. */
const CREDENTIAL_PATHS = ['webhook.secret', 'webhook.headers'];

/**
 * POST /v3/templates, checked: the shape; every placeholder a declared field
 * and every field used; then the body, merged with each field's default (or a
 * sample of its type), must pass every check of POST /v3/tasks up to admission
 * (`checkCreateBody`), except at the places a field without a default fills.
 * So a template whose body can never be accepted is refused now.
 */
export function checkTemplate(raw: unknown, checkCreateBody: (body: unknown) => void): TemplateDraft {
  const { value, issues } = inspectDto(CreateTemplateDto, raw);
  if (issues.length > 0) throw validationError('The template', issues);
  const draft = JSON.parse(JSON.stringify({ name: value.name, body: value.body, fields: value.fields ?? {} })) as TemplateDraft;
  const placeholders = placeholdersOf(draft.body);
  const problems = [...placeholderIssues(placeholders, draft.fields), ...credentialIssues(draft.body)];
  if (problems.length > 0) throw validationError('The template', problems);
  checkMergedBody(draft, placeholders, checkCreateBody);
  return draft;
}

function placeholderIssues(placeholders: readonly Placeholder[], fields: TemplateFields): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const { path, name } of placeholders) {
    if (!FIELD_NAME.test(name)) issues.push(issue(`body.${path}`, `holds {{${name}}}: a placeholder's name ${FIELD_NAME_RULE}`, `{{${name}}}`));
    else if (!Object.hasOwn(fields, name)) issues.push(issue(`body.${path}`, `holds {{${name}}}, which is not a declared field`, `{{${name}}}`));
  }
  const used = new Set(placeholders.map((placeholder) => placeholder.name));
  for (const name of Object.keys(fields)) {
    if (!used.has(name)) issues.push(issue(`fields${keySuffix(name)}`, `is not used: no {{${name}}} placeholder in body`, fields[name]));
  }
  return issues;
}

function credentialIssues(body: Record<string, unknown>): ValidationIssue[] {
  const webhook = body.webhook as Record<string, unknown> | undefined;
  return CREDENTIAL_PATHS.filter((path) => webhook?.[path.slice('webhook.'.length)] !== undefined).map((path) =>
    issue(`body.${path}`, 'is not stored with a template: give the webhook with its secret and headers when rendering', '[redacted]'),
  );
}

function checkMergedBody(draft: TemplateDraft, placeholders: readonly Placeholder[], checkCreateBody: (body: unknown) => void): void {
  const values = Object.fromEntries(Object.entries(draft.fields).map(([name, field]) => [name, field.default ?? SAMPLE_VALUES[field.type]]));
  const unknownPaths = new Set(placeholders.filter(({ name }) => draft.fields[name].default === undefined).map(({ path }) => path));
  try {
    checkCreateBody(mergeBody(draft.body, values));
  } catch (error) {
    if (!(error instanceof ApiError) || !Array.isArray(error.options.details)) throw error;
    // Validation issues have a field; exceeded limits (422) may not (the totals of a timeline).
    const known = (error.options.details as Array<{ field?: string }>).filter((problem) => problem.field === undefined || !unknownPaths.has(problem.field));
    if (known.length === 0) return;
    const details = known.map((problem) => (problem.field === undefined ? problem : { ...problem, field: `body.${problem.field}` }));
    if (error.code === 'VALIDATION_ERROR') throw validationError("The template's body", details as ValidationIssue[]);
    throw new ApiError(error.code, error.message, { ...error.options, details });
  }
}

/** The render request's shape (its webhook and metadata are checked with the merged body). */
export function checkRenderRequest(raw: unknown): RenderRequest {
  const { value, issues } = inspectDto(RenderTemplateDto, raw ?? {});
  if (issues.length > 0) throw validationError('The request body', issues);
  const { merge, ...rest } = JSON.parse(JSON.stringify(value)) as Omit<RenderRequest, 'merge'> & { merge?: Record<string, unknown> };
  return { merge: merge ?? {}, ...rest };
}

/**
 * The values a merge fills the placeholders with: each field's merge value or
 * its default, of the field's type. A field without either, a value of another
 * type, or a value for no field is a VALIDATION_ERROR at `merge.<field>`.
 */
export function mergeValues(fields: TemplateFields, merge: Record<string, unknown>): Record<string, FieldValue> {
  const issues: ValidationIssue[] = [];
  const values: Record<string, FieldValue> = {};
  for (const key of Object.keys(merge)) {
    if (!Object.hasOwn(fields, key)) issues.push(issue(`merge${keySuffix(key)}`, 'is not a field of this template', merge[key]));
  }
  for (const [name, field] of Object.entries(fields)) {
    const value = Object.hasOwn(merge, name) ? merge[name] : field.default;
    if (value === undefined) issues.push(issue(`merge.${name}`, `is required: the ${field.type} field has no default`, null));
    else if (!hasFieldType(field.type, value)) issues.push(issue(`merge.${name}`, FIELD_TYPE_RULES[field.type], value));
    else values[name] = value;
  }
  if (issues.length > 0) throw validationError('The merge object', issues);
  return values;
}

/** The create body a render request makes of a template: merged, with the request's request_id, webhook and metadata in place of the template's. */
export function renderBody(template: Pick<TemplateDraft, 'body' | 'fields'>, request: RenderRequest): Record<string, unknown> {
  const merged = mergeBody(template.body, mergeValues(template.fields, request.merge)) as Record<string, unknown>;
  const { merge: _merge, ...overrides } = request;
  return { ...merged, ...overrides };
}
