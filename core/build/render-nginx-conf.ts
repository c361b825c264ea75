import { ASSET_CACHE_CONTROL, ASSET_PREFIX, EMBED_PREFIX, PREFLIGHT, tableHeaders } from '../http/response-headers.ts';
import { DYNAMIC_ROUTES } from '../model/published-paths.ts';
import type { ManifestDocument } from './build-manifest-schema.ts';
import { DEPLOY_ONLY_FILES, documentHeaders } from './render-headers-file.ts';

export interface NginxConfOptions {
  baseUrl: string;
  /** Absolute path of dist/ on the machine nginx runs on. */
  root: string;
  documents: readonly ManifestDocument[];
  /** `host:port` of each sidecar (the `upstream` block). */
  upstreams: readonly string[];
  /** The `listen` parameter. */
  listen: string;
}

const CODINGS = ['identity', 'gzip', 'br'] as const;

/** A value in single quotes (nginx strings): backslash and quote escaped. */
const q = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Accept-Encoding → the precompressed file to send: br, then gzip, when listed without q=0, else
 * identity. nginx-light has no brotli module, so .br files are chosen here and sent as they are.
 */
const CODING_MAP = `map $http_accept_encoding $shingle_coding {
  default identity;
  "~*(^|,)\\s*br\\s*(,|$|;(?!\\s*q\\s*=\\s*0(\\.0*)?\\s*(,|$)))" br;
  "~*(^|,)\\s*(x-)?gzip\\s*(,|$|;(?!\\s*q\\s*=\\s*0(\\.0*)?\\s*(,|$)))" gzip;
}`;

const PROXY = [
  'proxy_pass http://shingle_sidecars;',
  'proxy_http_version 1.1;',
  'proxy_set_header Connection "";',
  'proxy_set_header Host $http_host;',
  // Replaced, not appended: what a client sends in X-Forwarded-For never reaches the sidecars, which
  // trust exactly one hop (TRUST_PROXY=1). Behind a CDN, let the realip module set $remote_addr first.
  'proxy_set_header X-Forwarded-For $remote_addr;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  'proxy_next_upstream error timeout;',
];

/**
 * The headers of the table (core/http/response-headers.ts) for `path`, on every status (`always`: a 404
 * page, a 304 and a preflight carry them too), then the preflight's own, which are empty (so not sent)
 * unless the method is OPTIONS.
 */
function tableLines(path: string): string[] {
  return [
    ...tableHeaders(path).map(([name, value]) => `add_header ${name} ${q(value)} always;`),
    'add_header Access-Control-Allow-Methods $shingle_preflight_methods always;',
    'add_header Access-Control-Allow-Headers $shingle_preflight_headers always;',
    'add_header Access-Control-Max-Age $shingle_preflight_max_age always;',
    'add_header Allow $shingle_preflight_methods always;',
    // OPTIONS, preflight or not, is answered 204 as the sidecar answers it.
    'if ($request_method = OPTIONS) { return 204; }',
  ];
}

function documentLocation(baseUrl: string, doc: ManifestDocument): string {
  const headers = documentHeaders(baseUrl, doc.path).filter(([name]) => name !== 'Content-Type');
  // Not the file's mtime: the date the data carries, or none at all (an empty add_header removes it).
  headers.push(['Last-Modified', doc.lastModified ?? '']);
  const lines = [
    `location = ${doc.path} {`,
    `  types { } default_type ${q(documentHeaders(baseUrl, doc.path)[0]![1])};`,
    ...headers.map(([name, value]) => `  add_header ${name} ${q(value)};`),
    ...tableLines(doc.path).map((l) => `  ${l}`),
    '  add_header ETag $shingle_etag;',
    '  add_header Content-Encoding $shingle_content_encoding;',
    '  if ($http_if_none_match = $shingle_etag) { return 304; }',
    '  if ($shingle_unchanged_since) { return 304; }',
    `  rewrite ^ /${doc.identity.file}$shingle_suffix break;`,
    '}',
  ];
  return lines.join('\n');
}

/** .br and .gz files are sent only as the encoding of their original, never by their own name (as text/plain). */
const HIDE_SIBLINGS = 'location ~ \\.(gz|br)$ { return 404; }';

/** A location serving pages and assets from dist/ (the precompressed .gz beside each when accepted). */
function filesLocation(match: string, path: string, extra: string[] = []): string {
  const lines = [
    'gzip_static on;',
    // Every page and asset, like the sidecar, whether or not this one has a .gz beside it.
    "add_header Vary 'Accept-Encoding';",
    ...extra,
    ...tableLines(path),
    // A folder without its slash is redirected (301, relative Location), as the sidecar does; no other guessing.
    'try_files $uri $uri/ =404;',
  ];
  return [`location ${match} {`, ...lines.map((l) => `  ${l}`), '}'].join('\n');
}

