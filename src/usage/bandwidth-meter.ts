import type { Database } from '../database/database';

const DAY_MS = 86_400_000;

/** Counts bytes of output files served, per account and day, for the usage endpoint's bandwidth cost. */
export class BandwidthMeter {
  constructor(private readonly db: Database) {}

  async record(accountId: string, bytes: number, at: number = Date.now()): Promise<void> {
    if (bytes <= 0) return;
    const day = at - (at % DAY_MS);
    const [a, d, b] = this.db.isPostgres ? ['$1', '$2', '$3'] : ['?', '?', '?'];
    // One atomic upsert-increment, valid on SQLite (3.24+) and PostgreSQL.
    await this.db.dataSource.query(
      `INSERT INTO bandwidth_usage (account_id, day, bytes) VALUES (${a}, ${d}, ${b})
       ON CONFLICT (account_id, day) DO UPDATE SET bytes = bandwidth_usage.bytes + excluded.bytes`,
      [accountId, day, bytes],
    );
  }
}

export const BANDWIDTH_METER = Symbol('BANDWIDTH_METER');
