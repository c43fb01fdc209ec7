import { newId, ulid } from './ids';

describe('ulid', () => {
  it('is 26 Crockford characters', () => {
    expect(ulid()).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('sorts by time, and monotonically within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => ulid(1_700_000_000_000));
    const sorted = [...ids].sort();
    expect(ids).toEqual(sorted);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ulid(1_700_000_000_001) > ids[ids.length - 1]).toBe(true);
  });

  it('writes the 80 random bits as one base32 number: ids of one millisecond differ by one', () => {
    const decode = (id: string) => [...id.slice(10)].reduce((value, char) => value * 32n + BigInt('0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(char)), 0n);
    const ids = Array.from({ length: 300 }, () => ulid(1_700_000_000_500));
    for (let i = 1; i < ids.length; i++) expect(decode(ids[i]) - decode(ids[i - 1])).toBe(1n);
  });

  it('draws fresh random bits for each new millisecond, across refills of the random pool', () => {
    const start = 1_800_000_000_000;
    const randomParts = Array.from({ length: 1000 }, (_, i) => ulid(start + i).slice(10));
    expect(new Set(randomParts).size).toBe(randomParts.length);
    // Not left at zero: the pool is filled before its first use and at each refill.
    expect(randomParts.filter((part) => part === '0'.repeat(16))).toEqual([]);
  });

  it('prefixes ids with their kind', () => {
    expect(newId('tsk')).toMatch(/^tsk_[0-9a-z]{26}$/);
  });
});
