import { z } from 'zod';
import { AggregateRatingSchema } from './aggregate-rating-schema.ts';
import { BusinessSchema } from './business-schema.ts';
import { ModerationRecordSchema } from './moderation-schema.ts';
import { CalendarDateSchema } from './primitives.ts';
import { ReviewSchema } from './review-schema.ts';

/** GET /reviews.json */
export const ReviewsDocumentSchema = z
  .object({
    version: z.literal('1.0.0'),
    updated: CalendarDateSchema.nullable().meta({
      description: 'Newest date in the data (a review written, verified or replied to); null when empty.',
    }),
    business: BusinessSchema,
    aggregateRating: AggregateRatingSchema,
    moderation: ModerationRecordSchema,
    reviews: z.array(ReviewSchema).meta({ description: 'All verified reviews, newest first, ties by id.' }),
  })
  .strict()
  .meta({ id: 'ReviewsDocument' });
export type ReviewsDocument = z.infer<typeof ReviewsDocumentSchema>;

/** GET /api/reviews/since/{date} */
export const SinceDocumentSchema = z
  .object({
    since: CalendarDateSchema,
    count: z.int().min(0),
    updated: CalendarDateSchema.nullable(),
    reviews: z.array(ReviewSchema).meta({ description: 'Reviews dated on or after `since`, newest first, ties by id.' }),
  })
  .strict()
  .meta({ id: 'SinceDocument' });
export type SinceDocument = z.infer<typeof SinceDocumentSchema>;
