/** The find engine's contract (its results and the one call), apart from how it is built, so its parts can name it without a cycle. */
import type { Review } from '../schemas/review-schema.ts';
import type { FindQuery } from './find-query-schema.ts';
import type { Highlight } from './find-response-schema.ts';

/** One ranked result. */
export interface FindHit {
  review: Review;
  score: number;
  highlights: Highlight[];
}

export interface FindResult {
  hits: FindHit[];
  /** Reviews that matched, before `limit`. */
  total: number;
  /** True when every review counted in `total` has every query word; false when some have only most (or some) of them. */
  matchedAll: boolean;
}

/** Ranked, typo-tolerant search over one build's reviews: GET /api/reviews/find and the MCP tool find_reviews. */
export interface FindEngine {
  find(query: FindQuery): FindResult;
}
