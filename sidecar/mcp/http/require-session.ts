import type { Request } from 'express';
import type { SessionClaims } from '../session/session-token.ts';
import type { McpEndpoint } from './mcp-endpoint.ts';
import { JsonRpcCode, McpHttpError } from './mcp-http-error.ts';
import { assertProtocolVersionHeader } from './protocol-version.ts';

export const SESSION_HEADER = 'Mcp-Session-Id';

/**
 * The checks every message after initialize passes: a supported MCP-Protocol-Version (400) and a
 * session id (400 when missing; 404 when unknown, expired or ended, so the client re-initializes).
 */
export async function requireSession(req: Request, endpoint: McpEndpoint): Promise<{ claims: SessionClaims; renewed: string | null }> {
  assertProtocolVersionHeader(req.get('mcp-protocol-version'));
  const check = await endpoint.sessions.sessionCheck(req.get('mcp-session-id'));
  if (!check.ok) throw new McpHttpError(check.status, check.status === 404 ? JsonRpcCode.SessionNotFound : JsonRpcCode.ServerError, check.message);
  return check;
}
