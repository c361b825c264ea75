/** Issue 25 — the pure parts of the live pulls: retry delays and Retry-After. */
import { describe, expect, it } from 'vitest';
import { isRetryableStatus, parseRetryAfter, pullRetryDelay } from '../../../../../core/import/pull/pull-retry.ts';

describe('pull retries', () => {
  it('retries 429, 408 and 5xx only', () => {
    expect([429, 408, 500, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 403, 404].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('backs off exponentially with injected jitter, and honours Retry-After', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((a) => pullRetryDelay(a, 1000, mid))).toEqual([1000, 2000, 4000, 8000]);
    expect(pullRetryDelay(2, 1000, () => 0)).toBe(1000); // -50 %
    expect(pullRetryDelay(2, 1000, () => 0.999_999)).toBe(3000); // +50 %
    expect(pullRetryDelay(3, 1000, mid, 12_000)).toBe(12_000);
  });
});
