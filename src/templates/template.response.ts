import { ApiExtension, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { ErrorEnvelope } from '../common/error-envelope';
import { ErrorBodyResponse } from '../openapi/error.response';
import { PaginationResponse } from '../tasks/task.response';
import { TemplateFieldDto } from './template.dto';
import type { TemplateFields } from './template-merge';

const TEMPLATE_ID = { description: 'Template identifier (prefix tpl_)', example: 'tpl_01m82ey3w9y7j458wxb9m2y1j4' };
const FIELDS = {
  type: 'object',
  additionalProperties: { $ref: getSchemaPath(TemplateFieldDto) },
  example: { title: { type: 'string', default: 'Hello' } },
} as const;

/** POST /v3/templates → 201; an item of GET /v3/templates. */
@ApiExtension('x-extension', true)
export class TemplateSummaryResponse {
  @ApiProperty(TEMPLATE_ID)
  template_id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty(FIELDS)
  fields!: TemplateFields;

  @ApiProperty({ type: 'string', format: 'date-time' })
  created_at!: string;
}

/** GET /v3/templates/{template_id} → 200. */
@ApiExtension('x-extension', true)
export class TemplateResponse extends TemplateSummaryResponse {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The create body with its {{field}} placeholders, as stored' })
  body!: Record<string, unknown>;
}

/** GET /v3/templates → 200, newest first. */
@ApiExtension('x-extension', true)
export class TemplateListResponse {
  @ApiProperty({ type: [TemplateSummaryResponse] })
  templates!: TemplateSummaryResponse[];

  @ApiProperty({ type: PaginationResponse })
  pagination!: PaginationResponse;
}

/** DELETE /v3/templates/{template_id} → 200. */
@ApiExtension('x-extension', true)
export class DeletedTemplateResponse {
  @ApiProperty(TEMPLATE_ID)
  template_id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}

/** One item of a batch: 201 with its task, or the error status and error its create alone would have answered. */
@ApiExtension('x-extension', true)
export class BatchItemResultResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Position of the item in tasks' })
  index!: number;

  @ApiProperty({ type: 'integer', description: '201 when the task was created; otherwise the status a create alone would have answered', example: 201 })
  status!: number;

  @ApiPropertyOptional({ description: 'The created task (status 201)', example: 'tsk_01m82ey3w9y7j458wxb9m2y1j4' })
  task_id?: string;

  @ApiPropertyOptional({ type: ErrorBodyResponse, description: 'The error a create alone would have answered (`error` of the envelope)' })
  error?: ErrorEnvelope['error'];
}

/** POST /v3/tasks/batch → 200. */
@ApiExtension('x-extension', true)
export class BatchResponse {
  @ApiProperty({ type: [BatchItemResultResponse], description: 'One result per item, in the order of tasks' })
  results!: BatchItemResultResponse[];
}
