import type { Business } from '../schemas/business-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import type { SearchQuery } from './search-query-schema.ts';

/** Result of one search: the page of reviews and how many matched in all. */
export interface SearchResult {
  reviews: Review[];
  total: number;
}

/**
 * The one query engine behind GET /api/reviews/search and the MCP tool search_reviews.
 * `offset` supports MCP cursor paging; results are newest first, ties by id.
 */
export interface SearchEngine {
  search(query: SearchQuery, offset?: number): SearchResult;
}

export type CreateSearchEngine = (reviews: readonly Review[], business: Pick<Business, 'technicians' | 'services'>) => SearchEngine;
