/**
 * Conditional GET evaluation (RFC 9110 §13.1.2, §13.1.3, §13.2.2), pure: the caller supplies the
 * request's validator headers and the selected representation's validators.
 */

/** The validators of the representation that would be sent. */
export interface Validators {
  /** Strong entity tag, quoted: `"abc"`. */
  etag: string;
  /** IMF-fixdate, or null when the data has no date. */
  lastModified: string | null;
}

export interface ConditionalHeaders {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/**
 * True when a GET or HEAD must be answered 304 Not Modified. If-None-Match, when present, decides
 * alone (§13.2.2 step 3; If-Modified-Since is then ignored, §13.1.3); otherwise If-Modified-Since is
 * evaluated against Last-Modified (step 4). Only call it for GET and HEAD.
 */
export function isNotModified(headers: ConditionalHeaders, validators: Validators): boolean {
  if (headers.ifNoneMatch !== undefined) return ifNoneMatchMatches(headers.ifNoneMatch, validators.etag);
  if (headers.ifModifiedSince === undefined || validators.lastModified === null) return false;
  const since = parseHttpDate(headers.ifModifiedSince);
  const modified = parseHttpDate(validators.lastModified);
  // An invalid date is ignored (§13.1.3). Only the document's own Last-Modified sent back means "not modified", as
  // nginx's exact match: Last-Modified is not a time the document changed (lastModifiedOf, core/model/calendar.ts),
  // so a later date proves nothing. (§13.1.3 says SHOULD for earlier-or-equal: a 200 instead is always safe.)
  return since !== undefined && modified !== undefined && modified === since;
}

/**
 * If-None-Match against one entity tag: `*` matches any current representation, otherwise any
 * listed tag matching by the weak comparison (§8.8.3.2: W/ ignored on both sides) does.
 */
export function ifNoneMatchMatches(header: string, etag: string): boolean {
  if (header === etag) return true;
  const list = parseEntityTagList(header);
  if (list === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return list.includes(opaque);
}

/**
 * Parses `If-None-Match` / `If-Match`: `*`, or a comma-separated list of entity tags, returned as
 * their opaque tags (quotes kept, W/ dropped). Malformed members are skipped, not fatal.
 */
export function parseEntityTagList(header: string): '*' | string[] {
  if (header.trim() === '*') return '*';
  const tags: string[] = [];
  let i = 0;
  const n = header.length;
  while (i < n) {
    const c = header[i];
    if (c === ' ' || c === '\t' || c === ',') {
      i++;
      continue;
    }
    if (header.startsWith('W/"', i)) i += 2;
    if (header[i] === '"') {
      const close = header.indexOf('"', i + 1);
      if (close === -1) break;
      tags.push(header.slice(i, close + 1));
      i = close + 1;
      continue;
    }
    const comma = header.indexOf(',', i);
    i = comma === -1 ? n : comma + 1;
  }
  return tags;
}

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const HTTP_DATE = new RegExp(
  [
    `^${DAY}, \\d{2} ${MONTH} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT$`, // IMF-fixdate
    `^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \\d{2}-${MONTH}-\\d{2} \\d{2}:\\d{2}:\\d{2} GMT$`, // obsolete RFC 850
    `^${DAY} ${MONTH} [ \\d]\\d \\d{2}:\\d{2}:\\d{2} \\d{4}$`, // obsolete asctime
  ].join('|'),
);

/** Milliseconds since the epoch of an HTTP-date (§5.6.7), or undefined when it is not one. */
export function parseHttpDate(value: string): number | undefined {
  const trimmed = value.trim();
  if (!HTTP_DATE.test(trimmed)) return undefined;
  const t = Date.parse(trimmed.endsWith('GMT') ? trimmed : `${trimmed} GMT`);
  return Number.isNaN(t) ? undefined : t;
}
