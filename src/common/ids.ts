import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let lastTime = 0;
let lastRandom: Buffer = Buffer.alloc(10);

/**
 * A ULID: 48-bit millisecond time + 80 random bits, Crockford base32. Ids made in
 * the same millisecond by this process increase monotonically, so ids sort by
 * creation time (list order, stable pagination).
 */
export function ulid(now: number = Date.now()): string {
  let random: Buffer;
  if (now <= lastTime) {
    random = Buffer.from(lastRandom);
    for (let i = random.length - 1; i >= 0; i--) {
      if (random[i] < 255) {
        random[i] += 1;
        break;
      }
      random[i] = 0;
    }
    now = lastTime;
  } else {
    random = randomBytes(10);
  }
  lastTime = now;
  lastRandom = random;
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let bits = 0n;
  for (const byte of random) bits = (bits << 8n) | BigInt(byte);
  let rand = '';
  for (let i = 0; i < 16; i++) {
    rand = CROCKFORD[Number(bits & 31n)] + rand;
    bits >>= 5n;
  }
  return time + rand;
}

export const newId = (prefix: 'tsk' | 'evt' | 'dlv' | 'acc' | 'key' | 'req' | 'att') => `${prefix}_${ulid().toLowerCase()}`;
