import { z } from 'zod';
import { ReviewSchema } from '../schemas/review-schema.ts';
import { FindQuerySchema } from './find-query-schema.ts';

/** A matched word in the review text, as UTF-16 code unit offsets (JavaScript string indices). */
export const HighlightSchema = z
  .object({
    field: z.enum(['text', 'title']).meta({ description: 'Which field of the review the offsets point into.' }),
    start: z.int().min(0).meta({ description: 'Offset of the first character (UTF-16 code units, as JavaScript `slice`).' }),
    end: z.int().min(0).meta({ description: 'Offset just past the last character.' }),
  })
  .strict()
  .meta({ id: 'Highlight' });
export type Highlight = z.infer<typeof HighlightSchema>;

/** A review found by ranked search: the published review, plus its score and highlights. */
export const FoundReviewSchema = ReviewSchema.safeExtend({
  score: z.number().min(0).meta({ description: 'Relevance (higher is better); comparable within one response only.' }),
  highlights: z.array(HighlightSchema).meta({ description: 'Words of the review that matched, in text order.' }),
}).meta({ id: 'FoundReview', description: 'A verified review with its relevance score and highlights.' });
export type FoundReview = z.infer<typeof FoundReviewSchema>;

/** 200 body of GET /api/reviews/find (and the structured result of the MCP tool find_reviews). */
export const FindResponseSchema = z
  .object({
    reviews: z.array(FoundReviewSchema).meta({ description: 'Best match first (ties: newest first, then by id); at most `limit`.' }),
    count: z.int().min(0).meta({ description: 'Number of reviews in `reviews`.' }),
    total: z.int().min(0).meta({ description: 'Number of reviews that matched, before `limit`.' }),
    matchedAll: z.boolean().meta({
      description:
        'True when every matching review has every word; false when some match with most of the words (the rare ones weighing most), or, when no review has most, with some of them.',
    }),
    query: FindQuerySchema.meta({ description: 'The effective arguments, defaults applied.' }),
  })
  .strict()
  .meta({ id: 'FindResponse' });
export type FindResponse = z.infer<typeof FindResponseSchema>;
