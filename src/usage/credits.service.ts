import type { DataSource } from 'typeorm';
import { AccountEntity } from '../auth/account.entity';

/**
 * Prepaid credit balances (accounts.credit_balance_usd). null means unlimited,
 * the default; TasksService charges a create's price against a balance and
 * refunds it when the task fails or is canceled.
 */
export class CreditsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Sets (or with null, lifts) an account's balance; false when no account has that name. */
  async setBalance(accountName: string, usd: number | null): Promise<boolean> {
    if (usd !== null && (!Number.isFinite(usd) || usd < 0)) {
      throw new RangeError(`A credit balance is a finite number of USD >= 0 or null (unlimited); got ${usd}`);
    }
    const result = await this.dataSource.getRepository(AccountEntity).update({ name: accountName }, { creditBalanceUsd: usd });
    return (result.affected ?? 0) > 0;
  }

  /** The balance in USD, null when unlimited, undefined when no account has that name. */
  async balance(accountName: string): Promise<number | null | undefined> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ name: accountName });
    return account ? account.creditBalanceUsd : undefined;
  }
}
