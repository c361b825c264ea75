import { parseSearchParams, searchErrorSummary } from '../../core/search/parse-search-params.ts';
import type { SearchResponse } from '../../core/search/search-response-schema.ts';
import type { Snapshot, SnapshotSource } from '../data/snapshot.ts';
import type { DynamicResponses } from '../http/dynamic-responses.ts';
import { HttpError } from '../http/errors.ts';
import { sendFastError, type FastHandler } from '../http/fast-handler.ts';

export interface SearchRouteDeps {
  snapshots: SnapshotSource;
  responses: (snapshot: Snapshot) => DynamicResponses;
  common: readonly [string, string][];
}

/**
 * GET /api/reviews/search: query string → SearchQuery (400 with one issue per problem), then the
 * engine of the current build. The body is keyed by the effective filters, so `?rating=5` and
 * `?limit=20&rating=5` share one body and one ETag within a build; a repeated search is a map
 * lookup and one write.
 */
export function searchRoute(deps: SearchRouteDeps): FastHandler {
  return (req, res) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const parsed = parseSearchParams(q === -1 ? '' : url.slice(q + 1));
    if (!parsed.ok)
      return sendFastError(res, new HttpError(400, searchErrorSummary(parsed.issues), parsed.issues), deps.common, req.method === 'HEAD');
    const filters = parsed.value;
    const snapshot = deps.snapshots.current();
    return deps.responses(snapshot).send(req, res, `search:${JSON.stringify(filters)}`, () => {
      const result = snapshot.search.search(filters);
      const body: SearchResponse = { reviews: result.reviews, count: result.reviews.length, total: result.total, filters };
      return { parts: [Buffer.from(JSON.stringify(body))], lastModified: snapshot.documents.get('/reviews.json')?.lastModified ?? null };
    });
  };
}
