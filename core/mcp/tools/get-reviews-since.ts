import { z } from 'zod';
import { CalendarDateSchema } from '../../schemas/primitives.ts';
import { ReviewSchema } from '../../schemas/review-schema.ts';
import { CursorArgumentSchema, NextCursorSchema, defineToolDescriptor } from '../tool-descriptor.ts';

const count = z.int().min(0);

/** The MCP twin of GET /api/reviews/since/{date}, paged because that set can be every review. */
export const getReviewsSinceDescriptor = defineToolDescriptor({
  name: 'get_reviews_since',
  title: 'Reviews on or after a date',
  description:
    'Use to catch up on what is new: every review dated on or after `date`, newest first, `limit` per call ' +
    '(default 20, max 100) with `total`; call again with `cursor` = nextCursor for older ones. Same set as ' +
    'GET /api/reviews/since/{date}. For other filters use search_reviews.',
  inputSchema: z
    .object({
      date: CalendarDateSchema.meta({ description: 'First day to include, YYYY-MM-DD.' }),
      limit: z.int().min(1).max(100).default(20).meta({ description: 'Reviews per page (1–100, default 20).' }),
      cursor: CursorArgumentSchema.optional(),
    })
    .strict(),
  outputSchema: z
    .object({
      since: CalendarDateSchema,
      updated: CalendarDateSchema.nullable().meta({ description: 'Newest date among all matching reviews; null when none match.' }),
      total: count.meta({ description: 'Reviews dated on or after `since`.' }),
      count: count.meta({ description: 'Reviews in this page.' }),
      reviews: z.array(ReviewSchema).meta({ description: 'This page, newest first, ties by id.' }),
      nextCursor: NextCursorSchema,
    })
    .strict(),
});
