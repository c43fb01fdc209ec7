import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_EVENT_TYPES } from '../task-input/input-values';
import type { WebhookEventType } from '../task-input/task-input.types';
import type { DeliveryStatus } from '../tasks/task-event.entity';

const TIMESTAMP = { type: 'string', format: 'date-time' } as const;
const NULLABLE_TIMESTAMP = { ...TIMESTAMP, nullable: true } as const;
// A record, so a new DeliveryStatus without a place here fails to compile.
const DELIVERY_STATUS_SET: Record<DeliveryStatus, true> = { pending: true, delivered: true, failed: true, skipped: true };
const DELIVERY_STATUSES = Object.keys(DELIVERY_STATUS_SET);

export class DeliveryAttemptResponse {
  @ApiProperty({ type: 'integer', minimum: 1 })
  attempt!: number;

  @ApiProperty(TIMESTAMP)
  started_at!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  duration_ms!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'null when no HTTP answer arrived' })
  http_status!: number | null;

  @ApiProperty({ type: 'string', nullable: true })
  error!: string | null;
}

export class DeliveryResponse {
  @ApiProperty({ description: 'The webhook-id of the event' })
  event_id!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType' })
  event!: WebhookEventType;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Order of the event within its task' })
  sequence!: number;

  @ApiProperty({ enum: DELIVERY_STATUSES, enumName: 'DeliveryStatus' })
  status!: DeliveryStatus;

  @ApiProperty(TIMESTAMP)
  created_at!: string;

  @ApiProperty(NULLABLE_TIMESTAMP)
  finished_at!: string | null;

  @ApiProperty({ ...NULLABLE_TIMESTAMP, description: 'Set while the delivery is pending' })
  next_attempt_at!: string | null;

  @ApiProperty({ type: [DeliveryAttemptResponse] })
  attempts!: DeliveryAttemptResponse[];
}

/** GET /v3/tasks/{task_id}/deliveries → 200. */
export class DeliveryListResponse {
  @ApiProperty()
  task_id!: string;

  @ApiProperty({ type: [DeliveryResponse] })
  deliveries!: DeliveryResponse[];
}

/** POST /v3/tasks/{task_id}/deliveries/{event_id}/redeliver → 202. */
export class RedeliveryResponse {
  @ApiProperty()
  event_id!: string;

  @ApiProperty({ enum: ['pending'] })
  status!: 'pending';

  @ApiProperty()
  message!: string;
}
