export interface RateLimiter {
  /** Takes one token for `key`; returns 0 when allowed, else the seconds until a token is available. */
  take(key: string): number;
}

/** Most client buckets kept; beyond it, full buckets (idle clients) are forgotten first. */
const MAX_KEYS = 10_000;

/**
 * Token bucket per client address: `perMinute` requests per minute, bursts up to `perMinute`.
 * Memory is bounded: idle buckets are refilled lazily and dropped when the map grows large.
 */
export function createRateLimiter(perMinute: number, now: () => number): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = perMinute / 60_000;

  const prune = (t: number) => {
    for (const [k, b] of buckets) if (b.tokens + (t - b.at) * refillPerMs >= perMinute) buckets.delete(k);
    // Still too many active clients: forget the oldest entries (they get a fresh bucket).
    for (const k of buckets.keys()) {
      if (buckets.size <= MAX_KEYS) break;
      buckets.delete(k);
    }
  };

  return {
    take(key) {
      const t = now();
      if (buckets.size >= MAX_KEYS && !buckets.has(key)) prune(t);
      const b = buckets.get(key) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * refillPerMs);
      b.at = t;
      buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / refillPerMs / 1000));
    },
  };
}
