import { hashApiKey } from './api-key.codec';
import type { Principal } from './auth.types';
import { PRINCIPAL_CACHE_SECONDS } from './key-changes';

/** A key that works, as the database has it. */
export interface ResolvedKey {
  principal: Principal;
  expiresAt: number | null;
}

/** Reads a key from the database (ApiKeysService). */
export interface KeyResolver {
  resolve(presented: string): Promise<ResolvedKey | null>;
}

/** The current key generation (KeyChangeListener: as last announced, or read in Redis while not listening). */
export interface GenerationSource {
  read(): Promise<string | null>;
}

/** No generation read yet: equal to no label, so the first check of every principal reads it again. */
const UNREAD = Symbol('unread');
type Generation = string | null | typeof UNREAD;

/** A principal as last read, to be confirmed against the current generation before it is trusted. */
export interface Candidate {
  principal: Principal;
  /** The generation seen before the principal was read from the database. */
  generation: Generation;
}

interface Entry extends Candidate {
  /** The earlier of the read plus the cache time and the key's own expiry. */
  validUntil: number;
}

/** More distinct live keys than this in a few seconds is not a real load; past it the cache starts over. */
const MAX_ENTRIES = 10_000;

/**
 * The principals of recently used keys, per process, so that a request does not
 * read its key from the database. Entries live PRINCIPAL_CACHE_SECONDS at most
 * (never past the key's expiry) and are keyed by the key's hash, never the key.
 * Revocation stays immediate across processes through the key generation
 * (`key-changes.ts`): the request gate passes the current one to `confirm`,
 * which reads a principal again when a key changed after it was read.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private latest: Generation = UNREAD;

  constructor(
    private readonly keys: KeyResolver,
    private readonly generations: GenerationSource,
    private readonly ttlMs = PRINCIPAL_CACHE_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key's principal as last known (memory within the cache time, else the database); null when the key does not work. */
  async lookup(presented: string): Promise<Candidate | null> {
    const id = hashApiKey(presented);
    const entry = this.entries.get(id);
    if (entry && entry.validUntil > this.now()) return entry;
    return this.load(presented, id, this.latest);
  }

  /** Whether the key worked on this process lately: its entry stays (past the cache time) until the key stops working or MAX_ENTRIES keys fill the cache. */
  knows(presented: string): boolean {
    return this.entries.has(hashApiKey(presented));
  }

  /** The generation now: as last announced to this process, or read in Redis while announcements cannot reach it. */
  async generation(): Promise<string | null> {
    const current = await this.generations.read();
    this.latest = current;
    return current;
  }

  /** The candidate's principal if no key changed since it was read, else the key read again (null once it no longer works). */
  async confirm(presented: string, candidate: Candidate, generation: string | null): Promise<Principal | null> {
    if (candidate.generation === generation) return candidate.principal;
    return (await this.load(presented, hashApiKey(presented), generation))?.principal ?? null;
  }

  private async load(presented: string, id: string, generation: Generation): Promise<Candidate | null> {
    const resolved = await this.keys.resolve(presented);
    if (!resolved) {
      this.entries.delete(id);
      return null;
    }
    const now = this.now();
    const entry: Entry = {
      principal: resolved.principal,
      generation,
      validUntil: Math.min(now + this.ttlMs, resolved.expiresAt ?? Number.POSITIVE_INFINITY),
    };
    if (this.entries.size >= MAX_ENTRIES) this.evict(now);
    this.entries.set(id, entry);
    return entry;
  }

  private evict(now: number): void {
    for (const [id, entry] of this.entries) if (entry.validUntil <= now) this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}
