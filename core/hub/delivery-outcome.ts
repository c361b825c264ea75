/** What one content-distribution attempt means for the subscription. */
export const DELIVERY_OUTCOMES = ['delivered', 'gone', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/**
 * Classifies a delivery attempt by its response status (WebSub §7: only 2xx acknowledges).
 * `410 Gone` removes the subscription at once; everything else — 3xx (redirects are not
 * followed), 4xx, 5xx, a timeout or a connection error (status null) — is a failure to retry.
 */
export function classifyDeliveryOutcome(status: number | null): DeliveryOutcome {
  if (status === null) return 'failed';
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return 'failed';
}

/**
 * Verification of intent (WebSub §5.3): confirmed only by a 2xx answer whose body is exactly the
 * challenge — no trimming, no redirects (a 3xx is a refusal).
 */
export function isChallengeEchoed(status: number | null, body: string, challenge: string): boolean {
  return status !== null && status >= 200 && status < 300 && body === challenge;
}

/** Consecutive failed deliveries after which the hub removes a subscription (spec: Limits). */
export const MAX_CONSECUTIVE_FAILURES = 3;
