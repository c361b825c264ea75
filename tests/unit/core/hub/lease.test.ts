import { describe, expect, it } from 'vitest';
import { DEFAULT_LEASE_POLICY, grantLease } from '../../../../core/hub/lease.ts';

describe('grantLease', () => {
  it('defaults to 10 days and clamps to [1 h, 30 d]', () => {
    expect(grantLease(undefined)).toBe(864_000);
    expect(grantLease(60)).toBe(3_600);
    expect(grantLease(7_200)).toBe(7_200);
    expect(grantLease(10 ** 9)).toBe(2_592_000);
    expect(grantLease(0, DEFAULT_LEASE_POLICY)).toBe(3_600);
  });
});
