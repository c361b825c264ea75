import type { RequestHandler } from 'express';
import { CORS_HEADERS } from '../../core/http/response-headers.ts';
import { captureHeaders } from './security-headers.ts';

/**
 * The one list of headers every response carries, whichever path answers it: the public-data CORS
 * headers and helmet's security headers, captured once from the same helmet instance Express runs.
 * The fast path writes exactly these; Express sets them through helmet and cors(). A test checks
 * that both paths send the same ones for the same resource.
 */
export function commonHeaders(helmet: RequestHandler): readonly [string, string][] {
  return [...CORS_HEADERS, ...captureHeaders(helmet)];
}
