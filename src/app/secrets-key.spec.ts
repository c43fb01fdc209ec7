import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretBox } from '../common/secret-box';
import { ConfigError } from '../config/app-config';
import { loadSecretBox, SECRETS_KEY_FILE } from './secrets-key';

describe('loadSecretBox', () => {
  let dataDir: string;
  const settings = (extra: Partial<Parameters<typeof loadSecretBox>[0]> = {}) => ({
    secretsKey: null,
    secretsKeyPrevious: [],
    dataDir,
    databaseUrl: null,
    ...extra,
  });

  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'rs-secrets-')), 'data');
  });
  afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

  it('makes a key file readable only by its owner on first start, and keeps using it', () => {
    const first = loadSecretBox(settings());
    const path = join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(readdirSync(dataDir)).toEqual([SECRETS_KEY_FILE]);
    const sealed = first.seal('whsec_1', 'c');
    expect(loadSecretBox(settings()).open(sealed, 'c')).toBe('whsec_1');
  });

  it('uses SECRETS_KEY when set, with the previous keys, and writes no file', () => {
    const [key, old] = [randomBytes(32), randomBytes(32)];
    const box = loadSecretBox(settings({ secretsKey: key, secretsKeyPrevious: [old], databaseUrl: 'postgres://db/render' }));
    expect(box.currentKeyId).toBe(new SecretBox(key).currentKeyId);
    expect(box.open(new SecretBox(old).seal('whsec_old', 'c'), 'c')).toBe('whsec_old');
    expect(() => readdirSync(dataDir)).toThrow(/ENOENT/);
  });

  it('refuses a shared database without SECRETS_KEY, naming the variable', () => {
    expect(() => loadSecretBox(settings({ databaseUrl: 'postgres://db/render' }))).toThrow(ConfigError);
    expect(() => loadSecretBox(settings({ databaseUrl: 'postgres://db/render' }))).toThrow(/SECRETS_KEY is required with DATABASE_URL/);
  });

  it('refuses a key file that holds no key rather than making another', () => {
    loadSecretBox(settings());
    writeFileSync(join(dataDir, SECRETS_KEY_FILE), 'garbage');
    expect(() => loadSecretBox(settings())).toThrow(/does not hold a secrets key/);
  });
});
