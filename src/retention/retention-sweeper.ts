import type { Logger } from 'pino';
import type { OutputStorage } from '../storage/output-storage';
import type { StoredObjectsRepository } from './stored-objects.repository';

const BATCH = 200;

/** Deletes expired output files from storage and marks them deleted (task records then show the output as expired). */
export class RetentionSweeper {
  constructor(
    private readonly objects: StoredObjectsRepository,
    private readonly storage: OutputStorage,
    private readonly logger: Logger,
  ) {}

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (;;) {
      const expired = await this.objects.findExpired(now, BATCH);
      if (expired.length === 0) break;
      for (const object of expired) {
        await this.storage.delete(object.key);
        await this.objects.markDeleted(object.key, now);
        removed += 1;
      }
      if (expired.length < BATCH) break;
    }
    if (removed > 0) this.logger.info({ removed }, 'expired outputs deleted');
    return removed;
  }
}
