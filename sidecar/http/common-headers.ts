import type { RequestHandler } from 'express';
import { CORS_HEADERS } from '../../core/http/response-headers.ts';
import { captureHeaders } from './security-headers.ts';

/**
 * The one list of headers every response carries, whichever path answers it: the public-data CORS
 * headers and the security headers of core/http/response-headers.ts, captured once from the same
 * middleware Express runs (security-headers.ts). The fast path writes exactly these; Express sets them
 * through that middleware and cors(). A test checks
 * that both paths send the same ones for the same resource.
 */
export function commonHeaders(security: RequestHandler): readonly [string, string][] {
  return [...CORS_HEADERS, ...captureHeaders(security)];
}
