import type { ClaimedDelivery } from './hub-store.ts';

/** A nullable text column as a string or null (SQLite and PostgreSQL drivers return different types). */
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
/** A numeric column as a number (PostgreSQL returns BIGINT as a string). */
export const num = (v: unknown): number => Number(v);

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
