import type { EntityManager } from 'typeorm';
import { AccountEntity } from '../auth/account.entity';
import { ApiError } from '../common/api-error';

/**
 * Prepaid balances: a render's price is deducted atomically when it is created
 * (a conditional UPDATE, so concurrent creates cannot overdraw) and refunded when
 * it fails or is canceled. Accounts with a null balance are unlimited.
 */
export async function chargeCredits(manager: EntityManager, accountId: string, costUsd: number): Promise<void> {
  const result = await manager
    .createQueryBuilder()
    .update(AccountEntity)
    .set({ creditBalanceUsd: () => 'credit_balance_usd - :cost' })
    .where('id = :accountId AND credit_balance_usd IS NOT NULL AND credit_balance_usd >= :cost', { accountId, cost: costUsd })
    .execute();
  if ((result.affected ?? 0) > 0) return;
  const account = await manager.getRepository(AccountEntity).findOneBy({ id: accountId });
  if (account && account.creditBalanceUsd !== null) {
    throw new ApiError('INSUFFICIENT_CREDITS', `This render costs ${costUsd} USD; the account balance is ${account.creditBalanceUsd} USD`, {
      details: { required_usd: costUsd, balance_usd: account.creditBalanceUsd },
      suggestedAction: 'Add credits to the account or lower the quality, duration or priority',
    });
  }
}

export async function refundCredits(manager: EntityManager, accountId: string, costUsd: number): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(AccountEntity)
    .set({ creditBalanceUsd: () => 'credit_balance_usd + :cost' })
    .where('id = :accountId AND credit_balance_usd IS NOT NULL', { accountId, cost: costUsd })
    .execute();
}
