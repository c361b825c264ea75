import { describe, expect, it } from 'vitest';
import { computeAggregateRating } from '../../../../core/model/aggregate-rating.ts';

describe('computeAggregateRating', () => {
  it('averages to 2 decimals with a histogram', () => {
    expect(computeAggregateRating([5, 5, 4, 1, 5, 3].map((rating) => ({ rating })))).toEqual({
      average: 3.83,
      count: 6,
      bestRating: 5,
      worstRating: 1,
      histogram: { '1': 1, '2': 0, '3': 1, '4': 1, '5': 3 },
    });
  });
  it('is 0 with no reviews', () => {
    expect(computeAggregateRating([]).average).toBe(0);
  });
});
