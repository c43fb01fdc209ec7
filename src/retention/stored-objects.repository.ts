import { IsNull, LessThanOrEqual } from 'typeorm';
import type { Database } from '../database/database';
import { StoredObjectEntity } from './stored-object.entity';

type DbNumber = string | number | null;

/** The files each task stored (stored_objects): what retention deletes and what storage usage is billed from. */
export class StoredObjectsRepository {
  constructor(private readonly db: Database) {}

  /** Records files (a re-run of the same render overwrites its keys). */
  async record(objects: StoredObjectEntity[]): Promise<void> {
    await this.db.run((m) => m.upsert(StoredObjectEntity, objects, ['key']));
  }

  /** Objects not yet deleted whose expiry is at or before `now`. */
  findExpired(now: number, limit: number): Promise<StoredObjectEntity[]> {
    return this.db.run((m) => m.find(StoredObjectEntity, { where: { deletedAt: IsNull(), expiresAt: LessThanOrEqual(now) }, take: limit }));
  }

  async markDeleted(key: string, at: number): Promise<void> {
    await this.db.run((m) => m.update(StoredObjectEntity, { key }, { deletedAt: at }));
  }

  /** What the account holds in storage right now, bytes. */
  async bytesHeld(accountId: string): Promise<number> {
    const row = await this.db.run((m) =>
      m
        .createQueryBuilder(StoredObjectEntity, 'object')
        .select('SUM(object.size_bytes)', 'bytes')
        .where('object.account_id = :accountId AND object.deleted_at IS NULL', { accountId })
        .getRawOne<{ bytes: DbNumber }>(),
    );
    return Number(row?.bytes ?? 0);
  }

  /**
   * Byte-milliseconds held within [start, until): each object from its creation
   * (or the period start) to its deletion (or `until`). The billable storage of
   * a period, from the history the retention sweep keeps.
   * Multiplying by 1.0 first keeps PostgreSQL out of bigint overflow.
   */
  async byteMsHeld(accountId: string, start: number, until: number): Promise<number> {
    if (until <= start) return 0;
    const row = await this.db.run((m) =>
      m
        .createQueryBuilder(StoredObjectEntity, 'object')
        .select(
          `SUM(object.size_bytes * 1.0 * (
          (CASE WHEN object.deleted_at IS NOT NULL AND object.deleted_at < :until THEN object.deleted_at ELSE :until END)
          - (CASE WHEN object.created_at > :start THEN object.created_at ELSE :start END)))`,
          'byte_ms',
        )
        .where('object.account_id = :accountId', { accountId })
        .andWhere('object.created_at < :until AND (object.deleted_at IS NULL OR object.deleted_at > :start)', { start, until })
        .getRawOne<{ byte_ms: DbNumber }>(),
    );
    return Number(row?.byte_ms ?? 0);
  }
}
