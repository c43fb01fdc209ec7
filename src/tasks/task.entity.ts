import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber, jsonText } from '../database/columns';
import type { ModelId, OutputInput, OutputQuality, Priority, ResolvedOutput, TimelineInput, WebhookInput } from '../task-input/task-input.types';
import type { PhaseName, PhaseState, StoredOutput, TaskErrorRecord, TaskStatus } from './task.types';

@Entity({ name: 'tasks' })
export class TaskEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId!: string;

  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: TaskStatus;

  @Column({ type: 'varchar', length: 16 })
  priority!: Priority;

  /** urgent 4, high 3, standard 2, low 1: what queue position sorts on. */
  @Column({ name: 'priority_rank', type: 'integer' })
  priorityRank!: number;

  @Column({ type: 'varchar', length: 16 })
  model!: ModelId;

  @Column({ type: 'text', transformer: jsonText<TimelineInput>() })
  timeline!: TimelineInput;

  /** The output settings with defaults applied. */
  @Column({ name: 'output_settings', type: 'text', transformer: jsonText<ResolvedOutput>() })
  outputSettings!: ResolvedOutput;

  /** The create body's `input.output` as the client sent it (for retries). */
  @Column({ name: 'output_request', type: 'text', transformer: jsonText<OutputInput>() })
  outputRequest!: OutputInput;

  /**
   * The webhook as submitted but for its credentials, which `webhookCredentials` holds sealed;
   * a row not sealed yet (written before sealing existed) still holds them here.
   */
  @Column({ type: 'text', transformer: jsonText<WebhookInput>() })
  webhook!: WebhookInput;

  /** The webhook's secret and header values, sealed by WebhookCredentials; null in a row not sealed yet. */
  @Column({ name: 'webhook_credentials', type: 'text', nullable: true })
  webhookCredentials!: string | null;

  @Column({ name: 'user_reference', type: 'varchar', length: 256, nullable: true })
  userReference!: string | null;

  @Column({ type: 'text', transformer: jsonText<string[]>() })
  tags!: string[];

  @Column({ name: 'retention_hours', type: 'integer' })
  retentionHours!: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: asNumber })
  createdAt!: number;

  @Column({ name: 'started_at', type: 'bigint', nullable: true, transformer: asNumber })
  startedAt!: number | null;

  @Column({ name: 'completed_at', type: 'bigint', nullable: true, transformer: asNumber })
  completedAt!: number | null;

  @Column({ name: 'failed_at', type: 'bigint', nullable: true, transformer: asNumber })
  failedAt!: number | null;

  @Column({ name: 'canceled_at', type: 'bigint', nullable: true, transformer: asNumber })
  canceledAt!: number | null;

  @Column({ name: 'canceled_by', type: 'varchar', length: 16, nullable: true })
  canceledBy!: 'user_request' | 'system' | null;

  @Column({ name: 'progress_percentage', type: 'integer' })
  progressPercentage!: number;

  @Column({ name: 'progress_phase', type: 'varchar', length: 16, nullable: true })
  progressPhase!: PhaseName | 'completed' | null;

  @Column({ type: 'text', transformer: jsonText<Record<PhaseName, PhaseState>>() })
  phases!: Record<PhaseName, PhaseState>;

  @Column({ type: 'text', nullable: true, transformer: jsonText<StoredOutput>() })
  output!: StoredOutput | null;

  @Column({ type: 'text', nullable: true, transformer: jsonText<TaskErrorRecord>() })
  error!: TaskErrorRecord | null;

  @Column({ name: 'estimated_seconds', type: 'double precision', transformer: asNumber })
  estimatedSeconds!: number;

  @Column({ name: 'processing_seconds', type: 'double precision', nullable: true, transformer: asNumber })
  processingSeconds!: number | null;

  /** The output quality (also inside output_settings), a column so the estimate model can filter on it. */
  @Column({ type: 'varchar', length: 16 })
  quality!: OutputQuality;

  /** Output megapixels × frames: what the estimate model divides time by. */
  @Column({ name: 'work_units', type: 'double precision', transformer: asNumber })
  workUnits!: number;

  @Column({ name: 'output_minutes', type: 'double precision', transformer: asNumber })
  outputMinutes!: number;

  @Column({ name: 'cost_usd', type: 'double precision', transformer: asNumber })
  costUsd!: number;

  @Column({ name: 'retry_of', type: 'varchar', length: 40, nullable: true })
  retryOf!: string | null;
  @Column({ name: 'retried_by', type: 'varchar', length: 40, nullable: true })
  retriedBy!: string | null;

  @Column({ name: 'retry_count', type: 'integer' })
  retryCount!: number;

  /** How many times a worker began this render (crashes re-run it). */
  @Column({ name: 'render_attempts', type: 'integer' })
  renderAttempts!: number;

  /** The owning key's concurrent-render allowance when the task was created. */
  @Column({ name: 'concurrency_limit', type: 'integer' })
  concurrencyLimit!: number;

  @Column({ name: 'worker_id', type: 'varchar', length: 120, nullable: true })
  workerId!: string | null;

  @Column({ name: 'updated_at', type: 'bigint', transformer: asNumber })
  updatedAt!: number;
}
