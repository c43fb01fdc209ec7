import { copyFile, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { nanoid } from 'nanoid';
import { assertValidObjectKey, type OutputStorage } from './output-storage';
import type { UrlSigner } from './url-signer';

export interface LocalStorageOptions {
  /** `<DATA_DIR>/storage`. */
  rootDir: string;
  /** `{storage_url}`: STORAGE_PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  signer: UrlSigner;
}

/** Objects as files under one directory, served by FilesController under signed URLs. */
export class LocalStorage implements OutputStorage {
  readonly kind = 'local' as const;
  readonly rootDir: string;

  constructor(private readonly opts: LocalStorageOptions) {
    this.rootDir = opts.rootDir;
  }

  /** The file of a key; callers must have validated the key (see isValidObjectKey). */
  pathOf(key: string): string {
    assertValidObjectKey(key);
    return join(this.rootDir, ...key.split('/'));
  }

  /** The content type is not stored: FilesController derives it from the key's extension. */
  async put(key: string, localPath: string, _contentType?: string): Promise<{ sizeBytes: number }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Copy beside the target, then rename: a reader never sees half a file.
    const temp = `${target}.${nanoid(8)}.part`;
    try {
      await copyFile(localPath, temp);
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    return { sizeBytes: (await stat(target)).size };
  }

  async copyTo(key: string, localPath: string): Promise<void> {
    await copyFile(this.pathOf(key), localPath);
  }

  async signedUrl(key: string, expiresAt: Date): Promise<string> {
    assertValidObjectKey(key);
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const signature = this.opts.signer.signPath(key, expires);
    return `${this.opts.publicUrl.replace(/\/+$/, '')}/files/${key}?expires=${expires}&signature=${signature}`;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async checkReady(): Promise<void> {
    await mkdir(this.rootDir, { recursive: true });
    const probe = join(this.rootDir, `.ready-${nanoid(8)}`);
    await writeFile(probe, '');
    await unlink(probe);
  }
}
