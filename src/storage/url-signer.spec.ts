import { UrlSigner } from './url-signer';

describe('UrlSigner', () => {
  const signer = new UrlSigner('a-secret-of-enough-length');
  const now = new Date('2025-01-17T12:00:00Z');
  const expires = Math.floor(now.getTime() / 1000) + 3600;
  const signature = signer.signPath('tasks/t1/video.mp4', expires);

  it('accepts the link it signed until it expires', () => {
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.verify('tasks/t1/video.mp4', String(expires), signature, now)).toBe(true);
    expect(signer.verify('tasks/t1/video.mp4', String(expires), signature, new Date(expires * 1000 - 1))).toBe(true);
    expect(signer.verify('tasks/t1/video.mp4', String(expires), signature, new Date(expires * 1000))).toBe(false);
  });

  it('refuses a changed path, expiry or signature', () => {
    expect(signer.verify('tasks/t2/video.mp4', String(expires), signature, now)).toBe(false);
    expect(signer.verify('tasks/t1/video.mp4', String(expires + 1), signature, now)).toBe(false);
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    expect(signer.verify('tasks/t1/video.mp4', String(expires), flipped, now)).toBe(false);
  });

  it('refuses malformed or missing parameters without throwing', () => {
    for (const [exp, sig] of [
      [undefined, signature],
      [String(expires), undefined],
      [`${expires}.0`, signature],
      ['-1', signature],
      [String(expires), signature.toUpperCase()],
      [String(expires), signature.slice(2)],
    ]) {
      expect(signer.verify('tasks/t1/video.mp4', exp, sig, now)).toBe(false);
    }
  });

  it('depends on the secret', () => {
    expect(new UrlSigner('another-secret-of-length').signPath('tasks/t1/video.mp4', expires)).not.toBe(signature);
    expect(() => new UrlSigner('short')).toThrow(/16 bytes/);
  });
});
