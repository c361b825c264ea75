/** The normal and Student's t quantiles the writer-shift spread is scaled with, against printed tables. */
import { describe, expect, it } from 'vitest';
import { normalQuantile, studentTQuantile } from '../../../../../core/insights/quantify/student-t.ts';

describe('normalQuantile', () => {
  it.each([
    [0.5, 0],
    [0.95, 1.6449],
    [0.975, 1.96],
    [0.05, -1.6449],
  ])('P(Z ≤ z) = %s at z = %s', (p, z) => expect(normalQuantile(p)).toBeCloseTo(z, 3));
});

describe('studentTQuantile', () => {
  // Student's t table (one-sided 95% and 97.5%).
  it.each([
    [0.95, 3, 2.3534],
    [0.95, 4, 2.1318],
    [0.95, 5, 2.015],
    [0.95, 10, 1.8125],
    [0.95, 30, 1.6973],
    [0.975, 5, 2.5706],
  ])('p %s with %s degrees of freedom is %s', (p, df, t) => expect(Math.abs(studentTQuantile(p, df) - t)).toBeLessThan(0.002));
  it('tends to the normal as the degrees of freedom grow', () => {
    expect(studentTQuantile(0.95, 10_000)).toBeCloseTo(normalQuantile(0.95), 3);
  });
});
