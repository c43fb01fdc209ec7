import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber } from '../database/columns';

@Entity({ name: 'delivery_attempts' })
export class DeliveryAttemptEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ name: 'event_id', type: 'varchar', length: 40 })
  eventId!: string;

  @Column({ name: 'attempt_no', type: 'integer' })
  attemptNo!: number;

  @Column({ name: 'started_at', type: 'bigint', transformer: asNumber })
  startedAt!: number;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @Column({ name: 'http_status', type: 'integer', nullable: true })
  httpStatus!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;
}
