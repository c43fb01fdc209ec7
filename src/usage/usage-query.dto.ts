import { ApiPropertyOptional } from '@nestjs/swagger';
import { EnumField } from '../../common/validation/field-rules.decorator';

export const USAGE_PERIODS = ['current_month', 'last_month', 'current_week', 'last_week', 'today', 'yesterday'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

export class UsageQueryDto {
  @ApiPropertyOptional({ enum: USAGE_PERIODS, default: 'current_month', })
  @EnumField(USAGE_PERIODS)
  period: UsagePeriod = 'current_month';
}
