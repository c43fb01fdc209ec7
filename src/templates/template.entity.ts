import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber, jsonText } from '../database/columns';
import type { TemplateFields } from './template-merge';

/** A stored template of an account (migration Templates1764200000000). */
@Entity({ name: 'templates' })
export class TemplateEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** The create body with its placeholders, as checked at creation (never a webhook secret or headers). */
  @Column({ type: 'text', transformer: jsonText<Record<string, unknown>>() })
  body!: Record<string, unknown>;

  @Column({ type: 'text', transformer: jsonText<TemplateFields>() })
  fields!: TemplateFields;

  @Column({ name: 'created_at', type: 'bigint', transformer: asNumber })
  createdAt!: number;
}
