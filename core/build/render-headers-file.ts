import { DOCUMENT_PATHS, HUB_PATH, SINCE_PREFIX, TOPIC_PATHS, contentTypeOf } from '../model/published-paths.ts';

const CORS: readonly [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', 'ETag, Last-Modified, Link'],
];
/** Short freshness, long stale-while-revalidate: clients revalidate cheaply with the ETag. */
export const DATA_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/**
 * Content-Security-Policy of the /embed/ pages: framable by any site (that is their purpose),
 * scripts only from this origin, no forms, no plugins, no base rewriting.
 */
export const EMBED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *";

/** Headers every file of the static tier carries (`/*` in _headers). */
export const SITE_HEADERS: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/** WebSub discovery header for a topic (WebSub §4): one hub link and one self link. */
export function websubLinkHeader(baseUrl: string, topicPath: string): string {
  return `<${baseUrl}${HUB_PATH}>; rel="hub", <${baseUrl}${topicPath}>; rel="self"`;
}

/**
 * The header model of the static tier: what a data document at `path` (or a since pattern) carries
 * besides its validators and encoding. `_headers` and `nginx.conf` are both rendered from it.
 */
export function documentHeaders(baseUrl: string, path: string): [string, string][] {
  const topics = new Set<string>(TOPIC_PATHS);
  return [
    ['Content-Type', contentTypeOf(path)],
    ...CORS,
    ['Cache-Control', DATA_CACHE_CONTROL],
    ['Vary', 'Accept-Encoding'],
    ...(topics.has(path) ? [['Link', websubLinkHeader(baseUrl, path)] as [string, string]] : []),
  ];
}

/**
 * The `_headers` file (Netlify / Cloudflare Pages convention) for a CDN deployment of dist/:
 * content types, CORS, caching and WebSub Link headers for every data document.
 */
export function renderHeadersFile(baseUrl: string): string {
  const block = (path: string, headers: readonly [string, string][]) => [path, ...headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  const blocks = Object.values(DOCUMENT_PATHS).map((p) => block(p, documentHeaders(baseUrl, p)));
  blocks.push(block(`${SINCE_PREFIX}*`, documentHeaders(baseUrl, `${SINCE_PREFIX}*`)));
  // The iframe form of the widget may be framed by any site; nothing else may.
  blocks.push(block('/embed/*', [['Content-Security-Policy', EMBED_CSP]]));
  blocks.push(block('/*', SITE_HEADERS));
  return `${blocks.join('\n\n')}\n`;
}
