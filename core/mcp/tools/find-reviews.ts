import { FindQuerySchema } from '../../find/find-query-schema.ts';
import { FindResponseSchema } from '../../find/find-response-schema.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

/**
 * The MCP twin of GET /api/reviews/find (an extension beyond the interface specification): the same
 * Zod schema, the same engine, the same body, so an agent and an HTTP client get the same ranking.
 */
export const findReviewsDescriptor = defineToolDescriptor({
  name: 'find_reviews',
  title: 'Find reviews by relevance',
  description:
    'Use when you have words rather than exact filters: a topic ("leak after hail"), a name you are not sure how to ' +
    'spell ("Prya", "big dave"), a service in the customer\'s words ("new roof", "skylight") or a town. Ranked best match ' +
    'first, typo-tolerant, the last word also as a prefix; a review needs most of the words (the rare ones count most), so a whole question works; matches review text, technician names and aliases, service ' +
    'names and synonyms, and service areas. Each review comes with `score` and `highlights` (character offsets of the ' +
    'matched words). Use search_reviews instead for exact filters (rating, dates, a technician or service id, an exact ' +
    'phrase), for newest-first listings, for counting, or to page through every match. Same arguments and results as ' +
    'GET /api/reviews/find.',
  inputSchema: FindQuerySchema,
  outputSchema: FindResponseSchema,
});
