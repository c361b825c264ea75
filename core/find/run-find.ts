import type { FindEngine } from './create-find-engine.ts';
import type { FindQuery } from './find-query-schema.ts';
import type { FindResponse } from './find-response-schema.ts';

/**
 * The body of GET /api/reviews/find and the structured result of the MCP tool find_reviews: one
 * function for both, so the two answer the same for the same arguments.
 */
export function runFind(engine: FindEngine, query: FindQuery): FindResponse {
  const { hits, total, matchedAll } = engine.find(query);
  const reviews = hits.map((h) => ({ ...h.review, score: h.score, highlights: h.highlights }));
  return { reviews, count: reviews.length, total, matchedAll, query };
}
