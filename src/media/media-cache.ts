import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nanoid } from 'nanoid';
import type { MediaProbe } from './ffprobe';

/** What the cache knows of one URL's file: where it came from, when, and its HTTP validators. */
export interface CacheMeta {
  url: string;
  fetchedAt: number;
  sizeBytes: number;
  etag: string | null;
  lastModified: string | null;
  /** The response's Content-Type (absent in entries written before it was kept, and for samples). */
  contentType?: string | null;
  /** Filled the first time a task needs them, then reused. */
  probe?: MediaProbe | null;
  probeError?: string;
  textError?: string | null;
}

/**
 * The worker's private media cache on disk: per key a data file `<key>.data`
 * and its metadata `<key>.json`, each written to a `.part` file first and
 * renamed into place, so no reader ever sees half a file.
 */
export class MediaCache {
  constructor(private readonly dir: string) {}

  dataPath(key: string): string {
    return join(this.dir, `${key}.data`);
  }

  async dataExists(key: string): Promise<boolean> {
    return stat(this.dataPath(key)).then(
      () => true,
      () => false,
    );
  }

  /** Writes the data file of `key` through `write` (given the part file's path); a failed write leaves no file behind. */
  async storeData(key: string, write: (partPath: string) => Promise<void>): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const partPath = join(this.dir, `${key}.${nanoid(10)}.part`);
    try {
      await write(partPath);
      await rename(partPath, this.dataPath(key));
    } catch (error) {
      await unlink(partPath).catch(() => undefined);
      throw error;
    }
  }

  async readMeta(key: string): Promise<CacheMeta | null> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as CacheMeta;
    } catch {
      return null;
    }
  }

  async writeMeta(key: string, meta: CacheMeta): Promise<void> {
    const temp = `${this.metaPath(key)}.${nanoid(8)}.part`;
    await writeFile(temp, JSON.stringify(meta), { mode: 0o600 });
    await rename(temp, this.metaPath(key));
  }

  /**
   * Deletes the files of entries fetched before `cutoff` and leftovers of
   * interrupted writes (by their age); keys for which `busy` is true are left
   * alone. Returns the number of files removed.
   */
  async sweep(cutoff: number, now: number, busy: (key: string) => boolean): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(this.dir, name);
      const key = name.split('.')[0];
      if (busy(key)) continue;
      const meta = await this.readMeta(key);
      const born =
        meta && !name.endsWith('.part')
          ? meta.fetchedAt
          : await stat(path).then(
              (s) => s.mtimeMs,
              () => now,
            );
      if (born > cutoff) continue;
      await unlink(path).then(
        () => (removed += 1),
        () => undefined,
      );
    }
    return removed;
  }

  private metaPath(key: string): string {
    return join(this.dir, `${key}.json`);
  }
}
