import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { listModels } from './model-catalogue';

@ApiTags('models')
@ApiBearerAuth()
@UseGuards(PermissionGuard)
@Controller('v3/models')
export class ModelsController {
  @Get()
  @RequirePermission('models:read')
  @ApiOperation({ summary: 'List rendering models' })
  list() {
    return { models: listModels() };
  }
}
