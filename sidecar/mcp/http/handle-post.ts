import type { Request, Response } from 'express';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { buildMcpServer } from '../build-mcp-server.ts';
import { dispatchRequest } from './dispatch-request.ts';
import { hideInternalErrors } from './hide-internal-errors.ts';
import { classifyJsonRpc, invalidParams, parseJsonBody } from './json-rpc-message.ts';
import type { McpEndpoint } from './mcp-endpoint.ts';
import { JsonRpcCode, McpHttpError } from './mcp-http-error.ts';
import { acceptsJsonAndEventStream, isJsonContentType } from './media-types.ts';
import { unknownPromptMessage } from './prompt-name-check.ts';
import { negotiateProtocolVersion } from './protocol-version.ts';
import { readBody } from './read-body.ts';
import { requireSession, SESSION_HEADER } from './require-session.ts';

function withNegotiatedVersion(message: JSONRPCRequest): JSONRPCRequest {
  const params = message.params as { protocolVersion: string };
  return { ...message, params: { ...message.params, protocolVersion: negotiateProtocolVersion(params.protocolVersion) } };
}

/**
 * POST /mcp, in the order a careful server checks: Accept (406), Content-Type (415), size (413),
 * JSON (-32700), JSON-RPC shape (-32600), then, for all but initialize, MCP-Protocol-Version (400)
 * and the session (400 missing, 404 unknown/expired/ended). Notifications and responses → 202.
 * Requests run on a fresh server; initialize answers with a new signed Mcp-Session-Id.
 */
export async function handlePost(req: Request, res: Response, endpoint: McpEndpoint): Promise<void> {
  if (!acceptsJsonAndEventStream(req.get('accept'))) {
    throw new McpHttpError(406, JsonRpcCode.ServerError, 'Not Acceptable: the Accept header must list both application/json and text/event-stream');
  }
  if (!isJsonContentType(req.get('content-type'))) {
    throw new McpHttpError(415, JsonRpcCode.ServerError, 'Unsupported Media Type: Content-Type must be application/json');
  }
  const incoming = classifyJsonRpc(parseJsonBody(await readBody(req, endpoint.settings.maxBodyBytes)));
  const initialize = incoming.kind === 'request' && incoming.message.method === 'initialize';
  const renewed = initialize ? null : (await requireSession(req, endpoint)).renewed;
  if (renewed) res.set(SESSION_HEADER, renewed);
  if (incoming.kind !== 'request') {
    res.status(202).end();
    return;
  }
  const { message } = incoming;
  const problem = invalidParams(message) ?? unknownPromptMessage(message);
  if (problem) {
    res.status(200).json({ jsonrpc: '2.0', id: message.id, error: { code: JsonRpcCode.InvalidParams, message: problem } });
    return;
  }
  const snapshot = endpoint.snapshots.current();
  const mcp = buildMcpServer({ context: { snapshot, cursors: endpoint.cursors }, catalog: endpoint.catalog, logger: endpoint.logger });
  const answer = await dispatchRequest(mcp, initialize ? withNegotiatedVersion(message) : message);
  if (initialize && answer.status === 200 && 'result' in (JSON.parse(answer.body) as object)) {
    res.set(SESSION_HEADER, endpoint.sessions.sessionOpen());
  }
  res.status(answer.status).type('application/json').send(hideInternalErrors(answer.body, endpoint.logger));
}
