/** Lease policy in seconds (WebSub §5.1: the hub chooses the granted lease). */
export interface LeasePolicy {
  defaultSeconds: number;
  minSeconds: number;
  maxSeconds: number;
}

/** Default policy: 10 days, clamped to [1 hour, 30 days]. */
export const DEFAULT_LEASE_POLICY: LeasePolicy = { defaultSeconds: 864_000, minSeconds: 3_600, maxSeconds: 2_592_000 };

/**
 * The lease actually granted for a requested `hub.lease_seconds`: the default when none was asked
 * for, otherwise the request clamped into [min, max]. The granted value is what the verification
 * request announces and what the expiry is computed from.
 */
export function grantLease(requested: number | undefined, policy: LeasePolicy = DEFAULT_LEASE_POLICY): number {
  const value = requested === undefined || !Number.isFinite(requested) ? policy.defaultSeconds : Math.floor(requested);
  return Math.min(policy.maxSeconds, Math.max(policy.minSeconds, value));
}
