import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
  /** Take the client address from the first X-Forwarded-For entry (behind a CDN or proxy). */
  trustProxy: boolean;
  /** Clock in milliseconds. */
  now: () => number;
  /** Policy name in the RateLimit header fields; default "default". */
  name?: string;
}

/** Decides one request: sets the RateLimit headers, returns the seconds to wait when over the limit. */
export type RateLimiter = (req: IncomingMessage, res: ServerResponse) => { limited: false } | { limited: true; retryAfter: number };

/** Clients tracked per window at most; beyond that the window fails open rather than grow. */
const MAX_CLIENTS = 100_000;

/**
 * Fixed-window request counting per client address, with the IETF RateLimit header fields
 * (draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy: "default";q=…;w=…` and
 * `RateLimit: "default";r=…;t=…`). Counts live in memory: one process, one window.
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
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
    const key = clientKey(req, options.trustProxy);
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

function clientKey(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
