import { newId } from '../common/ids';
import type { AccountEntity } from './account.entity';
import type { AccountsRepository } from './accounts.repository';
import { generateApiKey, hashApiKey, hashesEqual, isWellFormedKey } from './api-key.codec';
import { ApiKeyEntity } from './api-key.entity';
import type { ApiKeysRepository } from './api-keys.repository';
import type { Permission, Principal, Tier } from './auth.types';
import { PERMISSIONS } from './auth.types';
import { type KeyChangeAnnouncer, KeyChangeNotAnnounced, NO_ANNOUNCER } from './key-changes';
import type { KeyResolver, ResolvedKey } from './principal-cache';
import { limitsForKey } from './tier-limits';

export interface CreateKeyRequest {
  account: string;
  tier: Tier;
  permissions?: Permission[];
  name?: string;
  expiresAt?: number | null;
  rateLimitPerMinute?: number | null;
  concurrentRenders?: number | null;
  monthlyRenders?: number | null;
  maxStorageGb?: number | null;
}

export interface IssuedKey {
  key: string;
  record: ApiKeyEntity;
  account: AccountEntity;
  /** Set by a rotate whose change could not be announced to the API processes (the key is issued all the same). */
  notAnnounced?: KeyChangeNotAnnounced;
}

const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/**
 * Issues, authenticates, rotates and revokes API keys. Keys are stored only as
 * SHA-256 hashes. A revoke or rotate is announced once committed, so that API
 * processes drop the principals they keep (principal-cache.ts).
 */
export class ApiKeysService implements KeyResolver {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly accounts: AccountsRepository,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
    private readonly changes: KeyChangeAnnouncer = NO_ANNOUNCER,
  ) {}

  async create(request: CreateKeyRequest): Promise<IssuedKey> {
    const account = await this.accounts.findOrCreate(request.account, this.now());
    const key = generateApiKey(this.prefix);
    const record = Object.assign(new ApiKeyEntity(), {
      id: newId('key'),
      accountId: account.id,
      name: request.name ?? `${request.account} ${request.tier} key`,
      tier: request.tier,
      permissions: request.permissions ?? [...PERMISSIONS],
      keyHash: hashApiKey(key),
      keyHint: key.slice(-4),
      rateLimitPerMinute: request.rateLimitPerMinute ?? null,
      concurrentRenders: request.concurrentRenders ?? null,
      monthlyRenders: request.monthlyRenders ?? null,
      maxStorageGb: request.maxStorageGb ?? null,
      createdAt: this.now(),
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: request.expiresAt ?? null,
      replacedBy: null,
    });
    await this.keys.insert(record);
    return { key, record, account };
  }

  async list(accountName?: string): Promise<Array<ApiKeyEntity & { accountName: string }>> {
    const accounts = await this.accounts.all();
    const names = new Map(accounts.map((account) => [account.id, account.name]));
    const keys = await this.keys.list(accountName ? (accounts.find((a) => a.name === accountName)?.id ?? '-') : undefined);
    return keys.map((key) => Object.assign(key, { accountName: names.get(key.accountId) ?? '?' }));
  }

  find(keyId: string): Promise<ApiKeyEntity | null> {
    return this.keys.findById(keyId);
  }

  /**
   * Revocation takes effect on the next request of every API process once announced; also
   * announced when the key was already revoked, so repeating a revoke whose announcement failed repairs it.
   * Throws KeyChangeNotAnnounced when the announcement fails (the key is revoked in the database all the same).
   */
  async revoke(keyId: string): Promise<boolean> {
    const revoked = await this.keys.revoke(keyId, this.now());
    await this.changes.announce().catch((error: unknown) => {
      throw new KeyChangeNotAnnounced(keyId, 'revoked', error);
    });
    return revoked;
  }

  /**
   * Issues a replacement key; the old one keeps working for the grace period, then expires.
   * A key is rotated once: rotating it again would leave two live successors, so rotate the successor.
   */
  async rotate(keyId: string, graceHours: number): Promise<IssuedKey> {
    if (!Number.isFinite(graceHours) || graceHours < 0) throw new Error(`grace period must be 0 hours or more, not ${graceHours}`);
    const old = await this.keys.findById(keyId);
    if (!old) throw new Error(`no key with id ${keyId}`);
    if (old.revokedAt !== null) throw new Error(`key ${keyId} is revoked; create a new key instead`);
    if (old.replacedBy !== null) throw new Error(`key ${keyId} was already rotated; rotate its successor ${old.replacedBy} instead`);
    if (old.expiresAt !== null && old.expiresAt <= this.now()) throw new Error(`key ${keyId} has expired; create a new key instead`);
    const account = await this.accounts.findById(old.accountId);
    if (!account) throw new Error(`key ${keyId} belongs to no account`);
    const issued = await this.create({
      account: account.name,
      tier: old.tier,
      permissions: old.permissions,
      name: old.name,
      expiresAt: old.expiresAt,
      rateLimitPerMinute: old.rateLimitPerMinute,
      concurrentRenders: old.concurrentRenders,
      monthlyRenders: old.monthlyRenders,
      maxStorageGb: old.maxStorageGb,
    });
    const graceEnd = this.now() + graceHours * 3_600_000;
    const marked = await this.keys.markReplaced(old.id, issued.record.id, old.expiresAt === null ? graceEnd : Math.min(old.expiresAt, graceEnd));
    if (!marked) {
      // A concurrent rotate or revoke won the race: the successor issued here must never work.
      await this.keys.delete(issued.record.id);
      throw new Error(`key ${keyId} was rotated or revoked meanwhile; list the keys and try again`);
    }
    // The new key must reach its owner even when the announcement fails: it is reported beside the key, not thrown.
    const notAnnounced = await this.changes.announce().then(
      () => undefined,
      (error: unknown) => new KeyChangeNotAnnounced(keyId, 'rotated', error),
    );
    return notAnnounced ? { ...issued, notAnnounced } : issued;
  }

  /** The principal of a bearer key, or null for any key that must not work (same answer for every reason). */
  async authenticate(presented: string): Promise<Principal | null> {
    return (await this.resolve(presented))?.principal ?? null;
  }

  /** The principal of a working key with the key's expiry (how long it may be kept), else null. */
  async resolve(presented: string): Promise<ResolvedKey | null> {
    if (!isWellFormedKey(presented, this.prefix)) return null;
    const hash = hashApiKey(presented);
    const record = await this.keys.findByHash(hash);
    if (!record || !hashesEqual(record.keyHash, hash)) return null;
    const resolved = this.working(record);
    const now = this.now();
    if (resolved && (record.lastUsedAt === null || now - record.lastUsedAt > LAST_USED_WRITE_INTERVAL_MS)) {
      void this.keys.touch(record.id, now).catch(() => undefined);
    }
    return resolved;
  }

  /** As `resolve`, by the key's id: for an answer that outlives the request that authenticated it (an event stream). */
  async current(keyId: string): Promise<ResolvedKey | null> {
    const record = await this.keys.findById(keyId);
    return record ? this.working(record) : null;
  }

  /** The principal of a key that is neither revoked nor expired, with its expiry; else null. */
  private working(record: ApiKeyEntity): ResolvedKey | null {
    if (record.revokedAt !== null || (record.expiresAt !== null && record.expiresAt <= this.now())) return null;
    const principal: Principal = {
      keyId: record.id,
      accountId: record.accountId,
      tier: record.tier,
      permissions: record.permissions,
      limits: limitsForKey(record),
    };
    return { principal, expiresAt: record.expiresAt };
  }

  async hasAnyKey(): Promise<boolean> {
    return (await this.keys.count()) > 0;
  }
}
