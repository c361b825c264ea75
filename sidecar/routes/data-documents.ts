import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { DATA_CACHE_CONTROL, websubLinkHeader } from '../../core/build/render-headers-file.ts';
import type { ContentCoding } from '../../core/http/negotiate-encoding.ts';
import { TOPIC_PATHS } from '../../core/model/published-paths.ts';
import type { ServedDocument, Snapshot, SnapshotSource } from '../data/snapshot.ts';
import { methodNotAllowed } from '../http/errors.ts';
import { sendNotAcceptable } from '../http/not-acceptable.ts';
import { codingFor, makeVariant, sendVariant, type Variant } from '../http/representation.ts';

export type DocumentTable = ReadonlyMap<string, Record<ContentCoding, Variant>>;

export interface DataDocumentsDeps {
  snapshots: SnapshotSource;
  baseUrl: string;
  /** Headers every response carries (CORS, security), captured once. */
  common: readonly [string, string][];
}

/**
 * The prebuilt data documents of a build (reviews, insights, feeds, OpenAPI, since window), with
 * bytes, ETag and every header of every encoding computed once per build. Serving one is then a
 * map lookup, a header comparison and one write: the app's fast path calls `serve` before Express,
 * and `route` answers through Express when the URL carries a query string.
 */
export function createDataDocuments(deps: DataDocumentsDeps) {
  const tables = new WeakMap<Snapshot, DocumentTable>();
  const topics = new Set<string>(TOPIC_PATHS);

  function tableOf(snapshot: Snapshot): DocumentTable {
    let table = tables.get(snapshot);
    if (!table) tables.set(snapshot, (table = buildTable(snapshot)));
    return table;
  }

  function buildTable(snapshot: Snapshot): DocumentTable {
    const table = new Map<string, Record<ContentCoding, Variant>>();
    for (const doc of snapshot.documents.values()) table.set(doc.path, variantsOf(doc));
    return table;
  }

  function variantsOf(doc: ServedDocument): Record<ContentCoding, Variant> {
    const meta = {
      contentType: doc.contentType,
      lastModified: doc.lastModified,
      cacheControl: DATA_CACHE_CONTROL,
      link: topics.has(doc.path) ? websubLinkHeader(deps.baseUrl, doc.path) : undefined,
      common: deps.common,
    };
    return {
      identity: makeVariant(doc.identity.bytes, doc.identity.etag, 'identity', meta),
      gzip: makeVariant(doc.gzip.bytes, doc.gzip.etag, 'gzip', meta),
      br: makeVariant(doc.br.bytes, doc.br.etag, 'br', meta),
    };
  }

  /** Serves a prebuilt document of `snapshot` at `path`; returns the status, or 0 when there is none. */
  function serve(req: IncomingMessage, res: ServerResponse, snapshot: Snapshot, path: string): number {
    const variants = tableOf(snapshot).get(path);
    if (!variants) return 0;
    const coding = codingFor(req);
    return coding === null ? sendNotAcceptable(req, res, deps.common) : sendVariant(req, res, variants[coding]);
  }

  /** Through Express (e.g. `/reviews.json?x=1`: the query string is ignored, as a CDN would). */
  const route: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(methodNotAllowed(req.method, ['GET', 'HEAD', 'OPTIONS']));
    if (serve(req, res, deps.snapshots.current(), req.path) === 0) next();
  };

  return { route, serve, tableOf };
}
