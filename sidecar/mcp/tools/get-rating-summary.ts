import { countPeriods, summarizeRatings } from '../internal/rating-trend.ts';
import { defineTool, ToolError } from './tool-definition.ts';
import { getRatingSummaryDescriptor, MAX_TREND_PERIODS } from '../../../core/mcp/tools/get-rating-summary.ts';

/** getRatingSummary: the descriptor is core/mcp/tools/get-rating-summary.ts; this adds what it does. */
export const getRatingSummaryTool = defineTool(getRatingSummaryDescriptor, {
  run({ since, until, granularity }, { snapshot }) {
    const reviews = snapshot.reviewsDocument.reviews;
    const from = since ?? reviews.at(-1)?.date;
    const to = until ?? reviews[0]?.date;
    if (from && to && from <= to && countPeriods(from, to, granularity) > MAX_TREND_PERIODS) {
      throw new ToolError(
        `Invalid arguments for get_rating_summary: the range ${from} to ${to} has more than ${MAX_TREND_PERIODS} ${granularity}s. ` +
          'Narrow since/until or use granularity "quarter".',
      );
    }
    const { rating, from: start, to: end, trend } = summarizeRatings(reviews, { since, until }, granularity);
    return { from: start, to: end, granularity, average: rating.average, count: rating.count, histogram: rating.histogram, trend };
  },
});
