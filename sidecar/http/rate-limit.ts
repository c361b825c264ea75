/**
 * The two rate limiters of the sidecar, named for what they do:
 * - createFixedWindowLimiter: every request, counted per client per window, with RateLimit headers;
 * - createTokenBucketLimiter: a smooth per-client budget (hub subscribe requests), bursts allowed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress, type ProxyTrust } from '../../core/http/proxy-trust.ts';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
  /** Which proxies may name the client in X-Forwarded-For (TRUST_PROXY). */
  trust: ProxyTrust;
  /** Clock in milliseconds. */
  now: () => number;
  /** Policy name in the RateLimit header fields; default "default". */
  name?: string;
}

/** Decides one request: sets the RateLimit headers, returns the seconds to wait when over the limit. */
export type RequestRateLimiter = (req: IncomingMessage, res: ServerResponse) => { limited: false } | { limited: true; retryAfter: number };

/** Clients tracked per window at most; beyond that the window fails open rather than grow. */
const MAX_CLIENTS = 100_000;

/**
 * The sidecar-wide limit (RATE_LIMIT_*): fixed-window request counting per client address, with the IETF RateLimit header fields
 * (draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy: "default";q=…;w=…` and
 * `RateLimit: "default";r=…;t=…`). Counts live in memory: one process, one window.
 */
export function createFixedWindowLimiter(options: RateLimitOptions): RequestRateLimiter {
  const windowMs = options.windowSeconds * 1000;
  const name = options.name ?? 'default';
  const policy = `"${name}";q=${options.max};w=${options.windowSeconds}`;
  let windowStart = -Infinity;
  let counts = new Map<string, number>();
  return (req, res) => {
    const now = options.now();
    if (now - windowStart >= windowMs) {
      windowStart = Math.floor(now / windowMs) * windowMs;
      counts = new Map();
    }
    const key = clientKey(req, options.trust);
    const count = (counts.get(key) ?? 0) + 1;
    if (counts.size < MAX_CLIENTS || counts.has(key)) counts.set(key, count);
    const reset = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    // Two limiters may apply to one request (all paths, and the dynamic ones): the fields are lists.
    appendListHeader(res, 'RateLimit-Policy', policy);
    appendListHeader(res, 'RateLimit', `"${name}";r=${Math.max(0, options.max - count)};t=${reset}`);
    return count > options.max ? { limited: true, retryAfter: reset } : { limited: false };
  };
}

function appendListHeader(res: ServerResponse, name: string, value: string): void {
  const existing = res.getHeader(name);
  res.setHeader(name, existing === undefined ? value : `${String(existing)}, ${value}`);
}

/** The client's address as the trusted proxies report it (core/http/proxy-trust.ts). */
function clientKey(req: IncomingMessage, trust: ProxyTrust): string {
  const forwarded = req.headers['x-forwarded-for'];
  return clientAddress(req.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, trust);
}

export interface TokenBucketLimiter {
  /** Takes one token for `key`; returns 0 when allowed, else the seconds until a token is available. */
  take(key: string): number;
}

/** Most client buckets kept; beyond it, full buckets (idle clients) are forgotten first. */
const MAX_KEYS = 10_000;

/**
 * The hub's subscribe limit (HUB_SUBSCRIBE_RATE): a token bucket per client address, `perMinute` requests per minute, bursts up to `perMinute`.
 * Memory is bounded: idle buckets are refilled lazily and dropped when the map grows large.
 */
export function createTokenBucketLimiter(perMinute: number, now: () => number): TokenBucketLimiter {
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
