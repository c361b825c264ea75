import type { RequestHandler } from 'express';
import { EMBED_PREFIX, framingHeaders, isEmbedPath, SECURITY_HEADERS } from '../../core/http/response-headers.ts';

/**
 * The security headers of the one table in core/http/response-headers.ts, which the static tier's
 * _headers and nginx.conf are rendered from too: helmet's defaults with Cross-Origin-Resource-Policy:
 * cross-origin (the data is public), and a Content-Security-Policy without 'unsafe-inline' scripts
 * (the pages have none), and the framing policy of the path: /embed/ may be framed by any site,
 * nothing else. Set here rather than through helmet so that the
 * three tiers cannot drift apart.
 */
export function securityHeaders(): RequestHandler {
  const page = [...SECURITY_HEADERS, ...framingHeaders('/')];
  const embed = [...SECURITY_HEADERS, ...framingHeaders(EMBED_PREFIX)];
  return (req, res, next) => {
    // req.path is absent when captureHeaders records the headers of every response (a page's).
    for (const [name, value] of req.path && isEmbedPath(req.path) ? embed : page) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a middleware sets on every response, captured once by running it against a
 * recording response. The fast path for data documents sends these without running helmet.
 */
export function captureHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  };
  let synchronous = false;
  middleware({ method: 'GET', url: '/', headers: {} } as never, recorder as never, () => (synchronous = true));
  if (!synchronous) throw new Error('captureHeaders: middleware did not complete synchronously');
  return [...headers.values()];
}
