import { compareReviews } from '../model/compare-reviews.ts';
import type { Business } from '../schemas/business-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import { foldText } from './fold-text.ts';
import { mentionsService, mentionsTechnician } from './match-mentions.ts';
import type { SearchResult } from './search-engine.ts';
import type { SearchQuery } from './search-query-schema.ts';

/**
 * Reference implementation of the search semantics, written for obviousness, not speed: every
 * filter is a predicate, they combine with AND, results are newest first with ties by id.
 * The property test holds the indexed engine (create-search-engine.ts) to exactly this.
 */
export function searchReviewsNaive(
  reviews: readonly Review[],
  business: Pick<Business, 'technicians' | 'services'>,
  query: SearchQuery,
  offset = 0,
): SearchResult {
  const folded = query.query === undefined ? undefined : foldText(query.query);
  const matches = reviews
    .filter(
      (r) =>
        (query.rating === undefined || r.rating === query.rating) &&
        (query.min_rating === undefined || r.rating >= query.min_rating) &&
        (query.since === undefined || r.date >= query.since) &&
        (query.until === undefined || r.date <= query.until) &&
        (folded === undefined || foldText(r.text).includes(folded)) &&
        (query.mentions_technician === undefined || mentionsTechnician(r.technicians, query.mentions_technician, business.technicians)) &&
        (query.mentions_service === undefined || mentionsService(r.services, query.mentions_service)),
    )
    .sort(compareReviews);
  return { reviews: matches.slice(offset, offset + query.limit), total: matches.length };
}
