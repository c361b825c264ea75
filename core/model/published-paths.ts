/** Where each published document lives, relative to BASE_URL. One list, used by build, sidecar, hub and docs. */
export const DOCUMENT_PATHS = {
  reviews: '/reviews.json',
  insights: '/insights.json',
  jsonFeed: '/api/feed.json',
  atom: '/feed.xml',
  openapi: '/.well-known/openapi.json',
  /** The embeddable widget's data and script (not WebSub topics). */
  widget: '/widget.json',
  widgetScript: '/widget.js',
} as const;

export const SEARCH_PATH = '/api/reviews/search';
/** Ranked search: an extension beyond the interface specification. */
export const FIND_PATH = '/api/reviews/find';
export const SINCE_PREFIX = '/api/reviews/since/';
export const MCP_PATH = '/mcp';
export const HUB_PATH = '/api/websub/hub';
export const HEALTHZ_PATH = '/healthz';

/**
 * The paths only the sidecar answers (everything else is a file of dist/): the one list that the
 * nginx config, the routing note in _headers, and the lists in README and docs are checked against.
 * `prefix`: every path below it (since dates outside the build's window; inside it the files answer).
 */
export const DYNAMIC_ROUTES: readonly { path: string; prefix: boolean }[] = [
  { path: SEARCH_PATH, prefix: false },
  { path: FIND_PATH, prefix: false },
  { path: SINCE_PREFIX, prefix: true },
  { path: MCP_PATH, prefix: false },
  { path: HUB_PATH, prefix: false },
  { path: HEALTHZ_PATH, prefix: false },
];

/** The WebSub topics (spec: Events → Topics), in the order the spec lists them. */
export const TOPIC_PATHS = [DOCUMENT_PATHS.atom, DOCUMENT_PATHS.jsonFeed, DOCUMENT_PATHS.reviews] as const;

/** Content type of each kind of document; the spec fixes application/json for every JSON document. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
export const JAVASCRIPT_CONTENT_TYPE = 'text/javascript; charset=utf-8';

export function contentTypeOf(path: string): string {
  if (path.endsWith('.js')) return JAVASCRIPT_CONTENT_TYPE;
  return path.endsWith('.xml') ? ATOM_CONTENT_TYPE : JSON_CONTENT_TYPE;
}

/** Number of newest reviews in both feeds (spec: Limits → feed size). */
export const FEED_SIZE = 50;
