import { ApiError } from '../common/api-error';
import type { AccountsRepository } from './accounts.repository';

/**
 * Prepaid credit balances (accounts.credit_balance_usd). null means unlimited,
 * the default. A render's price is charged when the task is created and
 * refunded when it fails or is canceled, in the caller's unit of work.
 */
export class CreditsService {
  constructor(private readonly accounts: AccountsRepository) {}

  /** Sets (or with null, lifts) an account's balance; false when no account has that name. */
  async setBalance(accountName: string, usd: number | null): Promise<boolean> {
    if (usd !== null && (!Number.isFinite(usd) || usd < 0)) {
      throw new RangeError(`A credit balance is a finite number of USD >= 0 or null (unlimited); got ${usd}`);
    }
    return this.accounts.setBalance(accountName, usd);
  }

  /** The balance in USD, null when unlimited, undefined when no account has that name. */
  async balance(accountName: string): Promise<number | null | undefined> {
    const account = await this.accounts.findByName(accountName);
    return account ? account.creditBalanceUsd : undefined;
  }

  /** Charges a render's price; 402 INSUFFICIENT_CREDITS when a limited balance cannot pay it. */
  async charge(accountId: string, costUsd: number): Promise<void> {
    if (await this.accounts.deduct(accountId, costUsd)) return;
    const account = await this.accounts.findById(accountId);
    if (account && account.creditBalanceUsd !== null) throw insufficientCredits(costUsd, account.creditBalanceUsd);
  }

  refund(accountId: string, costUsd: number): Promise<void> {
    return this.accounts.credit(accountId, costUsd);
  }
}

/** Prices are in millionths of a dollar; a balance after many charges carries binary fractions below that. */
const toMicroUsd = (usd: number) => Math.round(usd * 1e6) / 1e6;

function insufficientCredits(costUsd: number, balanceUsd: number): ApiError {
  const balance = toMicroUsd(balanceUsd);
  return new ApiError('INSUFFICIENT_CREDITS', `This render costs ${costUsd} USD; the account balance is ${balance} USD`, {
    details: { required_usd: costUsd, balance_usd: balance },
    suggestedAction: 'Add credits to the account or lower the quality, duration or priority',
  });
}
