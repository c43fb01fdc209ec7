import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiProperty, ApiPropertyOptional, ApiQuery, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  CheckedField,
  IntegerField,
  isPlainRecord,
  OptionalField,
  OptionalString,
  RecordField,
  RequiredString,
} from '../common/validation/field-rules.decorator';
import { validateQuery } from '../common/validation/validate-body';
import { CreateTaskDto, MetadataDto, REQUEST_ID_RULES, WebhookDto } from '../task-input/create-task.dto';
import { DEFAULT_LIST_LIMIT, decimalToNumber, MAX_LIST_LIMIT, MAX_LIST_OFFSET } from '../tasks/dto/list-tasks-query.dto';
import { FIELD_NAME, FIELD_NAME_RULE, FIELD_TYPES, type FieldType, type FieldValue, hasFieldType, type TemplateFields } from './template-merge';

export const MAX_TEMPLATE_FIELDS = 50;
export const MAX_BATCH_ITEMS = 100;
const FIELD_RULE = `must be an object { "type": ${FIELD_TYPES.map((type) => `"${type}"`).join(' | ')}, "default"?: a value of that type }`;

/** The problem with one declared field, or null. */
export function fieldDeclarationIssue(name: string, declaration: unknown): string | null {
  if (!FIELD_NAME.test(name)) return FIELD_NAME_RULE;
  if (!isPlainRecord(declaration) || !Object.keys(declaration).every((key) => key === 'type' || key === 'default')) return FIELD_RULE;
  const type = declaration.type as FieldType;
  if (!FIELD_TYPES.includes(type)) return FIELD_RULE;
  if (declaration.default !== undefined && !hasFieldType(type, declaration.default)) return `has a default that is not a ${type}: ${FIELD_RULE}`;
  return null;
}

@ApiExtension('x-extension', true)
export class TemplateFieldDto {
  @ApiProperty({ enum: FIELD_TYPES, description: 'number: a whole-string placeholder becomes a JSON number; url: an absolute http(s) URL' })
  type!: FieldType;

  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }], description: 'Used when a merge leaves the field out; of the field type' })
  default?: FieldValue;
}

const TEMPLATE_NAME_RULES = { maxLength: 200 };

/** POST /v3/templates. */
@ApiExtension('x-extension', true)
export class CreateTemplateDto {
  @RequiredString(TEMPLATE_NAME_RULES, { example: 'listing-teaser' })
  name!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'A create-task body (POST /v3/tasks) whose string values may hold {{field}} placeholders; no webhook secret or headers',
  })
  @CheckedField('objectField', isPlainRecord, 'must be an object: a create-task body whose strings may hold {{field}} placeholders')
  body!: Record<string, unknown>;

  @OptionalField({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(TemplateFieldDto) },
    description: `Up to ${MAX_TEMPLATE_FIELDS} fields, each used by at least one placeholder`,
    example: { title: { type: 'string', default: 'Hello' } },
  })
  @RecordField(MAX_TEMPLATE_FIELDS, fieldDeclarationIssue)
  fields?: TemplateFields;
}

/** POST /v3/templates/{template_id}/tasks; also a batch item with its template_id. */
@ApiExtension('x-extension', true)
export class RenderTemplateDto {
  @OptionalField({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    description: 'A value per field; a field left out takes its default',
    example: { title: 'Seaside flat' },
  })
  @CheckedField('objectField', isPlainRecord, 'must be an object of field values')
  merge?: Record<string, unknown>;

  @OptionalString(REQUEST_ID_RULES, { description: 'Unique per account, as for POST /v3/tasks' })
  request_id?: string;

  @OptionalField({ type: () => WebhookDto, description: "Replaces the template's webhook" })
  @CheckedField('objectField', isPlainRecord, 'must be an object')
  webhook?: Record<string, unknown>;

  @OptionalField({ type: () => MetadataDto, description: "Replaces the template's metadata" })
  @CheckedField('objectField', isPlainRecord, 'must be an object')
  metadata?: Record<string, unknown>;
}

@ApiExtension('x-extension', true)
export class TemplateTaskItemDto extends RenderTemplateDto {
  @ApiProperty({ description: 'The template to render (tpl_ + 26 characters)', example: 'tpl_01m82ey3w9y7j458wxb9m2y1j4' })
  template_id!: string;
}

/** POST /v3/tasks/batch. The items are checked one by one, each as if posted alone. */
@ApiExtension('x-extension', true)
export class CreateTaskBatchDto {
  @ApiProperty({
    type: 'array',
    minItems: 1,
    maxItems: MAX_BATCH_ITEMS,
    items: { oneOf: [{ $ref: getSchemaPath(CreateTaskDto) }, { $ref: getSchemaPath(TemplateTaskItemDto) }] },
    description: 'Create bodies (as POST /v3/tasks) or template renders ({ template_id, merge, … }), admitted in order',
  })
  @CheckedField(
    'batchItems',
    (value) => Array.isArray(value) && value.length >= 1 && value.length <= MAX_BATCH_ITEMS,
    `must be an array of 1 to ${MAX_BATCH_ITEMS} items`,
  )
  tasks!: unknown[];
}

export class ListTemplatesQueryDto {
  @Transform(decimalToNumber, { toClassOnly: true })
  @IntegerField({ min: 1, max: MAX_LIST_LIMIT })
  limit: number = DEFAULT_LIST_LIMIT;

  @Transform(decimalToNumber, { toClassOnly: true })
  @IntegerField({ min: 0, max: MAX_LIST_OFFSET })
  offset: number = 0;
}

export function ApiListTemplatesQuery(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT } }),
    ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 } }),
  );
}

export function validateTemplateListQuery(query: unknown): { limit: number; offset: number } {
  const { limit, offset } = validateQuery(ListTemplatesQueryDto, query);
  return { limit, offset };
}
