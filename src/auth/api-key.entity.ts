import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber, jsonText } from '../database/columns';
import type { Permission, Tier } from './auth.types';

@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;
  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  tier!: Tier;

  @Column({ type: 'text', transformer: jsonText<Permission[]>() })
  permissions!: Permission[];

  /** SHA-256 of the whole key (hex). The key itself is never stored. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64, unique: true })
  keyHash!: string;

  /** Last four characters, to tell keys apart in listings. */
  @Column({ name: 'key_hint', type: 'varchar', length: 8 })
  keyHint!: string;

  /** Enterprise (or per-key) overrides; null = the tier's value. */
  @Column({ name: 'rate_limit_per_minute', type: 'integer', nullable: true })
  rateLimitPerMinute!: number | null;

  @Column({ name: 'concurrent_renders', type: 'integer', nullable: true })
  concurrentRenders!: number | null;

  @Column({ name: 'monthly_renders', type: 'integer', nullable: true })
  monthlyRenders!: number | null;

  @Column({ name: 'max_storage_gb', type: 'double precision', nullable: true })
  maxStorageGb!: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: asNumber })
  createdAt!: number;

  @Column({ name: 'last_used_at', type: 'bigint', nullable: true, transformer: asNumber })
  lastUsedAt!: number | null;

  @Column({ name: 'revoked_at', type: 'bigint', nullable: true, transformer: asNumber })
  revokedAt!: number | null;

  @Column({ name: 'expires_at', type: 'bigint', nullable: true, transformer: asNumber })
  expiresAt!: number | null;

  /** Set on the old key by `rotate`: the key that replaces it. */
  @Column({ name: 'replaced_by', type: 'varchar', length: 40, nullable: true })
  replacedBy!: string | null;
}
