import type { Logger } from 'pino';
import type { Principal } from '../auth/auth.types';
import { requirePermission } from '../auth/permission.guard';
import type { RateDecision } from '../auth/rate-limiter';
import { keyRateSubject, rateLimitExceeded } from '../auth/request-gate';
import { ApiError } from '../common/api-error';
import { mapError } from '../common/error-envelope';
import { isPlainRecord } from '../common/validation/field-rules.decorator';
import { inspectDto, validationError } from '../common/validation/validate-body';
import type { TasksService } from '../tasks/tasks.service';
import { CreateTaskBatchDto } from './template.dto';
import type { BatchItemResultResponse } from './template.response';
import type { TemplatesService } from './templates.service';

export interface TaskBatchesDeps {
  tasks: TasksService;
  templates: TemplatesService;
  /** The rate limiter of the request gate: a batch takes one count of the key's window per task it creates. */
  limiter: { consume(subject: string, limit: number): Promise<RateDecision> };
  logger: Logger;
}

/**
 * POST /v3/tasks/batch: each item admitted in order exactly as if it were
 * posted alone (POST /v3/tasks, or POST /v3/templates/{id}/tasks for an item
 * with a template_id): its own checks, request_id, quota, credits and events.
 * An item that is refused is reported with the status and error it would have
 * had alone; the others go on.
 */
export class TaskBatches {
  constructor(private readonly deps: TaskBatchesDeps) {}

  /** The results, and the key's rate-limit window after the last count a created task took (null if none was created). */
  async create(principal: Principal, raw: unknown, requestId: string): Promise<{ results: BatchItemResultResponse[]; rateLimit: RateDecision | null }> {
    const { value, issues } = inspectDto(CreateTaskBatchDto, raw);
    if (issues.length > 0) throw validationError('The request body', issues);
    const results = [];
    let rateLimit: RateDecision | null = null;
    // The batch's own request was counted by the gate; each task is counted as the admission creates it.
    const takeRateCount = async () => {
      rateLimit = await this.deps.limiter.consume(keyRateSubject(principal.keyId), principal.limits.requestsPerMinute);
      if (!rateLimit.allowed) throw rateLimitExceeded(rateLimit);
    };
    // One after the other: an item's request_id and quota see the items before it.
    for (const [index, item] of value.tasks.entries()) results.push(await this.createItem(principal, item, index, requestId, takeRateCount));
    return { results, rateLimit };
  }

  private async createItem(
    principal: Principal,
    item: unknown,
    index: number,
    requestId: string,
    takeRateCount: () => Promise<void>,
  ): Promise<BatchItemResultResponse> {
    try {
      const { task } = await this.admit(principal, item, takeRateCount);
      return { index, status: 201, task_id: task.id };
    } catch (error) {
      if (!(error instanceof ApiError)) this.deps.logger.error({ err: error, request_id: requestId, index }, 'a batch item failed');
      const { status, body } = mapError(error, requestId);
      return { index, status, error: body.error };
    }
  }

  private admit(principal: Principal, item: unknown, beforeCommit: () => Promise<void>) {
    if (!isPlainRecord(item) || !Object.hasOwn(item, 'template_id')) return this.deps.tasks.create(principal, item, beforeCommit);
    requirePermission(principal, 'templates:read');
    const { template_id: templateId, ...request } = item;
    return this.deps.templates.createTask(principal, String(templateId), request, beforeCommit);
  }
}
