import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { LocalStorage } from './local-storage';
import type { OutputStorage } from './output-storage';
import { S3Storage } from './s3-storage';
import { UrlSigner } from './url-signer';

/** `s3://bucket/some/prefix` -> bucket and prefix without slashes at either end. */
export function parseS3Url(storageUrl: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(storageUrl);
  if (!match) throw new Error('STORAGE_URL must look like s3://bucket or s3://bucket/prefix');
  return { bucket: match[1], prefix: match[2].replace(/^\/+|\/+$/g, '') };
}

/**
 * STORAGE_URL=s3://… selects the S3 adapter (credentials from the standard AWS
 * variables); unset keeps files under DATA_DIR/storage behind signed /files URLs.
 */
export function createOutputStorage(config: AppConfig, signingSecret: string): OutputStorage {
  if (config.storageUrl) {
    return new S3Storage({
      ...parseS3Url(config.storageUrl),
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      forcePathStyle: config.s3ForcePathStyle,
    });
  }
  return new LocalStorage({
    rootDir: join(config.dataDir, 'storage'),
    publicUrl: config.storagePublicUrl,
    signer: new UrlSigner(signingSecret),
  });
}
