import type { RequestHandler } from 'express';
import { CORS_HEADERS, PREFLIGHT } from '../../core/http/response-headers.ts';
import { HUB_PATH } from '../../core/model/published-paths.ts';

/**
 * CORS for public read-only data: any origin, no credentials. Every response carries the
 * allow-origin and expose headers; OPTIONS is answered here (204), preflight or not.
 */
export function cors(): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of CORS_HEADERS) res.setHeader(name, value);
    if (req.method !== 'OPTIONS') return next();
    const requested = req.headers['access-control-request-headers'];
    // The methods of the resource asked about, as its 405 would list them (the hub takes POST, the rest is read).
    const methods = (req.originalUrl ?? req.url ?? '').split('?')[0]!.startsWith(HUB_PATH) ? PREFLIGHT.hubMethods : PREFLIGHT.methods;
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader(
      'Access-Control-Allow-Headers',
      requested && PREFLIGHT.headerList.test(requested.trim()) ? requested.trim() : PREFLIGHT.defaultAllowedHeaders,
    );
    res.setHeader('Access-Control-Max-Age', PREFLIGHT.maxAgeSeconds);
    res.setHeader('Allow', methods);
    res.setHeader('Content-Length', '0');
    res.statusCode = 204;
    res.end();
  };
}
