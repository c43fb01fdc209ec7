import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^[0-9a-f]{64}$/;
const EXPIRES = /^\d{1,12}$/;

/**
 * Signs object paths for the local `/files/...` URLs: HMAC-SHA256 over the
 * path and the expiry, so neither can be changed without the secret.
 */
export class UrlSigner {
  private readonly secret: Buffer;

  constructor(secret: string | Buffer) {
    this.secret = Buffer.from(secret);
    if (this.secret.length < 16) throw new Error('the URL signing secret must be at least 16 bytes');
  }

  /** Hex signature of `path` valid until `expiresUnix` (seconds). */
  signPath(path: string, expiresUnix: number): string {
    // The newline cannot occur in an object key, so path and expiry cannot be shifted into each other.
    return createHmac('sha256', this.secret).update(`${path}\n${expiresUnix}`).digest('hex');
  }

  /** True only for an unexpired, untampered link; inputs are raw query strings, checked here. */
  verify(path: string, expires: string | undefined, signature: string | undefined, now: Date = new Date()): boolean {
    if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return false;
    const expected = Buffer.from(this.signPath(path, Number(expires)), 'hex');
    const valid = timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    return valid && Number(expires) * 1000 > now.getTime();
  }
}
