import { z } from 'zod';
import { CalendarDateSchema, isCalendarDate } from '../schemas/primitives.ts';

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;

/**
 * Filters of GET /api/reviews/search and of the MCP tool search_reviews: one schema for both.
 * Values are typed (numbers are numbers); the HTTP layer turns query strings into this shape first.
 */
export const SearchQuerySchema = z
  .object({
    rating: z.int().min(1).max(5).optional().meta({ description: 'Exact star rating (integer 1–5).' }),
    min_rating: z.number().min(1).max(5).optional().meta({ description: 'Minimum star rating, inclusive (number 1–5).' }),
    since: CalendarDateSchema.optional().meta({ description: 'Only reviews dated on or after this date (YYYY-MM-DD).' }),
    until: CalendarDateSchema.optional().meta({ description: 'Only reviews dated on or before this date (YYYY-MM-DD).' }),
    query: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Substring of the review text; case- and accent-insensitive ("ÉTÉ" matches "été" and "ete").' }),
    mentions_technician: z.string().min(1).max(100).optional().meta({ description: "Technician's display name, alias or id, case-insensitive." }),
    mentions_service: z.string().min(1).max(100).optional().meta({ description: 'Service id, e.g. roof-replacement.' }),
    limit: z
      .int()
      .min(1)
      .max(SEARCH_LIMIT_MAX)
      .default(SEARCH_LIMIT_DEFAULT)
      .meta({ description: `Maximum number of reviews returned (1–${SEARCH_LIMIT_MAX}, default ${SEARCH_LIMIT_DEFAULT}).` }),
  })
  .strict()
  .superRefine((q, ctx) => {
    // Compared only when both are real dates, so one bad date gives one issue, not two.
    if (q.since && q.until && isCalendarDate(q.since) && isCalendarDate(q.until) && q.since > q.until) {
      ctx.addIssue({ code: 'custom', path: ['since'], message: 'since must not be after until' });
    }
  });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;
