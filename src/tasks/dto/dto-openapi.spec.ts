import SwaggerParser from '@apidevtools/swagger-parser';
import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBody, type OpenAPIObject } from '@nestjs/swagger';
import { documentOf, parametersOf } from '../../../test/support/dto-document';
import { CreateTaskDto } from './create-task.dto';
import { ListTasksQueryDto } from './list-tasks-query.dto';

@Controller('v3')
class DocumentedController {
  @Post('tasks')
  @ApiBody({ type: CreateTaskDto })
  create(@Body() body: unknown) {
    return body;
  }

  @Get('tasks')
  list(@Query() query: ListTasksQueryDto) {
    return query;
  }
}

type Schema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

describe('OpenAPI document generated from the DTOs', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    document = await documentOf(DocumentedController);
  });

  const schema = (name: string): Schema => document.components?.schemas?.[name] as Schema;

  it('is a valid OpenAPI document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('describes the body with its required fields', () => {
    expect(schema('CreateTaskDto').required).toEqual(['input', 'webhook']);
    expect(schema('TaskInputDto').required).toEqual(['timeline', 'output']);
    expect(schema('OutputDto').required).toEqual(['resolution']);
    expect(schema('WebhookDto').required).toEqual(['url']);
    expect(schema('SubtitleClipPropertiesDto').properties?.preset.enum).toContain('wechat-video');
  });

  it('documents clip properties as any of the three property schemas (none has a required key)', () => {
    const properties = schema('ClipDto').properties?.properties as { anyOf: Array<{ $ref: string }> };
    expect(properties.anyOf.map((ref) => ref.$ref)).toEqual([
      '#/components/schemas/VideoClipPropertiesDto',
      '#/components/schemas/AudioClipPropertiesDto',
      '#/components/schemas/SubtitleClipPropertiesDto',
    ]);
    expect(schema('AudioClipPropertiesDto').properties?.volume).toMatchObject({ minimum: 0, maximum: 10 });
  });

  it('documents the list query parameters with their defaults', () => {
    const list = parametersOf(document, '/v3/tasks');
    expect(list.map((p) => p.name).sort()).toEqual(['created_after', 'created_before', 'limit', 'offset', 'status']);
    expect(list.find((p) => p.name === 'limit')?.schema).toMatchObject({ default: 20, maximum: 100 });
  });
});
