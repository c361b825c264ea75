import type { AggregateRating } from '../schemas/aggregate-rating-schema.ts';

/** Rounds to 2 decimals the way people expect (4.675 → 4.68), avoiding binary-float surprises. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Average (2 decimals), count and 1–5 histogram of a set of ratings. */
export function computeAggregateRating(reviews: readonly { rating: number }[]): AggregateRating {
  const histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let sum = 0;
  for (const { rating } of reviews) {
    histogram[String(rating) as keyof typeof histogram]++;
    sum += rating;
  }
  const count = reviews.length;
  return { average: count === 0 ? 0 : round2(sum / count), count, bestRating: 5, worstRating: 1, histogram };
}
