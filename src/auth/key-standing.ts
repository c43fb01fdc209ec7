import type { Principal } from './auth.types';
import { PRINCIPAL_CACHE_SECONDS } from './key-changes';
import type { GenerationSource, ResolvedKey } from './principal-cache';

/** Reads a key by its id (ApiKeysService). */
export interface KeyById {
  current(keyId: string): Promise<ResolvedKey | null>;
}

/** The key's principal now; null once the key is revoked, expired or gone. */
export type KeyStanding = () => Promise<Principal | null>;

/**
 * Keeps asking whether the key behind a long-lived answer (an event stream)
 * still works, as the request gate asks for each request. The key is read
 * again from the database when a key change was announced since the last
 * read (key-changes.ts), when its expiry has come, and at least every
 * PRINCIPAL_CACHE_SECONDS (for a change whose announcement failed); any other
 * time the answer costs a look at the current generation, which is in memory
 * while announcements reach this process.
 */
export class KeyStandings {
  constructor(
    private readonly keys: KeyById,
    private readonly generations: GenerationSource,
    private readonly ttlMs = PRINCIPAL_CACHE_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Follows one key; its first answer reads the key. */
  follow(keyId: string): KeyStanding {
    let known: { principal: Principal | null; generation: string | null; validUntil: number } | null = null;
    return async () => {
      // Read before the key, as the principal cache does: a change announced during the read is seen next time.
      const generation = await this.generations.read();
      if (known && known.generation === generation && this.now() < known.validUntil) return known.principal;
      const resolved = await this.keys.current(keyId);
      known = {
        principal: resolved?.principal ?? null,
        generation,
        validUntil: Math.min(this.now() + this.ttlMs, resolved?.expiresAt ?? Number.POSITIVE_INFINITY),
      };
      return known.principal;
    };
  }
}
