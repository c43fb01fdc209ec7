export const PERMISSIONS = ['tasks:read', 'tasks:write', 'usage:read', 'models:read', 'templates:read', 'templates:write'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const TIERS = ['standard', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** What a request is allowed to do, resolved from its API key. */
export interface Principal {
  keyId: string;
  accountId: string;
  tier: Tier;
  permissions: Permission[];
  limits: TierLimits;
}

export interface TierLimits {
  requestsPerMinute: number;
  concurrentRenders: number;
  monthlyRenders: number;
  maxStorageGb: number;
}
