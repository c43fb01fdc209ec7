import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiExtension, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/auth.types';
import { CurrentPrincipal, PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { rateLimitHeaders } from '../auth/request-gate';
import { ApiErrorResponses } from '../openapi/api-error-responses.decorator';
import { ApiTemplateIdParam } from '../openapi/api-parameters.decorator';
import { V3_SUCCESS_HEADERS } from '../openapi/reply-headers';
import { CreateTaskDto } from '../task-input/create-task.dto';
import { CreatedTaskResponse } from '../tasks/task.response';
import { CREATE_TASK_ERRORS } from '../tasks/tasks.controller';
import { TasksService } from '../tasks/tasks.service';
import { TaskBatches } from './task-batches';
import {
  ApiListTemplatesQuery,
  CreateTaskBatchDto,
  CreateTemplateDto,
  RenderTemplateDto,
  TemplateFieldDto,
  TemplateTaskItemDto,
  validateTemplateListQuery,
} from './template.dto';
import { BatchResponse, DeletedTemplateResponse, TemplateListResponse, TemplateResponse, TemplateSummaryResponse } from './template.response';
import { TemplatesService } from './templates.service';

@ApiTags('templates')
@ApiBearerAuth()
@ApiExtraModels(TemplateFieldDto)
@UseGuards(PermissionGuard)
@Controller('v3/templates')
export class TemplatesController {
  constructor(
    private readonly templates: TemplatesService,
    private readonly tasks: TasksService,
  ) {}

  @Post()
  @HttpCode(201)
  @RequirePermission('templates:write')
  @ApiExtension('x-extension', true)
  @ApiOperation({ summary: 'Store a template: a create body with {{field}} placeholders and its typed fields' })
  @ApiBody({ type: CreateTemplateDto })
  @ApiCreatedResponse({ type: TemplateSummaryResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('VALIDATION_ERROR', 'INVALID_FONT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'MODEL_LIMIT_EXCEEDED', 'TIMELINE_TOO_COMPLEX')
  create(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<TemplateSummaryResponse> {
    return this.templates.create(principal, body);
  }

  @Get()
  @RequirePermission('templates:read')
  @ApiExtension('x-extension', true)
  @ApiOperation({ summary: 'List templates, newest first' })
  @ApiListTemplatesQuery()
  @ApiOkResponse({ type: TemplateListResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('VALIDATION_ERROR')
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<TemplateListResponse> {
    return this.templates.list(principal, validateTemplateListQuery(query));
  }

  @Get(':template_id')
  @RequirePermission('templates:read')
  @ApiExtension('x-extension', true)
  @ApiOperation({ summary: 'Read one template with its body' })
  @ApiTemplateIdParam()
  @ApiOkResponse({ type: TemplateResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('TEMPLATE_NOT_FOUND')
  get(@CurrentPrincipal() principal: Principal, @Param('template_id') templateId: string): Promise<TemplateResponse> {
    return this.templates.get(principal, templateId);
  }

  @Delete(':template_id')
  @HttpCode(200)
  @RequirePermission('templates:write')
  @ApiExtension('x-extension', true)
  @ApiOperation({ summary: 'Delete a template (tasks made from it are not touched)' })
  @ApiTemplateIdParam()
  @ApiOkResponse({ type: DeletedTemplateResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('TEMPLATE_NOT_FOUND')
  delete(@CurrentPrincipal() principal: Principal, @Param('template_id') templateId: string): Promise<DeletedTemplateResponse> {
    return this.templates.delete(principal, templateId);
  }

  @Post(':template_id/tasks')
  @HttpCode(201)
  @RequirePermission('tasks:write', 'templates:read')
  @ApiExtension('x-extension', true)
  @ApiOperation({ summary: 'Render a template: its body merged with the values, created as POST /v3/tasks would' })
  @ApiTemplateIdParam()
  @ApiBody({ type: RenderTemplateDto })
  @ApiCreatedResponse({ type: CreatedTaskResponse, headers: V3_SUCCESS_HEADERS, description: 'The task is queued' })
  @ApiErrorResponses('TEMPLATE_NOT_FOUND', ...CREATE_TASK_ERRORS)
  async render(@CurrentPrincipal() principal: Principal, @Param('template_id') templateId: string, @Body() body: unknown): Promise<CreatedTaskResponse> {
    const { task, queuePosition } = await this.templates.createTask(principal, templateId, body);
    return this.tasks.createdResponse(task, queuePosition);
  }
}

@ApiTags('tasks')
@ApiBearerAuth()
@ApiExtraModels(CreateTaskDto, TemplateTaskItemDto)
@UseGuards(PermissionGuard)
@Controller('v3/tasks')
export class TaskBatchController {
  constructor(private readonly batches: TaskBatches) {}

  @Post('batch')
  @HttpCode(200)
  @RequirePermission('tasks:write')
  @ApiExtension('x-extension', true)
  @ApiOperation({ summary: 'Create up to 100 tasks, each admitted as if posted alone; one result per item, in order' })
  @ApiBody({ type: CreateTaskBatchDto })
  @ApiOkResponse({ type: BatchResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE')
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BatchResponse> {
    const { results, rateLimit } = await this.batches.create(principal, body, String(request.id));
    // The gate's headers were taken before the items' counts.
    if (rateLimit !== null) reply.headers(rateLimitHeaders(rateLimit));
    return { results };
  }
}
