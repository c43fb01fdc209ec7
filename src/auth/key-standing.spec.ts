import type { Principal } from './auth.types';
import { KeyStandings } from './key-standing';
import type { ResolvedKey } from './principal-cache';
import { TIER_LIMITS } from './tier-limits';

const principal: Principal = { keyId: 'key_1', accountId: 'acc_1', tier: 'pro', permissions: ['tasks:read'], limits: TIER_LIMITS.pro };

describe('KeyStandings', () => {
  let now: number;
  let generation: string | null;
  let stored: ResolvedKey | null;
  let reads: number;

  const standings = () =>
    new KeyStandings(
      {
        current: async (keyId) => {
          reads += 1;
          return stored && stored.principal.keyId === keyId ? stored : null;
        },
      },
      { read: async () => generation },
      5_000,
      () => now,
    );

  beforeEach(() => {
    now = 1_000_000;
    generation = 'g1';
    stored = { principal, expiresAt: null };
    reads = 0;
  });

  it('reads the key once, then answers from the generation alone while nothing changes', async () => {
    const standing = standings().follow('key_1');
    for (let i = 0; i < 20; i += 1) {
      expect(await standing()).toEqual(principal);
      now += 200;
    }
    expect(reads).toBe(1);
  });

  it('sees a revoke at the first check after its announcement', async () => {
    const standing = standings().follow('key_1');
    expect(await standing()).toEqual(principal);
    stored = null;
    now += 100;
    expect(await standing()).toEqual(principal);
    generation = 'g2';
    expect(await standing()).toBeNull();
    expect(reads).toBe(2);
  });

  it('sees a change that was never announced within the cache time', async () => {
    const standing = standings().follow('key_1');
    await standing();
    stored = null;
    now += 4_999;
    expect(await standing()).toEqual(principal);
    now += 1;
    expect(await standing()).toBeNull();
  });

  it('reads the key again when it expires (a rotation with no grace left), however fresh the read', async () => {
    stored = { principal, expiresAt: now + 1_500 };
    const standing = standings().follow('key_1');
    expect(await standing()).toEqual(principal);
    now += 1_499;
    expect(await standing()).toEqual(principal);
    expect(reads).toBe(1);
    stored = null;
    now += 1;
    expect(await standing()).toBeNull();
    expect(reads).toBe(2);
  });

  it('follows each key apart', async () => {
    const follow = standings();
    expect(await follow.follow('key_1')()).toEqual(principal);
    expect(await follow.follow('key_2')()).toBeNull();
  });
});
