import type { ParseResult } from '../../core/search/parse-search-params.ts';
import type { ErrorIssue } from '../../core/schemas/error-schema.ts';
import type { Snapshot, SnapshotSource } from '../data/snapshot.ts';
import type { DynamicResponses } from '../http/dynamic-responses.ts';
import { HttpError } from '../http/errors.ts';
import { sendFastError, type FastHandler } from '../http/fast-handler.ts';

export interface QueryRouteDeps {
  snapshots: SnapshotSource;
  responses: (snapshot: Snapshot) => DynamicResponses;
  common: readonly [string, string][];
}

/** What makes a query endpoint: how its query string is read, and what a valid query answers. */
export interface QueryEndpoint<Q> {
  /** Names the body cache's keys, so two endpoints' bodies never mix. */
  name: string;
  parse(query: string): ParseResult<Q>;
  /** The 400's `error` line for these issues. */
  summary(issues: readonly ErrorIssue[]): string;
  /** The response body for a valid query against one build. */
  answer(snapshot: Snapshot, query: Q): unknown;
}

/**
 * A GET endpoint answered from the current build by its parsed query: 400 with one issue per problem
 * (the interface's error format), else the body, keyed by the effective arguments, so `?rating=5` and
 * `?limit=20&rating=5` share one body and one ETag within a build and a repeated query is a map lookup
 * and one write. Search and find are this, with their own parser and engine.
 */
export function queryRoute<Q>(deps: QueryRouteDeps, endpoint: QueryEndpoint<Q>): FastHandler {
  return (req, res) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const parsed = endpoint.parse(q === -1 ? '' : url.slice(q + 1));
    if (!parsed.ok) return sendFastError(res, new HttpError(400, endpoint.summary(parsed.issues), parsed.issues), deps.common, req.method === 'HEAD');
    const query = parsed.value;
    const snapshot = deps.snapshots.current();
    return deps.responses(snapshot).send(req, res, `${endpoint.name}:${JSON.stringify(query)}`, () => ({
      parts: [Buffer.from(JSON.stringify(endpoint.answer(snapshot, query)))],
      lastModified: snapshot.documents.get('/reviews.json')?.lastModified ?? null,
    }));
  };
}
