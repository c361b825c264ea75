import type { RequestHandler } from 'express';

/** Response headers a cross-origin script may read (Fetch standard: CORS-exposed). */
export const EXPOSED_HEADERS = 'ETag, Last-Modified, Link, Mcp-Session-Id, RateLimit, RateLimit-Policy, Retry-After';
export const CORS_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
];
const ALLOWED_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'Accept, Content-Type, If-None-Match, If-Modified-Since, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';
/** A comma-separated list of header names (field-name tokens), as a preflight may ask for. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/**
 * CORS for public read-only data: any origin, no credentials. Every response carries the
 * allow-origin and expose headers; OPTIONS is answered here (204), preflight or not.
 */
export function cors(): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of CORS_HEADERS) res.setHeader(name, value);
    if (req.method !== 'OPTIONS') return next();
    const requested = req.headers['access-control-request-headers'];
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader('Access-Control-Allow-Headers', requested && HEADER_LIST.test(requested.trim()) ? requested.trim() : DEFAULT_ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '86400');
    res.setHeader('Allow', ALLOWED_METHODS);
    res.setHeader('Content-Length', '0');
    res.statusCode = 204;
    res.end();
  };
}
