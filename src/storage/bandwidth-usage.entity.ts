import { Column, Entity, PrimaryColumn } from 'typeorm';
import { asNumber } from '../database/columns';

/** Bytes of output served per account and UTC day (local storage; an object store bills its own egress). */
@Entity({ name: 'bandwidth_usage' })
export class BandwidthUsageEntity {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 40 })
  accountId!: string;

  /** Start of the UTC day, epoch milliseconds. */
  @PrimaryColumn({ type: 'bigint', transformer: asNumber })
  day!: number;

  @Column({ type: 'bigint', transformer: asNumber })
  bytes!: number;
}
