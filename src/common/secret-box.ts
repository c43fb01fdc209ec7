import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A secrets key is an AES-256 key. */
export const SECRETS_KEY_BYTES = 32;

const FORMAT = 'v1';
const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key as configured: 32 bytes written as hex (64 characters) or base64 (44, or 43 unpadded); null when it is neither. */
export function parseSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === SECRETS_KEY_BYTES ? bytes : null;
}

/** A sealed value that does not open: unknown key, altered, sealed for another place, or not a sealed value at all. */
export class SecretNotOpened extends Error {
  constructor(reason: string) {
    super(`a sealed secret did not open: ${reason}`);
    this.name = 'SecretNotOpened';
  }
}

/**
 * Seals short secrets for storage with AES-256-GCM as
 * `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url). The key id is a hash
 * prefix of the key (never the key), so a value says which key sealed it and
 * values sealed before a rotation still open while their key is among the
 * previous ones. The context (where the value is stored, e.g. its row) is
 * authenticated but not stored: a sealed value copied elsewhere does not open.
 */
export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  constructor(
    private readonly current: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    for (const key of [current, ...previous]) {
      if (key.length !== SECRETS_KEY_BYTES) throw new Error(`a secrets key has ${SECRETS_KEY_BYTES} bytes, not ${key.length}`);
      this.keys.set(keyIdOf(key), key);
    }
    this.currentKeyId = keyIdOf(current);
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, this.currentKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
  }

  /** The plaintext of a value sealed with one of the keys for `context`; throws SecretNotOpened otherwise. */
  open(sealed: string, context: string): string {
    const parts = sealed.split(':');
    if (parts.length !== 5 || parts[0] !== FORMAT) throw new SecretNotOpened(`not a ${FORMAT} sealed value`);
    const [, keyId, iv, tag, ciphertext] = parts;
    const key = this.keys.get(keyId);
    if (!key) throw new SecretNotOpened(`sealed with key ${keyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`);
    try {
      const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretNotOpened(`altered, or sealed for another place than ${context}`);
    }
  }

  /** Whether a sealed value is sealed with the current key (a reseal moves the others onto it). */
  sealedWithCurrentKey(sealed: string): boolean {
    return sealed.startsWith(`${FORMAT}:${this.currentKeyId}:`);
  }
}

/** Names a key in sealed values: 8 hex digits of its SHA-256, which tell nothing of the key. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}
