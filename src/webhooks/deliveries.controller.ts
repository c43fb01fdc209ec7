import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../auth/auth.types';
import { CurrentPrincipal, PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { DeliveriesService } from './deliveries.service';

@ApiTags('webhooks')
@ApiBearerAuth()
@UseGuards(PermissionGuard)
@Controller('v3/tasks/:taskId/deliveries')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get()
  @RequirePermission('tasks:read')
  @ApiOperation({ summary: "Webhook deliveries of a task's events, with every attempt" })
  list(@CurrentPrincipal() principal: Principal, @Param('taskId') taskId: string) {
    return this.deliveries.list(principal, taskId);
  }

  @Post(':eventId/redeliver')
  @HttpCode(202)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Deliver a failed event again (same id and body)' })
  redeliver(@CurrentPrincipal() principal: Principal, @Param('taskId') taskId: string, @Param('eventId') eventId: string) {
    return this.deliveries.redeliver(principal, taskId, eventId);
  }
}
