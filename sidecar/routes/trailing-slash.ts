import type { IncomingMessage, ServerResponse } from 'node:http';
import { SEARCH_PATH, SINCE_PREFIX } from '../../core/model/published-paths.ts';
import { HttpError } from '../http/errors.ts';
import { sendFastError } from '../http/fast-handler.ts';

/**
 * `/api/reviews/search/` and `/api/reviews/since/{date}/` name no resource: both get the same 404,
 * naming the path without the slash (one URL per resource, so caches and ETags do not split).
 * `/api/reviews/since/` itself stays the since endpoint with an empty date (400). Returns 0 when
 * the path is not one of these.
 */
export function trailingSlashRoute(common: readonly [string, string][]) {
  return (req: IncomingMessage, res: ServerResponse, path: string): number => {
    if (!path.endsWith('/')) return 0;
    const trimmed = path.slice(0, -1);
    const sinceSegment = trimmed.startsWith(SINCE_PREFIX) ? trimmed.slice(SINCE_PREFIX.length) : null;
    if (trimmed !== SEARCH_PATH && (sinceSegment === null || sinceSegment === '' || sinceSegment.includes('/'))) return 0;
    const shown = trimmed.slice(0, 200);
    return sendFastError(
      res,
      new HttpError(404, `No resource at ${shown}/; did you mean ${shown} (without the trailing slash)?`),
      common,
      req.method === 'HEAD',
    );
  };
}
