import { createHash, timingSafeEqual } from 'node:crypto';
import { customAlphabet } from 'nanoid';

const KEY_BODY_LENGTH = 32;
const makeBody = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', KEY_BODY_LENGTH);

/** `<prefix>_<32-char nanoid>`; the body has no `_` or `-`, so the key is easy to select and copy. */
export function generateApiKey(prefix: string): string {
  return `${prefix}_${makeBody()}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a string has the shape of one of this deployment's keys (checked before any lookup). */
export function isWellFormedKey(key: string, prefix: string): boolean {
  return key.length === prefix.length + 1 + KEY_BODY_LENGTH && key.startsWith(`${prefix}_`) && /^[0-9A-Za-z]+$/.test(key.slice(prefix.length + 1));
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
