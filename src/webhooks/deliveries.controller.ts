import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../auth/auth.types';
import { CurrentPrincipal, PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { ApiErrorResponses } from '../openapi/api-error-responses.decorator';
import { ApiEventIdParam, ApiTaskIdParam } from '../openapi/api-parameters.decorator';
import { V3_SUCCESS_HEADERS } from '../openapi/reply-headers';
import { DeliveryListResponse, RedeliveryResponse } from './delivery.response';
import { DeliveriesService } from './deliveries.service';

@ApiTags('webhooks')
@ApiBearerAuth()
@ApiTaskIdParam()
@UseGuards(PermissionGuard)
@Controller('v3/tasks/:task_id/deliveries')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get()
  @RequirePermission('tasks:read')
  @ApiOperation({ summary: "Webhook deliveries of a task's events, with every attempt" })
  @ApiOkResponse({ type: DeliveryListResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses('TASK_NOT_FOUND')
  list(@CurrentPrincipal() principal: Principal, @Param('task_id') taskId: string): Promise<DeliveryListResponse> {
    return this.deliveries.list(principal, taskId);
  }

  @Post(':event_id/redeliver')
  @HttpCode(202)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Deliver a failed event again (same id and body)' })
  @ApiEventIdParam()
  @ApiAcceptedResponse({ type: RedeliveryResponse, headers: V3_SUCCESS_HEADERS, description: 'The event is pending delivery again' })
  @ApiErrorResponses('TASK_NOT_FOUND', 'DELIVERY_NOT_FOUND', 'DELIVERY_NOT_REDELIVERABLE')
  redeliver(@CurrentPrincipal() principal: Principal, @Param('task_id') taskId: string, @Param('event_id') eventId: string): Promise<RedeliveryResponse> {
    return this.deliveries.redeliver(principal, taskId, eventId);
  }
}
