import { parseFindParams } from '../../core/find/parse-find-params.ts';
import { runFind } from '../../core/find/run-find.ts';
import type { FastHandler } from '../http/fast-handler.ts';
import { queryRoute, type QueryRouteDeps } from './query-route.ts';

/**
 * GET /api/reviews/find (an extension beyond the interface specification): ranked, typo-tolerant
 * search. Same error format as search (400 with one issue per problem); bodies and ETags are kept
 * per build by the effective arguments, like search.
 */
export function findRoute(deps: QueryRouteDeps): FastHandler {
  return queryRoute(deps, {
    name: 'find',
    parse: parseFindParams,
    summary: () => 'Invalid find parameters',
    answer: (snapshot, query) => runFind(snapshot.find, query),
  });
}
