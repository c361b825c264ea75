import { renderSinceDocument } from '../../../core/feeds/render-reviews-document.ts';
import { snapshotDataVersion } from '../internal/snapshot-version.ts';
import { nextPageCursor, pageOffset } from './paging.ts';
import { defineTool } from './tool-definition.ts';
import { getReviewsSinceDescriptor } from '../../../core/mcp/tools/get-reviews-since.ts';

/** getReviewsSince: the descriptor is core/mcp/tools/get-reviews-since.ts; this adds what it does. */
export const getReviewsSinceTool = defineTool(getReviewsSinceDescriptor, {
  run({ date, limit, cursor }, { snapshot, cursors }) {
    const scope = { operation: 'get_reviews_since', filters: { date }, dataVersion: snapshotDataVersion(snapshot) };
    const offset = pageOffset(cursors, scope, cursor);
    const all = renderSinceDocument(snapshot.reviewsDocument.reviews, date);
    const reviews = all.reviews.slice(offset, offset + limit);
    return {
      since: date,
      updated: all.updated,
      total: all.count,
      count: reviews.length,
      reviews,
      nextCursor: nextPageCursor(cursors, scope, offset, reviews.length, all.count),
    };
  },
});
