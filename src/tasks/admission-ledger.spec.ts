import { accountMonthsOf, AdmissionLedger } from './admission-ledger';

const NOVEMBER = Date.UTC(2026, 10, 1);
const DECEMBER = Date.UTC(2026, 11, 1);

function ledger() {
  return new AdmissionLedger({
    queue: [
      { status: 'queued', priorityRank: 1, taskCount: 4, estimatedSeconds: 40 },
      { status: 'queued', priorityRank: 3, taskCount: 2, estimatedSeconds: 30 },
      { status: 'processing', priorityRank: 1, taskCount: 1, estimatedSeconds: 7 },
    ],
    accounts: [
      { accountId: 'acc_a', monthStart: NOVEMBER, createdSince: 9, balanceUsd: 1 },
      { accountId: 'acc_b', monthStart: NOVEMBER, createdSince: 0, balanceUsd: null },
    ],
  });
}

const task = (accountId: string, priorityRank: number, extra: { createdAt?: number; estimatedSeconds?: number; costUsd?: number } = {}) => ({
  accountId,
  priorityRank,
  createdAt: extra.createdAt ?? NOVEMBER + 5_000,
  estimatedSeconds: extra.estimatedSeconds ?? 10,
  costUsd: extra.costUsd ?? 0.25,
});

describe('AdmissionLedger', () => {
  it('counts the queued tasks of the same or a higher rank ahead, and the seconds of those and of every render', () => {
    const books = ledger();
    expect(books.admissionOf(task('acc_a', 2))).toEqual({ createdSince: 9, balanceUsd: 1, ahead: 2, secondsAhead: 30 + 7 });
    expect(books.admissionOf(task('acc_a', 1))).toEqual({ createdSince: 9, balanceUsd: 1, ahead: 6, secondsAhead: 40 + 30 + 7 });
    expect(books.admissionOf(task('acc_a', 4))).toEqual({ createdSince: 9, balanceUsd: 1, ahead: 0, secondsAhead: 7 });
  });

  it('admits each create after the ones counted before it: queue, month and balance', () => {
    const books = ledger();
    books.count(task('acc_a', 3, { estimatedSeconds: 5, costUsd: 0.25 }));
    books.count(task('acc_a', 1, { estimatedSeconds: 8, costUsd: 0.5 }));
    // The rank-3 task is ahead of a new rank-2 one; the rank-1 task is not, and a new rank-1 task comes after both.
    expect(books.admissionOf(task('acc_a', 2))).toEqual({ createdSince: 11, balanceUsd: 0.25, ahead: 3, secondsAhead: 30 + 5 + 7 });
    expect(books.admissionOf(task('acc_a', 1)).ahead).toBe(8);
    // Another account's month and an unlimited balance are untouched.
    books.count(task('acc_b', 2));
    expect(books.admissionOf(task('acc_b', 2))).toMatchObject({ createdSince: 1, balanceUsd: null });
    expect(books.admissionOf(task('acc_a', 2))).toMatchObject({ createdSince: 11, balanceUsd: 0.25 });
  });

  it('keeps months apart, and starts a rank, a month or an account it did not read from nothing', () => {
    const books = ledger();
    const december = task('acc_a', 4, { createdAt: DECEMBER + 1 });
    expect(books.admissionOf(december)).toMatchObject({ createdSince: 0, ahead: 0 });
    books.count(december);
    expect(books.admissionOf(december)).toMatchObject({ createdSince: 1, ahead: 1, secondsAhead: 10 + 7 });
    expect(books.admissionOf(task('acc_a', 4))).toMatchObject({ createdSince: 9 });
    expect(books.admissionOf(task('acc_unknown', 2))).toEqual({ createdSince: 0, balanceUsd: null, ahead: 3, secondsAhead: 30 + 10 + 7 });
  });

  it('never answers negative seconds ahead (the kept sum drifts by float rounding)', () => {
    const drifted = new AdmissionLedger({ queue: [{ status: 'processing', priorityRank: 2, taskCount: 0, estimatedSeconds: -1e-12 }], accounts: [] });
    expect(drifted.admissionOf(task('acc_a', 2)).secondsAhead).toBe(0);
  });

  it('reads each account and month of a batch once', () => {
    const batch = [task('acc_a', 2), task('acc_b', 2), task('acc_a', 3, { createdAt: NOVEMBER + 9_000 }), task('acc_a', 2, { createdAt: DECEMBER })];
    expect(accountMonthsOf(batch)).toEqual([
      { accountId: 'acc_a', monthStart: NOVEMBER },
      { accountId: 'acc_b', monthStart: NOVEMBER },
      { accountId: 'acc_a', monthStart: DECEMBER },
    ]);
  });
});
