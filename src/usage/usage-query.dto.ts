import { ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { EnumField } from '../common/validation/field-rules.decorator';
import { validateQuery } from '../common/validation/validate-body';

export const USAGE_PERIODS = ['current_month', 'last_month', 'current_week', 'last_week', 'today', 'yesterday'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

export class UsageQueryDto {
  @ApiPropertyOptional({ enum: USAGE_PERIODS, default: 'current_month' })
  @EnumField(USAGE_PERIODS)
  period: UsagePeriod = 'current_month';
}

/** The controller validates a plain record (validateUsageQuery), so Nest cannot infer the parameter: described from the same list. */
export function ApiUsageQuery(): MethodDecorator {
  return ApiQuery({
    name: 'period',
    required: false,
    description: 'UTC calendar period',
    schema: { type: 'string', enum: [...USAGE_PERIODS], default: 'current_month' },
  });
}

/** GET /v3/usage query → the period (default current_month). */
export function validateUsageQuery(query: unknown): UsagePeriod {
  return validateQuery(UsageQueryDto, query).period;
}
