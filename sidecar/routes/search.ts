import { parseSearchParams, searchErrorSummary } from '../../core/search/parse-search-params.ts';
import type { SearchResponse } from '../../core/search/search-response-schema.ts';
import type { FastHandler } from '../http/fast-handler.ts';
import { queryRoute, type QueryRouteDeps } from './query-route.ts';

/**
 * GET /api/reviews/search: query string → SearchQuery (400 with one issue per problem, the error line
 * naming the accepted parameters when one is unknown), then the engine of the current build.
 */
export function searchRoute(deps: QueryRouteDeps): FastHandler {
  return queryRoute(deps, {
    name: 'search',
    parse: parseSearchParams,
    summary: searchErrorSummary,
    answer: (snapshot, filters): SearchResponse => {
      const result = snapshot.search.search(filters);
      return { reviews: result.reviews, count: result.reviews.length, total: result.total, filters };
    },
  });
}