/**
 * dist/nginx.conf: an `http`-level file (include it from nginx.conf) that serves dist/ itself —
 * every data document with exactly the headers `_headers` declares, its build ETag per encoding
 * (If-None-Match → 304; If-Modified-Since alone → 304 when it repeats Last-Modified), the precompressed .br/.gz file chosen by Accept-Encoding — and proxies
 * the dynamic paths (search, since outside the window, MCP, the hub, healthz) to the sidecars.
 */
export function renderNginxConf(o: NginxConfOptions): string {
  const etags = o.documents.flatMap((d) => CODINGS.map((c) => `  ${q(`${d.path}|${c}`)} ${q(d[c].etag)};`));
  // If-Modified-Since without If-None-Match (RFC 9110 §13.2.2): nginx cannot compare dates, so only the
  // value a cache sends back — the document's own Last-Modified — is recognised as "not modified"
  // (a back-reference matches it against the document's date; map keys stay short).
  const lastModified = o.documents.flatMap((d) => (d.lastModified ? [`  ${q(d.path)} ${q(d.lastModified)};`] : []));
  return `# Generated by the Shingle build (core/build/render-nginx-conf.ts); see docs/deploy.md.
# Include inside http { }. Edit the upstream servers and the listen line for your machines.

${CODING_MAP}

map $shingle_coding $shingle_suffix { default ''; gzip .gz; br .br; }
map $shingle_coding $shingle_content_encoding { default ''; gzip gzip; br br; }
map "$uri|$shingle_coding" $shingle_etag {
  default '';
${etags.join('\n')}
}
map $uri $shingle_last_modified {
  default '';
${lastModified.join('\n')}
}
map "$http_if_none_match|$http_if_modified_since|$shingle_last_modified" $shingle_unchanged_since {
  default '';
  "~^\\|(.+)\\|\\1$" 1;
}

map $request_method $shingle_preflight_methods { default ''; OPTIONS ${q(PREFLIGHT.methods)}; }
map $request_method $shingle_preflight_max_age { default ''; OPTIONS ${PREFLIGHT.maxAgeSeconds}; }
# The requested headers are echoed when they form a header list (as the sidecar does), else the default list.
map "$request_method|$http_access_control_request_headers" $shingle_preflight_headers {
  default '';
  "~^OPTIONS\\|\\s*(?<requested>${PREFLIGHT.headerList.source.slice(1, -1)})\\s*$" $requested;
  "~^OPTIONS\\|" ${q(PREFLIGHT.defaultAllowedHeaders)};
}

upstream shingle_sidecars {
${o.upstreams.map((u) => `  server ${u} max_fails=0;`).join('\n')}
  keepalive 32;
  # Shorter than the sidecar's KEEP_ALIVE_TIMEOUT_MS (5 s): nginx, not the sidecar, closes an idle connection, so a
  # POST (hub, MCP), which nginx never retries, is not sent on a connection the sidecar is closing at that moment.
  keepalive_timeout 4s;
}

server {
  listen ${o.listen};
  root ${q(o.root)};
  server_tokens off;
  etag off;
  if_modified_since off;
  max_ranges 0;
  charset off;
  # Redirects name the path only (Location: /embed/), as the sidecar's do.
  absolute_redirect off;

${o.documents.map((d) => documentLocation(o.baseUrl, d).replace(/^/gm, '  ')).join('\n\n')}

  # Dynamic paths (DYNAMIC_ROUTES in core/model/published-paths.ts): the sidecars (since documents outside the build's window too).
${DYNAMIC_ROUTES.map((r) => `  location ${r.prefix ? '^~' : '='} ${r.path} {\n${PROXY.map((l) => `    ${l}`).join('\n')}\n  }`).join('\n')}

  # Build files that are not for the public, and the precompressed siblings by their own names (the sidecar hides them too).
  location ~ ^/(${DEPLOY_ONLY_FILES.map((f) => f.replace(/\./g, '\\.')).join('|')})$ { return 404; }
  ${HIDE_SIBLINGS}

  # The widget's iframe pages may be framed by any site (as in _headers); /embed is redirected to /embed/.
  location = ${EMBED_PREFIX.slice(0, -1)} {
${tableLines(EMBED_PREFIX)
  .map((l) => `    ${l}`)
  .join('\n')}
    return 301 ${EMBED_PREFIX};
  }
${filesLocation(`^~ ${EMBED_PREFIX}`, EMBED_PREFIX, [HIDE_SIBLINGS]).replace(/^/gm, '  ')}

  # Build assets: content-hashed names, cached for a year.
${filesLocation(`^~ ${ASSET_PREFIX}`, ASSET_PREFIX, [`add_header Cache-Control ${q(ASSET_CACHE_CONTROL)};`, HIDE_SIBLINGS]).replace(/^/gm, '  ')}

  # Pages and assets.
${filesLocation('/', '/').replace(/^/gm, '  ')}
  error_page 404 /404.html;
}
`;
}
