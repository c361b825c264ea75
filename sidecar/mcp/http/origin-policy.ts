import type { NextFunction, Request, Response } from 'express';
import type { OriginRule } from '../mcp-config.ts';
import { JsonRpcCode, McpHttpError, sendMcpHttpError } from './mcp-http-error.ts';

export const ALLOWED_METHODS = 'POST, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Authorization';
const EXPOSED_HEADERS = 'Mcp-Session-Id';

/** True when `origin` (an Origin header value) matches one of the rules; "null" and junk never do. */
export function isOriginAllowed(origin: string, rules: readonly OriginRule[]): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.origin !== origin.toLowerCase() || url.origin === 'null') return false;
  return rules.some((r) => r.protocol === url.protocol && r.hostname === url.hostname && (r.port === '*' || r.port === url.port));
}

/**
 * DNS-rebinding protection and CORS for /mcp (MCP 2025-06-18, Transports §Security Warning: servers
 * MUST validate Origin). A request with an Origin that is not allowed gets 403 whatever its method;
 * requests without Origin (server-side clients, CLIs) pass. Allowed origins get CORS headers that
 * expose Mcp-Session-Id, and their preflight is answered here.
 */
export function originGuard(rules: readonly OriginRule[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    res.vary('Origin');
    if (!isOriginAllowed(origin, rules)) {
      return sendMcpHttpError(
        res,
        new McpHttpError(403, JsonRpcCode.ServerError, `Forbidden: Origin ${origin.slice(0, 200)} is not allowed to call this MCP endpoint`),
      );
    }
    res.set('Access-Control-Allow-Origin', origin);
    // Keep an app-wide expose list if it already names the session header; else expose it ourselves.
    if (!/mcp-session-id/i.test(String(res.getHeader('Access-Control-Expose-Headers') ?? '')))
      res.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method !== 'OPTIONS') return next();
    res
      .status(204)
      .set({
        Allow: ALLOWED_METHODS,
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      })
      .end();
  };
}
