import { describe, expect, it } from 'vitest';
import { createTokenBucketLimiter } from '../../../../sidecar/http/rate-limit.ts';

describe('rate limiter', () => {
  it('allows a burst, then refills over time per client', () => {
    let t = 0;
    const limiter = createTokenBucketLimiter(3, () => t);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(20);
    expect(limiter.take('b')).toBe(0);
    t += 20_000;
    expect(limiter.take('a')).toBe(0);
  });
});
