import type { TaskEntity } from './task.entity';
import type { CreateTaskInput, WebhookInput } from '../task-input/task-input.types';

/**
 * The configuration a task was created with, rebuilt from what the task
 * stores: the timeline, the output as the client wrote it (not the resolved
 * one), the webhook (its credentials opened: WebhookCredentials) and the
 * metadata; everything of the create body but its request_id. A retry is
 * created from exactly this.
 */
export function submittedInput(task: TaskEntity, webhook: WebhookInput): CreateTaskInput {
  return {
    model: task.model,
    input: { timeline: task.timeline, output: task.outputRequest },
    webhook,
    metadata: {
      priority: task.priority,
      retention_hours: task.retentionHours,
      tags: task.tags,
      ...(task.userReference !== null ? { user_reference: task.userReference } : {}),
    },
  };
}

/** Where a submitted body holds credentials for the client's own server: never read back. */
function withoutCredentials(webhook: WebhookInput): { webhook: WebhookInput; redacted: string[] } {
  const { secret, headers, ...rest } = webhook;
  const redacted: string[] = [];
  if (secret !== undefined) redacted.push('webhook.secret');
  // Header values are often bearer tokens; their names say what the receiver expects without giving it away.
  for (const name of Object.keys(headers ?? {})) redacted.push(`webhook.headers.${name}`);
  return { webhook: rest, redacted };
}

/**
 * GET /v3/tasks/{task_id}/request: the submitted body with the webhook secret
 * and header values left out (their paths are listed), so a key with read
 * access cannot lift the credentials the client gave its own receiver.
 */
export function submittedRequestView(task: TaskEntity, webhook: WebhookInput) {
  const { webhook: shown, redacted } = withoutCredentials(webhook);
  return {
    task_id: task.id,
    retry_of: task.retryOf,
    request: { version: '3.0' as const, ...(task.requestId !== null ? { request_id: task.requestId } : {}), ...submittedInput(task, shown) },
    redacted_fields: redacted,
  };
}
