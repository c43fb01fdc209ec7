import { randomBytes } from 'node:crypto';
import { parseSecretsKey, SecretBox, SecretNotOpened } from './secret-box';

describe('SecretBox', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const box = new SecretBox(oldKey);

  it('seals to v1:<key id>:<iv>:<tag>:<ciphertext> without the plaintext, differently each time, and opens it again', () => {
    const first = box.seal('whsec_hunter2', 'tasks:tsk_1');
    const second = box.seal('whsec_hunter2', 'tasks:tsk_1');
    expect(first).toMatch(/^v1:[0-9a-f]{8}:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(first).not.toContain('hunter2');
    expect(first).not.toBe(second);
    expect(box.open(first, 'tasks:tsk_1')).toBe('whsec_hunter2');
    expect(box.open(box.seal('', 'c'), 'c')).toBe('');
    expect(box.open(box.seal('密钥 ✓', 'c'), 'c')).toBe('密钥 ✓');
  });

  it('refuses a value altered anywhere, or opened for another context', () => {
    const sealed = box.seal('whsec_hunter2', 'tasks:tsk_1');
    const parts = sealed.split(':');
    for (const index of [2, 3, 4]) {
      const bytes = Buffer.from(parts[index], 'base64url');
      bytes[0] ^= 1;
      const altered = [...parts.slice(0, index), bytes.toString('base64url'), ...parts.slice(index + 1)].join(':');
      expect(() => box.open(altered, 'tasks:tsk_1')).toThrow(SecretNotOpened);
    }
    expect(() => box.open([...parts.slice(0, 3), parts[3].slice(0, 12), parts[4]].join(':'), 'tasks:tsk_1')).toThrow(SecretNotOpened);
    expect(() => box.open(sealed, 'tasks:tsk_2')).toThrow(/altered, or sealed for another place than tasks:tsk_2/);
    expect(() => box.open('whsec_hunter2', 'tasks:tsk_1')).toThrow(/not a v1 sealed value/);
  });

  it('does not open with another key, and names only the key id when it cannot', () => {
    const sealed = box.seal('whsec_hunter2', 'c');
    const stranger = new SecretBox(newKey);
    expect(() => stranger.open(sealed, 'c')).toThrow(SecretNotOpened);
    const message = (() => {
      try {
        stranger.open(sealed, 'c');
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain(`sealed with key ${box.currentKeyId}`);
    for (const form of ['hex', 'base64', 'base64url'] as const) expect(message).not.toContain(oldKey.toString(form));
    // A value claiming a known key id but made with another key fails authentication.
    const forged = new SecretBox(newKey).seal('x', 'c').replace(/^v1:[0-9a-f]{8}:/, `v1:${box.currentKeyId}:`);
    expect(() => box.open(forged, 'c')).toThrow(/altered/);
  });

  it('rotates: the new key seals, the previous one still opens what it sealed, and tells which values to reseal', () => {
    const before = box.seal('whsec_hunter2', 'c');
    const rotated = new SecretBox(newKey, [oldKey]);
    expect(rotated.open(before, 'c')).toBe('whsec_hunter2');
    const after = rotated.seal('whsec_hunter2', 'c');
    expect(after.split(':')[1]).toBe(rotated.currentKeyId);
    expect(rotated.currentKeyId).not.toBe(box.currentKeyId);
    expect([rotated.sealedWithCurrentKey(before), rotated.sealedWithCurrentKey(after)]).toEqual([false, true]);
    // Once the old key is dropped, what it sealed no longer opens: reseal first.
    expect(() => new SecretBox(newKey).open(before, 'c')).toThrow(SecretNotOpened);
    expect(new SecretBox(newKey).open(after, 'c')).toBe('whsec_hunter2');
  });

  it('takes only 32-byte keys', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes, not 16/);
    expect(() => new SecretBox(newKey, [randomBytes(31)])).toThrow(/32 bytes, not 31/);
  });
});

describe('parseSecretsKey', () => {
  const key = randomBytes(32);

  it('reads 32 bytes written as hex, base64 or base64url (padded or not)', () => {
    for (const text of [
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
      key.toString('base64'),
      key.toString('base64url'),
      ` ${key.toString('base64')}\n`,
    ]) {
      expect(parseSecretsKey(text)).toEqual(key);
    }
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'secret',
      key.toString('hex').slice(2),
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      `${key.toString('hex')}00`,
    ]) {
      expect(parseSecretsKey(text)).toBeNull();
    }
  });
});
