import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber } from '../database/columns';

@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ type: 'varchar', length: 200, unique: true })
  name!: string;

  /** Prepaid balance in USD; null = unlimited (the default). */
  @Column({ name: 'credit_balance_usd', type: 'double precision', nullable: true, transformer: asNumber })
  creditBalanceUsd!: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: asNumber })
  createdAt!: number;
}
