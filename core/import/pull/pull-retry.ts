import { retryDelay } from '../../hub/retry-delay.ts';

/** Spread of each backoff delay: ±50 %, so pulls that failed together do not retry in lockstep. */
export const PULL_RETRY_JITTER = 0.5;

/** Statuses worth another try: rate limited, and the server's own failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || (status >= 500 && status <= 599);
}

/**
 * Milliseconds a `Retry-After` header asks for (RFC 9110 §10.2.3: delay-seconds or an HTTP-date), or
 * undefined when absent or malformed. `nowMs` is the wall clock (injected: core reads no clock).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * Delay before retry number `attempt` (1 = the first retry): what the server asked for in Retry-After
 * when it did, else exponential backoff from `baseMs` (doubling per attempt) with jitter from the
 * injected random source — the hub's retryDelay with a one-entry schedule.
 */
export function pullRetryDelay(attempt: number, baseMs: number, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  return retryDelay(attempt, [baseMs], random, PULL_RETRY_JITTER);
}
