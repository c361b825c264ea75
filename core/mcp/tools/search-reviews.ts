import { SearchQuerySchema } from '../../search/search-query-schema.ts';
import { SearchResponseSchema } from '../../search/search-response-schema.ts';
import { CursorArgumentSchema, NextCursorSchema, defineToolDescriptor } from '../tool-descriptor.ts';

/**
 * The MCP twin of GET /api/reviews/search: the same Zod schema (plus `cursor`), the same engine, the
 * same response body (plus `nextCursor`), so an agent and an HTTP client see the same reviews.
 */
export const searchReviewsDescriptor = defineToolDescriptor({
  name: 'search_reviews',
  title: 'Search verified reviews',
  description:
    'Use to find reviews matching any combination of filters: exact star rating, minimum rating, date range, a ' +
    'phrase in the text, a technician (name, alias or id) or a service id (see list_technicians / list_services). ' +
    'Filters combine with AND; results are newest first, at most `limit` (default 20, max 100) per call, with ' +
    '`total` matches. For more, call again with `cursor` set to the returned nextCursor and the same filters. ' +
    'Same filters and results as GET /api/reviews/search.',
  inputSchema: SearchQuerySchema.safeExtend({ cursor: CursorArgumentSchema.optional() }),
  outputSchema: SearchResponseSchema.safeExtend({ nextCursor: NextCursorSchema }),
});
