import { Between } from 'typeorm';
import type { Database } from '../database/database';
import { BandwidthUsageEntity } from './bandwidth-usage.entity';

const DAY_MS = 86_400_000;

/** Bytes of output files served, per account and UTC day (bandwidth_usage), for the usage endpoint's bandwidth cost. */
export class BandwidthUsageRepository {
  constructor(private readonly db: Database) {}

  async record(accountId: string, bytes: number, at: number = Date.now()): Promise<void> {
    if (bytes <= 0) return;
    const day = at - (at % DAY_MS);
    // One atomic upsert-increment (the query builder's upsert can only overwrite the count).
    await this.db.run((m) =>
      m
        .createQueryBuilder()
        .insert()
        .into(BandwidthUsageEntity)
        .values({ accountId, day, bytes })
        .onConflict('(account_id, day) DO UPDATE SET bytes = bandwidth_usage.bytes + excluded.bytes')
        .execute(),
    );
  }

  /** Bytes served to the account in the UTC days starting within [start, end). */
  async servedBetween(accountId: string, start: number, end: number): Promise<number> {
    return (await this.db.run((m) => m.sum(BandwidthUsageEntity, 'bytes', { accountId, day: Between(start, end - 1) }))) ?? 0;
  }
}
