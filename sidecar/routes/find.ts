import { parseFindParams } from '../../core/find/parse-find-params.ts';
import { runFind } from '../../core/find/run-find.ts';
import type { Snapshot, SnapshotSource } from '../data/snapshot.ts';
import type { DynamicResponses } from '../http/dynamic-responses.ts';
import { HttpError } from '../http/errors.ts';
import { sendFastError, type FastHandler } from '../http/fast-handler.ts';

export interface FindRouteDeps {
  snapshots: SnapshotSource;
  responses: (snapshot: Snapshot) => DynamicResponses;
  common: readonly [string, string][];
}

/**
 * GET /api/reviews/find (an extension beyond the interface specification): ranked, typo-tolerant
 * search. Same error format as search (400 with one issue per problem); bodies and ETags are kept
 * per build by the effective arguments, like search.
 */
export function findRoute(deps: FindRouteDeps): FastHandler {
  return (req, res) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const parsed = parseFindParams(q === -1 ? '' : url.slice(q + 1));
    if (!parsed.ok) return sendFastError(res, new HttpError(400, 'Invalid find parameters', parsed.issues), deps.common, req.method === 'HEAD');
    const query = parsed.value;
    const snapshot = deps.snapshots.current();
    return deps.responses(snapshot).send(req, res, `find:${JSON.stringify(query)}`, () => ({
      parts: [Buffer.from(JSON.stringify(runFind(snapshot.find, query)))],
      lastModified: snapshot.documents.get('/reviews.json')?.lastModified ?? null,
    }));
  };
}
