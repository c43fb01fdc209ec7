import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../auth/auth.types';
import { CurrentPrincipal, PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { ApiUsageQuery, validateUsageQuery } from './usage-query.dto';
import { ApiErrorResponses } from '../openapi/api-error-responses.decorator';
import { V3_SUCCESS_HEADERS } from '../openapi/reply-headers';
import { UsageRecordResponse } from './usage.response';
import { UsageService } from './usage.service';

@ApiTags('usage')
@ApiBearerAuth()
@UseGuards(PermissionGuard)
@Controller('v3/usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @RequirePermission('usage:read')
  @ApiOperation({ summary: 'Usage statistics, limits and costs for a period (UTC)' })
  @ApiUsageQuery()
  @ApiOkResponse({ type: UsageRecordResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('VALIDATION_ERROR')
  get(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<UsageRecordResponse> {
    return this.usage.usage(principal, validateUsageQuery(query));
  }
}
