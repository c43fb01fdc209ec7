import type { Database } from '../database/database';
import { newId } from '../common/ids';
import { AccountEntity } from './account.entity';

/** Account rows: names, and the prepaid credit balances (null = unlimited). */
export class AccountsRepository {
  constructor(private readonly db: Database) {}

  private repo() {
    return this.db.repository(AccountEntity);
  }

  all(): Promise<AccountEntity[]> {
    return this.repo().find();
  }

  findById(accountId: string): Promise<AccountEntity | null> {
    return this.repo().findOneBy({ id: accountId });
  }

  findByName(name: string): Promise<AccountEntity | null> {
    return this.repo().findOneBy({ name });
  }

  /** The account of that name, created on first use; two concurrent first uses get the same account. */
  async findOrCreate(name: string, now: number): Promise<AccountEntity> {
    const existing = await this.findByName(name);
    if (existing) return existing;
    const account = this.repo().create({ id: newId('acc'), name, creditBalanceUsd: null, createdAt: now });
    await this.repo()
      .insert(account)
      .catch(async (error: unknown) => {
        if (!(await this.findByName(name))) throw error;
      });
    return (await this.findByName(name)) ?? account;
  }

  /**
   * Serializes per-account decisions (quota, concurrency allowance, credits)
   * between units of work. PostgreSQL locks the account row; SQLite units of
   * work are already serialized by Database.
   */
  async lock(accountId: string): Promise<void> {
    if (!this.db.isPostgres) return;
    await this.db.manager().query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  }

  /** Sets (null: lifts) the balance; false when no account has that name. */
  async setBalance(name: string, usd: number | null): Promise<boolean> {
    const result = await this.repo().update({ name }, { creditBalanceUsd: usd });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Deducts `usd` in one conditional UPDATE, so concurrent charges cannot
   * overdraw; an unlimited (null) balance stays null. False only when the
   * balance is limited and too low, or no account has that id: one statement
   * on a create's path, whatever the balance.
   */
  async deduct(accountId: string, usd: number): Promise<boolean> {
    const result = await this.repo()
      .createQueryBuilder()
      .update(AccountEntity)
      .set({ creditBalanceUsd: () => 'credit_balance_usd - :cost' })
      .where('id = :accountId AND (credit_balance_usd IS NULL OR credit_balance_usd >= :cost)', { accountId, cost: usd })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async credit(accountId: string, usd: number): Promise<void> {
    await this.repo()
      .createQueryBuilder()
      .update(AccountEntity)
      .set({ creditBalanceUsd: () => 'credit_balance_usd + :cost' })
      .where('id = :accountId AND credit_balance_usd IS NOT NULL', { accountId, cost: usd })
      .execute();
  }
}
