import type { IncomingMessage, ServerResponse } from 'node:http';
import { BUSY_RETRY_AFTER_SECONDS, type DynamicLimits } from '../../core/http/dynamic-limits.ts';
import type { ProxyTrust } from '../../core/http/proxy-trust.ts';
import { MCP_PATH, SEARCH_PATH, SINCE_PREFIX } from '../../core/model/published-paths.ts';
import { createDynamicScheduler } from './dynamic-scheduler.ts';
import { HttpError } from './errors.ts';
import { sendFastError } from './fast-handler.ts';
import { createFixedWindowLimiter } from './rate-limit.ts';

const SINCE_BASE = SINCE_PREFIX.slice(0, -1);
/** Dynamic work run per turn of the event loop before the loop goes back to I/O. */
const SLICE_MS = 4;

export interface DynamicAdmissionDeps {
  limits: DynamicLimits;
  /** Which proxies may name the client (TRUST_PROXY). */
  trust: ProxyTrust;
  now: () => number;
  /** Headers every response carries (CORS, security). */
  common: readonly [string, string][];
}

/** True for the endpoints whose cost depends on the request: search, since, and MCP. */
export function isDynamicRequest(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === MCP_PATH || path.startsWith(`${MCP_PATH}/`)) return req.method === 'POST' || req.method === 'DELETE';
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return path === SEARCH_PATH || path === `${SEARCH_PATH}/` || path.startsWith(SINCE_BASE);
}

/**
 * Admission for dynamic requests: a per-client rate limit that a real client never meets (429),
 * then a bounded queue (503 with Retry-After when full) whose jobs run after the data documents
 * (see dynamic-scheduler.ts). Returns the status of a refusal, or 0 when `handle` was queued.
 */
export function createDynamicAdmission(deps: DynamicAdmissionDeps) {
  const { limits } = deps;
  const limiter =
    limits.DYNAMIC_RATE_LIMIT_MAX > 0
      ? createFixedWindowLimiter({
          max: limits.DYNAMIC_RATE_LIMIT_MAX,
          windowSeconds: limits.DYNAMIC_RATE_LIMIT_WINDOW_SECONDS,
          trust: deps.trust,
          now: deps.now,
          name: 'dynamic',
        })
      : undefined;
  const scheduler = createDynamicScheduler({ maxPending: limits.DYNAMIC_MAX_PENDING, sliceMs: SLICE_MS, now: deps.now });

  function admit(req: IncomingMessage, res: ServerResponse, handle: () => void): number {
    const head = req.method === 'HEAD';
    const decision = limiter?.(req, res);
    if (decision?.limited) {
      return sendFastError(
        res,
        new HttpError(429, 'Too many requests; retry later', [], { 'Retry-After': String(decision.retryAfter) }),
        deps.common,
        head,
      );
    }
    const release = scheduler.submit(() => {
      // The client may have gone while the request waited: nothing to do then.
      if (!res.destroyed) handle();
    });
    if (!release) {
      const busy = new HttpError(503, 'The server is busy with other searches; retry later', [], { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
      return sendFastError(res, busy, deps.common, head);
    }
    res.once('close', release);
    return 0;
  }

  return { admit, scheduler };
}
