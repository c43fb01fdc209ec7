import type { Database } from '../database/database';
import { newId } from '../common/ids';
import { AccountEntity } from './account.entity';

/** Account rows: names, and the prepaid credit balances (null = unlimited). */
export class AccountsRepository {
  constructor(private readonly db: Database) {}

  all(): Promise<AccountEntity[]> {
    return this.db.run((m) => m.find(AccountEntity));
  }

  findById(accountId: string): Promise<AccountEntity | null> {
    return this.db.run((m) => m.findOneBy(AccountEntity, { id: accountId }));
  }

  findByName(name: string): Promise<AccountEntity | null> {
    return this.db.run((m) => m.findOneBy(AccountEntity, { name }));
  }

  /** The account of that name, created on first use; two concurrent first uses get the same account. */
  async findOrCreate(name: string, now: number): Promise<AccountEntity> {
    const existing = await this.findByName(name);
    if (existing) return existing;
    const account = Object.assign(new AccountEntity(), { id: newId('acc'), name, creditBalanceUsd: null, createdAt: now });
    await this.db
      .run((m) => m.insert(AccountEntity, account))
      .catch(async (error: unknown) => {
        if (!(await this.findByName(name))) throw error;
      });
    return (await this.findByName(name)) ?? account;
  }

  /**
   * Serializes per-account decisions (quota, concurrency allowance, credits)
   * between units of work: PostgreSQL locks the account row until the unit of
   * work ends. SQLite runs one unit of work at a time anyway.
   */
  async lock(accountId: string): Promise<void> {
    if (!this.db.isPostgres) return;
    await this.db.run((m) =>
      m.createQueryBuilder(AccountEntity, 'account').select('account.id').where({ id: accountId }).setLock('pessimistic_write').getRawOne(),
    );
  }

  /** Sets (null: lifts) the balance; false when no account has that name. */
  async setBalance(name: string, usd: number | null): Promise<boolean> {
    const result = await this.db.run((m) => m.update(AccountEntity, { name }, { creditBalanceUsd: usd }));
    return (result.affected ?? 0) > 0;
  }

  /**
   * Deducts `usd` in one conditional UPDATE, so concurrent charges cannot
   * overdraw; an unlimited (null) balance stays null. False only when the
   * balance is limited and too low, or no account has that id.
   */
  async deduct(accountId: string, usd: number): Promise<boolean> {
    const result = await this.db.run((m) =>
      m
        .createQueryBuilder()
        .update(AccountEntity)
        .set({ creditBalanceUsd: () => 'credit_balance_usd - :cost' })
        .where('id = :accountId AND (credit_balance_usd IS NULL OR credit_balance_usd >= :cost)', { accountId, cost: usd })
        .execute(),
    );
    return (result.affected ?? 0) > 0;
  }

  async credit(accountId: string, usd: number): Promise<void> {
    await this.db.run((m) =>
      m
        .createQueryBuilder()
        .update(AccountEntity)
        .set({ creditBalanceUsd: () => 'credit_balance_usd + :cost' })
        .where('id = :accountId AND credit_balance_usd IS NOT NULL', { accountId, cost: usd })
        .execute(),
    );
  }
}
