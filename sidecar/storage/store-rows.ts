import type { ClaimedDelivery, PendingVerification, SubscriptionRecord } from './hub-store.ts';

/** A nullable text column as a string or null (SQLite and PostgreSQL drivers return different types). */
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
/** A numeric column as a number (PostgreSQL returns BIGINT as a string). */
export const num = (v: unknown): number => Number(v);

type Row = Record<string, unknown>;

/** One subscription from a row of either store's `subscriptions` table. */
export function toSubscription(r: Row): SubscriptionRecord {
  return {
    id: String(r.id),
    callback: String(r.callback),
    topic: String(r.topic),
    host: String(r.host),
    secret: str(r.secret),
    leaseSeconds: num(r.lease_seconds),
    expiresAt: num(r.expires_at),
    createdAt: num(r.created_at),
    verifiedAt: num(r.verified_at),
    failures: num(r.failures),
  };
}

/** One pending verification from a row of either store's `verifications` table. */
export function toVerification(r: Row): PendingVerification {
  return {
    id: String(r.id),
    mode: r.mode === 'unsubscribe' ? 'unsubscribe' : 'subscribe',
    callback: String(r.callback),
    topic: String(r.topic),
    host: String(r.host),
    secret: str(r.secret),
    leaseSeconds: num(r.lease_seconds),
    createdAt: num(r.created_at),
  };
}

/** One claimed delivery from a row of either store's claim query (same column names in both schemas). */
export function claimedDeliveryOf(r: Record<string, unknown>): ClaimedDelivery {
  return {
    id: String(r.id),
    subscriptionId: String(r.subscription_id),
    callback: String(r.callback),
    topic: String(r.topic),
    host: String(r.host),
    secret: str(r.secret),
    contentHash: String(r.content_hash),
    attempts: num(r.attempts),
    failures: num(r.failures),
  };
}
