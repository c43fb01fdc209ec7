import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { ApiErrorResponses } from '../openapi/api-error-responses.decorator';
import { V3_SUCCESS_HEADERS } from '../openapi/reply-headers';
import { ModelListResponse } from './model.response';
import { listModels } from './model-catalogue';

@ApiTags('models')
@ApiBearerAuth()
@UseGuards(PermissionGuard)
@Controller('v3/models')
export class ModelsController {
  @Get()
  @RequirePermission('models:read')
  @ApiOperation({ summary: 'List rendering models' })
  @ApiOkResponse({ type: ModelListResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses()
  list(): ModelListResponse {
    return { models: listModels() };
  }
}
