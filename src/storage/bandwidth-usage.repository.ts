import type { Database } from '../database/database';

const DAY_MS = 86_400_000;

/** Bytes of output files served, per account and UTC day (bandwidth_usage), for the usage endpoint's bandwidth cost. */
export class BandwidthUsageRepository {
  constructor(private readonly db: Database) {}

  async record(accountId: string, bytes: number, at: number = Date.now()): Promise<void> {
    if (bytes <= 0) return;
    const day = at - (at % DAY_MS);
    const [a, d, b] = [1, 2, 3].map((n) => this.db.placeholder(n));
    // One atomic upsert-increment, valid on SQLite (3.24+) and PostgreSQL.
    await this.db.manager().query(
      `INSERT INTO bandwidth_usage (account_id, day, bytes) VALUES (${a}, ${d}, ${b})
       ON CONFLICT (account_id, day) DO UPDATE SET bytes = bandwidth_usage.bytes + excluded.bytes`,
      [accountId, day, bytes],
    );
  }

  /** Bytes served to the account in the UTC days starting within [start, end). */
  async servedBetween(accountId: string, start: number, end: number): Promise<number> {
    const [a, s, e] = [1, 2, 3].map((n) => this.db.placeholder(n));
    const rows: Array<{ bytes: string | number | null }> = await this.db
      .manager()
      .query(`SELECT SUM(bytes) AS bytes FROM bandwidth_usage WHERE account_id = ${a} AND day >= ${s} AND day < ${e}`, [accountId, start, end]);
    return Number(rows[0]?.bytes ?? 0);
  }
}
