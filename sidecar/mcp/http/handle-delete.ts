import type { Request, Response } from 'express';
import type { McpEndpoint } from './mcp-endpoint.ts';
import { requireSession } from './require-session.ts';

/**
 * DELETE /mcp ends the session named by Mcp-Session-Id (MCP 2025-06-18, Transports §Session
 * Management): 204, after which its ids get 404 wherever the revocation store reaches.
 * Missing id → 400; unknown, expired or already ended → 404.
 */
export async function handleDelete(req: Request, res: Response, endpoint: McpEndpoint): Promise<void> {
  const { claims } = await requireSession(req, endpoint);
  await endpoint.sessions.sessionEnd(claims);
  res.status(204).end();
}
