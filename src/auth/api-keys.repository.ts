import { IsNull } from 'typeorm';
import type { Database } from '../database/database';
import { ApiKeyEntity } from './api-key.entity';

/** API key rows (hashes only, never a key). */
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  async insert(record: ApiKeyEntity): Promise<void> {
    await this.db.run((m) => m.insert(ApiKeyEntity, record));
  }

  /** Every key, or the keys of one account, oldest first. */
  list(accountId?: string): Promise<ApiKeyEntity[]> {
    return this.db.run((m) => m.find(ApiKeyEntity, { where: accountId === undefined ? {} : { accountId }, order: { createdAt: 'ASC' } }));
  }

  findById(keyId: string): Promise<ApiKeyEntity | null> {
    return this.db.run((m) => m.findOneBy(ApiKeyEntity, { id: keyId }));
  }

  findByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.db.run((m) => m.findOneBy(ApiKeyEntity, { keyHash }));
  }

  async count(): Promise<number> {
    return this.db.run((m) => m.count(ApiKeyEntity));
  }

  /** Revokes a live key; false when it was already revoked or does not exist. */
  async revoke(keyId: string, at: number): Promise<boolean> {
    const result = await this.db.run((m) => m.update(ApiKeyEntity, { id: keyId, revokedAt: IsNull() }, { revokedAt: at }));
    return (result.affected ?? 0) > 0;
  }

  /** Records `successorId` as the key's replacement, expiring at `expiresAt`; false when it was rotated or revoked meanwhile. */
  async markReplaced(keyId: string, successorId: string, expiresAt: number): Promise<boolean> {
    const result = await this.db.run((m) =>
      m.update(ApiKeyEntity, { id: keyId, replacedBy: IsNull(), revokedAt: IsNull() }, { replacedBy: successorId, expiresAt }),
    );
    return (result.affected ?? 0) > 0;
  }

  async delete(keyId: string): Promise<void> {
    await this.db.run((m) => m.delete(ApiKeyEntity, { id: keyId }));
  }

  async touch(keyId: string, at: number): Promise<void> {
    await this.db.run((m) => m.update(ApiKeyEntity, { id: keyId }, { lastUsedAt: at }));
  }
}
