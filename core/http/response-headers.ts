/**
 * The one table of the headers every tier sends — the sidecar, `dist/nginx.conf` and `dist/_headers` —
 * besides each resource's own (content type, validators, caching of data documents): CORS, the
 * security headers, and the framing policy, which depends only on the path. Each tier renders or
 * sets exactly these; tests/integration/header-table.test.ts compares all three, path by path.
 */
type Header = [name: string, value: string];

/** Response headers a cross-origin script may read (Fetch standard: CORS-exposed). */
export const EXPOSED_HEADERS = 'ETag, Last-Modified, Link, Mcp-Session-Id, RateLimit, RateLimit-Policy, Retry-After';

/** Public read-only data: any origin, no credentials. */
export const CORS_HEADERS: readonly Header[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
];

/**
 * What an OPTIONS request (a CORS preflight or not) is answered with: 204 and these. `methods` are those of the
 * read-only data (documents, search, since, pages), as their 405 lists them; the hub has its own (`hubMethods`),
 * and /mcp answers for itself.
 */
export const PREFLIGHT = {
  methods: 'GET, HEAD, OPTIONS',
  hubMethods: 'POST, OPTIONS',
  /** Sent when the request names no headers, or names them in a form that is not a header list. */
  defaultAllowedHeaders: 'Accept, Content-Type, If-None-Match, If-Modified-Since, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  /** A comma-separated list of header names (field-name tokens): echoed back in Access-Control-Allow-Headers. */
  headerList: /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/,
  maxAgeSeconds: '86400',
} as const;

/**
 * Content-Security-Policy of every page but /embed/: scripts only from this origin — no
 * 'unsafe-inline', no hashes: the pages have no inline scripts (Astro emits every script as a file,
 * astro.config.mjs) and inline event handlers are refused too — inline styles allowed, review photos
 * from other hosts, framing only by this origin.
 */
export const PAGE_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' data:; form-action 'self'; frame-ancestors 'self'; img-src 'self' data: https:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; connect-src 'self'";

/**
 * Content-Security-Policy of the /embed/ pages: framable by any site (that is their purpose),
 * scripts only from this origin, no forms, no plugins, no base rewriting.
 */
export const EMBED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *";

/** The pages that any site may frame: the widget's iframe form (`/embed` itself redirects to `/embed/`). */
export const EMBED_PREFIX = '/embed/';

/** Security headers of every response, whatever the path (helmet's defaults, with a cross-origin resource policy: the data is public). */
export const SECURITY_HEADERS: readonly Header[] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Framing of a path: /embed/… may be framed by anyone (no X-Frame-Options), everything else only by this origin. */
export function framingHeaders(path: string): readonly Header[] {
  return isEmbedPath(path)
    ? [['Content-Security-Policy', EMBED_CSP]]
    : [
        ['Content-Security-Policy', PAGE_CSP],
        ['X-Frame-Options', 'SAMEORIGIN'],
      ];
}

/** /embed/ and below, and /embed itself (a redirect there, or the page itself on a CDN that serves folders without the slash). */
export function isEmbedPath(path: string): boolean {
  return path.startsWith(EMBED_PREFIX) || path === EMBED_PREFIX.slice(0, -1);
}

/** Every header of the table for a path: CORS, security, framing. */
export function tableHeaders(path: string): readonly Header[] {
  return [...CORS_HEADERS, ...SECURITY_HEADERS, ...framingHeaders(path)];
}

/** Caching of pages and assets of the static tier (data documents have their own, DATA_CACHE_CONTROL). */
export const PAGE_CACHE_CONTROL = 'public, max-age=300';
/** Build assets carry a content hash in their name: cached for a year. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Where those hashed assets live. */
export const ASSET_PREFIX = '/_astro/';
