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

  it('prefixes ids with their kind', () => {
    expect(newId('tsk')).toMatch(/^tsk_[0-9a-z]{26}$/);
  });
});
