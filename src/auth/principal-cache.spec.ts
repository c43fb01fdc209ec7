import type { Principal } from './auth.types';
import { type GenerationSource, type KeyResolver, PrincipalCache, type ResolvedKey } from './principal-cache';

const KEY = 'tst_AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function principal(keyId: string): Principal {
  return {
    keyId,
    accountId: 'acc_1',
    tier: 'pro',
    permissions: ['tasks:read'],
    limits: { requestsPerMinute: 500, concurrentRenders: 20, monthlyRenders: 10_000, maxStorageGb: 100 },
  };
}

/** A database of one key and a Redis generation, both changed by the test. */
class World implements KeyResolver, GenerationSource {
  record: ResolvedKey | null = { principal: principal('key_a'), expiresAt: null };
  generationValue: string | null = null;
  reads = 0;

  async resolve(presented: string): Promise<ResolvedKey | null> {
    this.reads += 1;
    return presented === KEY ? this.record : null;
  }

  async read(): Promise<string | null> {
    return this.generationValue;
  }

  revoke(): void {
    this.record = null;
    this.generationValue = `g${Math.random()}`;
  }
}

/** One request as the gate makes it: look up, read the generation, confirm. */
async function request(cache: PrincipalCache, key = KEY): Promise<Principal | null> {
  const candidate = await cache.lookup(key);
  if (!candidate) return null;
  return cache.confirm(key, candidate, await cache.generation());
}

describe('PrincipalCache', () => {
  let world: World;
  let now: number;
  let cache: PrincipalCache;

  beforeEach(() => {
    world = new World();
    now = 1_000_000;
    cache = new PrincipalCache(world, world, 5_000, () => now);
  });

  it('reads a key from the database once per cache time, not once per request', async () => {
    expect((await request(cache))?.keyId).toBe('key_a');
    const afterFirst = world.reads;
    for (let i = 0; i < 10; i++) expect((await request(cache))?.keyId).toBe('key_a');
    expect(world.reads).toBe(afterFirst);
    now += 5_000;
    await request(cache);
    expect(world.reads).toBe(afterFirst + 1);
  });

  it('refuses a revoked key on the next request once the change is announced, though its entry is fresh', async () => {
    await request(cache);
    await request(cache);
    world.revoke();
    expect(await request(cache)).toBeNull();
  });

  it('labels a principal with the generation seen before its read, so a change announced during the read is not missed', async () => {
    await request(cache);
    now += 5_000;
    const candidate = await cache.lookup(KEY);
    // The key is revoked after the database read above and announced before this request's generation read.
    world.revoke();
    expect(candidate).not.toBeNull();
    expect(await cache.confirm(KEY, candidate as NonNullable<typeof candidate>, await cache.generation())).toBeNull();
  });

  it('without an announcement (Redis unreachable for the key CLI) stops the key after the cache time at the latest', async () => {
    await request(cache);
    world.record = null;
    expect((await request(cache))?.keyId).toBe('key_a');
    now += 4_999;
    expect((await request(cache))?.keyId).toBe('key_a');
    now += 1;
    expect(await request(cache)).toBeNull();
  });

  it("never keeps a principal past its key's expiry", async () => {
    world.record = { principal: principal('key_a'), expiresAt: now + 1_000 };
    await request(cache);
    now += 1_000;
    world.record = null;
    expect(await request(cache)).toBeNull();
  });

  it('knows a key that worked past its cache time, until it stops working, and never a key that did not work', async () => {
    expect(cache.knows(KEY)).toBe(false);
    await request(cache);
    now += 60_000;
    expect(cache.knows(KEY)).toBe(true);
    expect(cache.knows('tst_ZZZZEfGhIjKlMnOpQrStUvWxYz012345')).toBe(false);
    world.revoke();
    await request(cache);
    expect(cache.knows(KEY)).toBe(false);
  });

  it('does not remember keys that do not work, so a key created a moment later works at once', async () => {
    const record = world.record;
    world.record = null;
    expect(await request(cache)).toBeNull();
    world.record = record;
    expect((await request(cache))?.keyId).toBe('key_a');
  });
});
