import { utcMonthOf } from '../common/utc-month';
import type { TaskEntity } from './task.entity';

/** A row of `queue_totals` (migration KeptQueueTotals): the tasks of one status and priority rank, and their estimated seconds. */
export interface QueueTotal {
  status: string;
  priorityRank: number;
  taskCount: number;
  estimatedSeconds: number;
}

/** An account's month as a create's admission reads it: its tasks created in that UTC month (`account_month_tasks`), and its balance. */
export interface AccountMonth {
  accountId: string;
  monthStart: number;
  createdSince: number;
  /** The account's credit balance in USD; null when unlimited (or no such account). */
  balanceUsd: number | null;
}

/** The kept totals read at the start of a batch of creates. */
export interface AdmissionTotals {
  queue: QueueTotal[];
  accounts: AccountMonth[];
}

/** What a create is admitted against: its account's month so far, its balance, and the queue ahead of it. */
export interface Admission {
  createdSince: number;
  balanceUsd: number | null;
  ahead: number;
  secondsAhead: number;
}

export type AdmittedTask = Pick<TaskEntity, 'accountId' | 'createdAt' | 'priorityRank' | 'estimatedSeconds' | 'costUsd'>;

const monthKey = (accountId: string, monthStart: number) => `${accountId}\n${monthStart}`;

/** The accounts and UTC months a batch of tasks is created in, each once: what its admission reads. */
export function accountMonthsOf(tasks: ReadonlyArray<Pick<TaskEntity, 'accountId' | 'createdAt'>>): Array<{ accountId: string; monthStart: number }> {
  const months = new Map<string, { accountId: string; monthStart: number }>();
  for (const { accountId, createdAt } of tasks) {
    const monthStart = utcMonthOf(createdAt).start;
    months.set(monthKey(accountId, monthStart), { accountId, monthStart });
  }
  return [...months.values()];
}

/**
 * The kept totals as a batch of creates moves them. A batch reads the totals once; each create is
 * admitted against them, then counted as the `tasks` insert trigger will count it when the batch's
 * rows are written (and its charge deducted), so the next create of the batch sees it, as it would
 * have seen the rows had each create been written alone.
 */
export class AdmissionLedger {
  private readonly queue = new Map<string, QueueTotal>();
  private readonly months = new Map<string, number>();
  private readonly balances = new Map<string, number | null>();

  constructor(totals: AdmissionTotals) {
    for (const row of totals.queue) this.queue.set(`${row.status}\n${row.priorityRank}`, { ...row });
    for (const account of totals.accounts) {
      this.months.set(monthKey(account.accountId, account.monthStart), account.createdSince);
      this.balances.set(account.accountId, account.balanceUsd);
    }
  }

  /** The queue counts what waits (queued at this rank or above) and what renders or waits before it (seconds). */
  admissionOf(task: Pick<TaskEntity, 'accountId' | 'createdAt' | 'priorityRank'>): Admission {
    let ahead = 0;
    let secondsAhead = 0;
    for (const row of this.queue.values()) {
      if (row.status === 'queued' && row.priorityRank >= task.priorityRank) ahead += row.taskCount;
      if (row.status === 'processing' || row.priorityRank >= task.priorityRank) secondsAhead += row.estimatedSeconds;
    }
    return {
      createdSince: this.months.get(monthKey(task.accountId, utcMonthOf(task.createdAt).start)) ?? 0,
      balanceUsd: this.balances.get(task.accountId) ?? null,
      ahead,
      // The kept sum of estimates drifts by float rounding; it never goes below nothing.
      secondsAhead: Math.max(0, secondsAhead),
    };
  }

  /** Counts a new (queued) task as the insert trigger does, and deducts its price from a limited balance. */
  count(task: AdmittedTask): void {
    const key = `queued\n${task.priorityRank}`;
    const row = this.queue.get(key) ?? { status: 'queued', priorityRank: task.priorityRank, taskCount: 0, estimatedSeconds: 0 };
    this.queue.set(key, { ...row, taskCount: row.taskCount + 1, estimatedSeconds: row.estimatedSeconds + task.estimatedSeconds });
    const month = monthKey(task.accountId, utcMonthOf(task.createdAt).start);
    this.months.set(month, (this.months.get(month) ?? 0) + 1);
    const balance = this.balances.get(task.accountId) ?? null;
    if (balance !== null) this.balances.set(task.accountId, balance - task.costUsd);
  }
}
