import { ApiParam } from '@nestjs/swagger';

/* The path parameters several features share. Each query's parameters are described next to its DTO. */

export function ApiTaskIdParam(): MethodDecorator & ClassDecorator {
  return ApiParam({
    name: 'task_id',
    description: 'Task identifier (tsk_ + 26 characters)',
    example: 'tsk_01m82ey3w9y7j458wxb9m2y1j4',
    schema: { type: 'string', pattern: '^tsk_[0-9a-z]{26}$' },
  });
}

export function ApiTemplateIdParam(): MethodDecorator & ClassDecorator {
  return ApiParam({
    name: 'template_id',
    description: 'Template identifier (tpl_ + 26 characters)',
    example: 'tpl_01m82ey3w9y7j458wxb9m2y1j4',
    schema: { type: 'string', pattern: '^tpl_[0-9a-z]{26}$' },
  });
}

export function ApiEventIdParam(): MethodDecorator & ClassDecorator {
  return ApiParam({ name: 'event_id', description: 'Event identifier (the webhook-id of the delivery)', schema: { type: 'string' } });
}
