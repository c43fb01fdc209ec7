import type { WebhookEventType } from '../task-input/task-input.types';

export interface EventEnvelope<D = Record<string, unknown>> {
  event: WebhookEventType;
  timestamp: string;
  task_id: string;
  data: D;
}

/**
 * The exact bytes of a webhook body: compact UTF-8 JSON of the spec's envelope.
 * They are made once, stored in the outbox, and sent (and signed) unchanged on
 * every attempt.
 */
export function serializeEvent(type: WebhookEventType, taskId: string, at: number, data: Record<string, unknown>): string {
  const envelope: EventEnvelope = { event: type, timestamp: new Date(at).toISOString(), task_id: taskId, data };
  return JSON.stringify(envelope);
}
