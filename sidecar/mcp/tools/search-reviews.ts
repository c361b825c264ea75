import { snapshotDataVersion } from '../internal/snapshot-version.ts';
import { nextPageCursor, pageOffset } from './paging.ts';
import { defineTool } from './tool-definition.ts';
import { searchReviewsDescriptor } from '../../../core/mcp/tools/search-reviews.ts';

/** searchReviews: the descriptor is core/mcp/tools/search-reviews.ts; this adds what it does. */
export const searchReviewsTool = defineTool(searchReviewsDescriptor, {
  run(args, { snapshot, cursors }) {
    const { cursor, ...filters } = args;
    const scope = { operation: 'search_reviews', filters, dataVersion: snapshotDataVersion(snapshot) };
    const offset = pageOffset(cursors, scope, cursor);
    const { reviews, total } = snapshot.search.search(filters, offset);
    return { reviews, count: reviews.length, total, filters, nextCursor: nextPageCursor(cursors, scope, offset, reviews.length, total) };
  },
});
