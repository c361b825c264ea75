import { z } from 'zod';
import { ReviewSchema } from '../schemas/review-schema.ts';
import { SearchQuerySchema } from './search-query-schema.ts';

/** 200 body of GET /api/reviews/search (and the structured result of the MCP tool search_reviews). */
export const SearchResponseSchema = z
  .object({
    reviews: z.array(ReviewSchema).meta({ description: 'Matching reviews, newest first, ties by id; at most `limit`.' }),
    count: z.int().min(0).meta({ description: 'Number of reviews in `reviews`.' }),
    total: z.int().min(0).meta({ description: 'Number of reviews matching all filters, before `limit`.' }),
    filters: SearchQuerySchema.meta({ description: 'The effective filters, defaults applied.' }),
  })
  .strict()
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
