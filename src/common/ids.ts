import { randomFillSync } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let lastTime = 0;
let lastRandom: Buffer = Buffer.alloc(10);

/**
 * Random bytes drawn for 256 ids at once: one call to the system's generator costs
 * about as much as 10 bytes as for 2,560, and a create makes two or three ids.
 */
const RANDOM_POOL = Buffer.alloc(10 * 256);
let poolOffset = RANDOM_POOL.length;

function freshRandom(): Buffer {
  if (poolOffset === RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    poolOffset = 0;
  }
  poolOffset += 10;
  return Buffer.from(RANDOM_POOL.subarray(poolOffset - 10, poolOffset));
}

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
    random = freshRandom();
  }
  lastTime = now;
  lastRandom = random;
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  // Two 40-bit halves, 8 characters each: exact in doubles, without BigInt.
  return time + base32Of40Bits(random, 0) + base32Of40Bits(random, 5);
}

function base32Of40Bits(bytes: Buffer, offset: number): string {
  let value = bytes.readUIntBE(offset, 5);
  let text = '';
  for (let i = 0; i < 8; i++) {
    text = CROCKFORD[value % 32] + text;
    value = Math.floor(value / 32);
  }
  return text;
}

export const newId = (prefix: 'tsk' | 'evt' | 'dlv' | 'acc' | 'key' | 'req' | 'att' | 'tpl') => `${prefix}_${ulid().toLowerCase()}`;
