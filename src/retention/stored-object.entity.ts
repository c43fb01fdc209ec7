import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber } from '../database/columns';

export type StoredObjectKind = 'video' | 'thumbnail' | 'preview';

/** Every file a render put in storage: accounting (storage_used_gb) and retention. */
@Entity({ name: 'stored_objects' })
export class StoredObjectEntity {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId!: string;

  @Column({ name: 'task_id', type: 'varchar', length: 40 })
  taskId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: StoredObjectKind;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: asNumber })
  sizeBytes!: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: asNumber })
  createdAt!: number;

  @Column({ name: 'expires_at', type: 'bigint', transformer: asNumber })
  expiresAt!: number;

  @Column({ name: 'deleted_at', type: 'bigint', nullable: true, transformer: asNumber })
  deletedAt!: number | null;
}
