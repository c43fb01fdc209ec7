import { IsNull, LessThanOrEqual } from 'typeorm';
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import type { OutputStorage } from '../storage/output-storage';
import { StoredObjectEntity } from './stored-object.entity';

const BATCH = 200;

/** Deletes expired output files from storage and marks them deleted (task records then show the output as expired). */
export class RetentionSweeper {
  constructor(
    private readonly db: Database,
    private readonly storage: OutputStorage,
    private readonly logger: Logger,
  ) {}

  async sweep(now = Date.now()): Promise<number> {
    const repository = this.db.dataSource.getRepository(StoredObjectEntity);
    let removed = 0;
    for (;;) {
      const expired = await repository.find({ where: { deletedAt: IsNull(), expiresAt: LessThanOrEqual(now) }, take: BATCH });
      if (expired.length === 0) break;
      for (const object of expired) {
        await this.storage.delete(object.key);
        await repository.update({ key: object.key }, { deletedAt: now });
        removed += 1;
      }
      if (expired.length < BATCH) break;
    }
    if (removed > 0) this.logger.info({ removed }, 'expired outputs deleted');
    return removed;
  }
}
