import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../auth/auth.types';
import { CurrentPrincipal, PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { validateListQuery } from '../common/validation/validate-body';
import { CreateTaskDto } from './dto/create-task.dto';
import { TasksService } from './tasks.service';

@ApiTags('tasks')
@ApiBearerAuth()
@ApiHeader({ name: 'X-Service-Version', required: false, description: 'API date version; only 2025-01-17' })
@UseGuards(PermissionGuard)
@Controller('v3/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Post()
  @HttpCode(201)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Create a render task' })
  @ApiBody({ type: CreateTaskDto })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    const { task, queuePosition } = await this.tasks.create(principal, body);
    return this.tasks.createdResponse(task, queuePosition);
  }

  @Get()
  @RequirePermission('tasks:read')
  @ApiOperation({ summary: 'List tasks, newest first' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.tasks.list(principal, validateListQuery(query));
  }

  @Get(':taskId')
  @RequirePermission('tasks:read')
  @ApiOperation({ summary: 'Read one task' })
  get(@CurrentPrincipal() principal: Principal, @Param('taskId') taskId: string) {
    return this.tasks.get(principal, taskId);
  }

  @Delete(':taskId')
  @HttpCode(200)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Cancel a queued or processing task' })
  cancel(@CurrentPrincipal() principal: Principal, @Param('taskId') taskId: string) {
    return this.tasks.cancel(principal, taskId);
  }

  @Post(':taskId/retry')
  @HttpCode(201)
  @RequirePermission('tasks:write')
  @ApiOperation({ summary: 'Retry a failed task with the same configuration' })
  retry(@CurrentPrincipal() principal: Principal, @Param('taskId') taskId: string) {
    return this.tasks.retry(principal, taskId);
  }
}
