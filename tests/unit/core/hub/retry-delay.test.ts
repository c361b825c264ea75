import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelay } from '../../../../core/hub/retry-delay.ts';

describe('retryDelay', () => {
  const delays = [30_000, 300_000, 1_800_000];
  it('follows the configured schedule without jitter', () => {
    expect(retryDelay(1, delays, () => 0.5)).toBe(30_000);
    expect(retryDelay(2, delays, () => 0.5)).toBe(300_000);
    expect(retryDelay(3, delays, () => 0.5)).toBe(1_800_000);
    expect(retryDelay(4, delays, () => 0.5)).toBe(3_600_000);
    expect(retryDelay(40, delays, () => 0.5)).toBe(MAX_RETRY_DELAY_MS);
  });
  it('spreads by ±jitter from the injected random source', () => {
    expect(retryDelay(1, delays, () => 0, 0.2)).toBe(24_000);
    expect(retryDelay(1, delays, () => 0.999999, 0.2)).toBe(36_000);
    expect(retryDelay(1, delays, () => 0.3, 0)).toBe(30_000);
  });
  it('stays inside the jitter band and grows with the attempt (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const d = retryDelay(attempt, delays, () => r, 0.2);
        const base = retryDelay(attempt, delays, () => 0.5, 0.2);
        expect(d).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(d).toBeLessThanOrEqual(Math.ceil(base * 1.2));
        if (attempt > 1) expect(base).toBeGreaterThanOrEqual(retryDelay(attempt - 1, delays, () => 0.5, 0.2));
      }),
    );
  });
});
