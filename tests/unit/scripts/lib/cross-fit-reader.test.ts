import { describe, expect, it } from 'vitest';
import { sharedPart } from '../../../../scripts/lib/cross-fit-reader.ts';

describe('sharedPart: how much of the writer shift the aspects of one writer have in common', () => {
  it('is all of it when every aspect of a writer is off by the same amount', () => {
    const writers = [
      [0.1, 0.1, 0.1],
      [-0.1, -0.1, -0.1, -0.1],
    ];
    expect(sharedPart(writers, 0.01)).toBe(1);
  });

  it('is none of it when the aspects of a writer are off in opposite directions', () => {
    expect(
      sharedPart(
        [
          [0.1, -0.1],
          [-0.1, 0.1],
        ],
        0.01,
      ),
    ).toBe(0);
  });

  it('is the mean product of two aspects of one writer over the variance', () => {
    // of the six pairs of each writer only one multiplies to 0.04 (0.2 × 0.2): mean 0.04 / 6, over 0.02
    const writers = [
      [0.2, 0, 0.2, 0],
      [-0.2, 0, -0.2, 0],
    ];
    expect(sharedPart(writers, 0.02)).toBeCloseTo(1 / 3, 4);
  });

  it('is 0 when nothing was measured or no excess is left', () => {
    expect(sharedPart([[0.1], [0.2]], 0.01)).toBe(0);
    expect(sharedPart([[0.1, 0.1]], 0)).toBe(0);
  });
});
