import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber } from '../database/columns';
import type { WebhookEventType } from '../task-input/task-input.types';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

/**
 * The outbox: one row per event, written in the same transaction as the state
 * change it reports. `body` is the exact JSON sent (and signed) on every attempt;
 * the delivery columns track where that event's webhook stands.
 */
@Entity({ name: 'task_events' })
export class TaskEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ name: 'task_id', type: 'varchar', length: 40 })
  taskId!: string;
  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId!: string;

  /** Order of the event within its task (1, 2, …). */
  @Column({ type: 'integer' })
  seq!: number;

  @Column({ type: 'varchar', length: 32 })
  type!: WebhookEventType;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: asNumber })
  createdAt!: number;

  @Column({ name: 'delivery_status', type: 'varchar', length: 16 })
  deliveryStatus!: DeliveryStatus;

  @Column({ name: 'attempt_count', type: 'integer' })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'bigint', nullable: true, transformer: asNumber })
  nextAttemptAt!: number | null;

  @Column({ name: 'last_http_status', type: 'integer', nullable: true })
  lastHttpStatus!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'finished_at', type: 'bigint', nullable: true, transformer: asNumber })
  finishedAt!: number | null;
}
