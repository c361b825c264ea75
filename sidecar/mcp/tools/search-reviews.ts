import { SearchQuerySchema } from '../../../core/search/search-query-schema.ts';
import { SearchResponseSchema } from '../../../core/search/search-response-schema.ts';
import { snapshotDataVersion } from '../internal/snapshot-version.ts';
import { nextPageCursor, pageOffset } from './paging.ts';
import { CursorArgumentSchema, defineTool, NextCursorSchema } from './tool-definition.ts';

/**
 * The MCP twin of GET /api/reviews/search: the same Zod schema (plus `cursor`), the same engine, the
 * same response body (plus `nextCursor`), so an agent and an HTTP client see the same reviews.
 */
export const searchReviewsTool = defineTool({
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
  run(args, { snapshot, cursors }) {
    const { cursor, ...filters } = args;
    const scope = { operation: 'search_reviews', filters, dataVersion: snapshotDataVersion(snapshot) };
    const offset = pageOffset(cursors, scope, cursor);
    const { reviews, total } = snapshot.search.search(filters, offset);
    return { reviews, count: reviews.length, total, filters, nextCursor: nextPageCursor(cursors, scope, offset, reviews.length, total) };
  },
});
