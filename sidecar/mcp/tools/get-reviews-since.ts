import { z } from 'zod';
import { renderSinceDocument } from '../../../core/feeds/render-reviews-document.ts';
import { CalendarDateSchema } from '../../../core/schemas/primitives.ts';
import { ReviewSchema } from '../../../core/schemas/review-schema.ts';
import { snapshotDataVersion } from '../internal/snapshot-version.ts';
import { nextPageCursor, pageOffset } from './paging.ts';
import { CursorArgumentSchema, defineTool, NextCursorSchema } from './tool-definition.ts';

const count = z.int().min(0);

/** The MCP twin of GET /api/reviews/since/{date}, paged because that set can be every review. */
export const getReviewsSinceTool = defineTool({
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
