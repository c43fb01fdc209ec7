import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';

/**
 * The HMAC key of local output URLs: URL_SIGNING_SECRET when set (it must be
 * the same on every node that serves files), else a random key made once and
 * kept in DATA_DIR, readable only by the service's user.
 */
export function loadSigningSecret(config: Pick<AppConfig, 'urlSigningSecret' | 'dataDir'>): string {
  if (config.urlSigningSecret) return config.urlSigningSecret;
  const path = join(config.dataDir, 'url-signing.key');
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(path, 'utf8').trim();
}
