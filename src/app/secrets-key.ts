import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseSecretsKey, SECRETS_KEY_BYTES, SecretBox } from '../common/secret-box';
import { type AppConfig, ConfigError } from '../config/app-config';

/** Where the embedded default keeps the key it made, when SECRETS_KEY is unset. */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The box that seals webhook secrets and header values at rest: SECRETS_KEY
 * (with SECRETS_KEY_PREVIOUS for values sealed before a rotation), else a
 * random key made once in DATA_DIR, readable only by the service's user. A
 * shared database (DATABASE_URL) refuses the file: every node must seal and
 * open with the same key, and a key made per node would leave each node unable
 * to open what the others sealed.
 */
export function loadSecretBox(config: Pick<AppConfig, 'secretsKey' | 'secretsKeyPrevious' | 'dataDir' | 'databaseUrl'>): SecretBox {
  if (config.secretsKey) return new SecretBox(config.secretsKey, config.secretsKeyPrevious);
  if (config.databaseUrl) {
    throw new ConfigError([
      'SECRETS_KEY is required with DATABASE_URL: every node must seal and open webhook secrets with the same key (openssl rand -base64 32)',
    ]);
  }
  const path = join(config.dataDir, SECRETS_KEY_FILE);
  if (!existsSync(path)) makeKeyFile(path);
  const key = parseSecretsKey(readFileSync(path, 'utf8'));
  if (!key) throw new Error(`${path} does not hold a secrets key (32 bytes as base64 or hex); restore it from a backup, or set SECRETS_KEY`);
  return new SecretBox(key, config.secretsKeyPrevious);
}

/**
 * Writes a new key whole before it appears under its name (a link cannot
 * replace a file), so an API and a worker starting together on one DATA_DIR
 * agree on the first key written and never read a half-written one.
 */
function makeKeyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const draft = `${path}.${process.pid}.new`;
  writeFileSync(draft, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}
