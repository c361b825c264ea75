import { capIssues } from '../../core/http/cap-issues.ts';
import { parseQueryString } from '../../core/http/parse-query-string.ts';
import { createHash } from 'node:crypto';
import { lastModifiedOf } from '../../core/model/calendar.ts';
import { SINCE_PREFIX } from '../../core/model/published-paths.ts';
import { parseSinceDate } from '../../core/search/parse-since-date.ts';
import { sinceBoundary } from '../../core/search/since-boundary.ts';
import type { ErrorIssue } from '../../core/schemas/error-schema.ts';
import { createSinceRenderer } from '../data/since-bodies.ts';
import type { Snapshot, SnapshotSource } from '../data/snapshot.ts';
import type { DynamicResponses } from '../http/dynamic-responses.ts';
import { HttpError } from '../http/errors.ts';
import { sendFastError, type FastHandler } from '../http/fast-handler.ts';
import type { createDataDocuments } from './data-documents.ts';

export interface SinceRouteDeps {
  snapshots: SnapshotSource;
  responses: (snapshot: Snapshot) => DynamicResponses;
  documents: ReturnType<typeof createDataDocuments>;
  common: readonly [string, string][];
}

const BASE = SINCE_PREFIX.slice(0, -1);

/**
 * GET /api/reviews/since/{date}: every review dated on or after `date`, newest first, ties by id.
 * Dates in the prebuilt window are the build's own files; any other real date is rendered once per
 * build with the bytes the build would write; a date before the oldest review (after the newest) is
 * answered with the document of the oldest review's date (the day after the newest), which selects
 * the same reviews, under Content-Location. The date is validated and only compared with review
 * dates: it never becomes a file path. Declines (0) paths with more segments.
 */
export function sinceRoute(deps: SinceRouteDeps): FastHandler {
  const renderers = new WeakMap<Snapshot, ReturnType<typeof createSinceRenderer>>();
  return (req, res) => {
    // Inside Express req.url is relative to the mount point; originalUrl is the request target.
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (!path.startsWith(BASE)) return 0;
    const rest = path.slice(BASE.length);
    if (rest !== '' && !rest.startsWith('/')) return 0;
    const segment = rest.slice(1);
    if (segment.includes('/')) return 0;

    const date = parseSinceDate(segment);
    const issues: ErrorIssue[] = date.ok ? [] : [...date.issues];
    if (q !== -1) issues.push(...queryIssues(url.slice(q + 1)));
    if (!date.ok || issues.length > 0)
      return sendFastError(res, new HttpError(400, 'Invalid since request', capIssues(issues)), deps.common, req.method === 'HEAD');

    const snapshot = deps.snapshots.current();
    const prebuilt = deps.documents.serve(req, res, snapshot, `${SINCE_PREFIX}${date.value}`);
    if (prebuilt !== 0) return prebuilt;
    let render = renderers.get(snapshot);
    if (!render) renderers.set(snapshot, (render = createSinceRenderer(snapshot)));
    const renderSince = render;
    const effective = sinceBoundary(render.dates, date.value);
    if (effective !== date.value) {
      // Content-Location names the document sent (RFC 9110 §8.7): the boundary date's own.
      res.setHeader('Content-Location', `${SINCE_PREFIX}${effective}`);
      const boundary = deps.documents.serve(req, res, snapshot, `${SINCE_PREFIX}${effective}`);
      if (boundary !== 0) return boundary;
    }
    return deps.responses(snapshot).send(req, res, `since:${effective}`, () => {
      const { parts, updated } = renderSince(effective);
      // Its bytes follow from the reviews and the date: a second from both (a new dataset may leave this one as it
      // was, and then only costs a 200 where a 304 would do).
      const digest = createHash('sha256')
        .update(`${snapshot.documents.get('/reviews.json')?.identity.etag ?? ''}|${effective}`)
        .digest('hex');
      return { parts, lastModified: updated ? lastModifiedOf(updated, digest) : null };
    });
  };
}

/** The since endpoint takes no query parameters: each one given is reported, like a search typo. */
function queryIssues(rawQuery: string): ErrorIssue[] {
  const { values, issues } = parseQueryString(rawQuery);
  for (const key of values.keys()) {
    issues.push({ path: key.slice(0, 100), code: 'unknown_parameter', message: 'this endpoint takes no query parameters' });
  }
  return issues;
}
