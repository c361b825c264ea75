import { z } from 'zod';

const count = z.int().min(0);

export const RatingHistogramSchema = z
  .object({ '1': count, '2': count, '3': count, '4': count, '5': count })
  .strict()
  .meta({ description: 'Number of reviews per star rating.' });
export type RatingHistogram = z.infer<typeof RatingHistogramSchema>;

export const AggregateRatingSchema = z
  .object({
    average: z.number().min(0).max(5).meta({ description: 'Mean star rating, rounded to 2 decimals; 0 when there are no reviews.' }),
    count: count.meta({ description: 'Number of verified reviews.' }),
    bestRating: z.literal(5),
    worstRating: z.literal(1),
    histogram: RatingHistogramSchema,
  })
  .strict()
  .meta({ id: 'AggregateRating' });
export type AggregateRating = z.infer<typeof AggregateRatingSchema>;
