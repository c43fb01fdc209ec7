import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber } from '../database/columns';
import type { TaskStatus } from './task.types';

/**
 * What the triggers of migrations DataScale and DayCounts keep as tasks
 * change: read by the code, never written by it.
 */
@Entity({ name: 'queue_totals' })
export class QueueTotalEntity {
  /** queued or processing. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  status!: TaskStatus;

  @PrimaryColumn({ name: 'priority_rank', type: 'integer' })
  priorityRank!: number;

  @Column({ name: 'task_count', type: 'integer' })
  taskCount!: number;

  @Column({ name: 'estimated_seconds', type: 'double precision', transformer: asNumber })
  estimatedSeconds!: number;
}

/** Per account, period of creation (the subclass's key) and status: how many tasks. */
abstract class AccountTaskCount {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 40 })
  accountId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  status!: TaskStatus;

  @Column({ name: 'task_count', type: 'integer' })
  taskCount!: number;
}

@Entity({ name: 'account_task_counts' })
export class AccountTaskCountEntity extends AccountTaskCount {
  /** The first millisecond (UTC) of the month the tasks were created in. */
  @PrimaryColumn({ name: 'month_start', type: 'bigint', transformer: asNumber })
  monthStart!: number;
}

/**
 * The same per UTC day of creation (migration DayCounts), with what a usage
 * adds up (migration UsageDays): what a list's total over a time range and a
 * period's usage sum.
 */
@Entity({ name: 'account_task_days' })
export class AccountTaskDayEntity extends AccountTaskCount {
  /** The first millisecond (UTC) of the day the tasks were created on. */
  @PrimaryColumn({ name: 'day_start', type: 'bigint', transformer: asNumber })
  dayStart!: number;

  /** Their processing time (docs/usage.md, `total_processing_minutes`). */
  @Column({ name: 'processing_ms', type: 'bigint', transformer: asNumber })
  processingMs!: number;

  /** Their output duration as asked for. */
  @Column({ name: 'output_ms', type: 'bigint', transformer: asNumber })
  outputMs!: number;

  /** Their prices. */
  @Column({ name: 'cost_micro_usd', type: 'bigint', transformer: asNumber })
  costMicroUsd!: number;
}
