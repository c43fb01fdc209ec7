import type { ApiKeyEntity } from './api-key.entity';
import type { Tier, TierLimits } from './auth.types';

/** Spec v3 Limits plus the quotas of docs/usage.md ("Quotas"). Enterprise keys carry their own numbers (pro's when unset). */
export const TIER_LIMITS: Record<Tier, TierLimits> = {
  standard: { requestsPerMinute: 100, concurrentRenders: 5, monthlyRenders: 1_000, maxStorageGb: 10 },
  pro: { requestsPerMinute: 500, concurrentRenders: 20, monthlyRenders: 10_000, maxStorageGb: 100 },
  enterprise: { requestsPerMinute: 500, concurrentRenders: 20, monthlyRenders: 10_000, maxStorageGb: 100 },
};

export function limitsForKey(key: Pick<ApiKeyEntity, 'tier' | 'rateLimitPerMinute' | 'concurrentRenders' | 'monthlyRenders' | 'maxStorageGb'>): TierLimits {
  const base = TIER_LIMITS[key.tier];
  return {
    requestsPerMinute: key.rateLimitPerMinute ?? base.requestsPerMinute,
    concurrentRenders: key.concurrentRenders ?? base.concurrentRenders,
    monthlyRenders: key.monthlyRenders ?? base.monthlyRenders,
    maxStorageGb: key.maxStorageGb ?? base.maxStorageGb,
  };
}
