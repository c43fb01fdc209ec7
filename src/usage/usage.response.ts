import { ApiProperty } from '@nestjs/swagger';
import { USAGE_PERIODS, type UsagePeriod } from './usage-query.dto';

const TIMESTAMP = { type: 'string', format: 'date-time' } as const;

export class UsageFiguresResponse {
  @ApiProperty({ type: 'integer', minimum: 0 })
  total_renders!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  successful_renders!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  failed_renders!: number;

  @ApiProperty({ type: 'number', minimum: 0 })
  total_processing_minutes!: number;

  @ApiProperty({ type: 'number', minimum: 0 })
  total_output_minutes!: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'What the account holds in storage now' })
  storage_used_gb!: number;
}

export class UsageLimitsResponse {
  @ApiProperty({ type: 'integer' })
  monthly_renders!: number;

  @ApiProperty({ type: 'integer' })
  concurrent_renders!: number;

  @ApiProperty({ type: 'number' })
  max_storage_gb!: number;
}

export class CostBreakdownResponse {
  @ApiProperty({ type: 'number' })
  rendering_usd!: number;

  @ApiProperty({ type: 'number' })
  storage_usd!: number;

  @ApiProperty({ type: 'number' })
  bandwidth_usd!: number;
}

export class UsageCostsResponse {
  @ApiProperty({ type: 'number' })
  total_usd!: number;

  @ApiProperty({ type: CostBreakdownResponse })
  breakdown!: CostBreakdownResponse;
}

/** GET /v3/usage → 200 (spec "Usage record"; periods are UTC, end exclusive). */
export class UsageRecordResponse {
  @ApiProperty({ enum: USAGE_PERIODS, enumName: 'UsagePeriod' })
  period!: UsagePeriod;

  @ApiProperty(TIMESTAMP)
  period_start!: string;

  @ApiProperty(TIMESTAMP)
  period_end!: string;

  @ApiProperty({ type: UsageFiguresResponse })
  usage!: UsageFiguresResponse;

  @ApiProperty({ type: UsageLimitsResponse })
  limits!: UsageLimitsResponse;

  @ApiProperty({ type: UsageCostsResponse })
  costs!: UsageCostsResponse;
}
