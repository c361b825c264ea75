import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** The request as the SDK transport sees it: already checked, so only what it re-checks is set. */
const FORWARDED = { method: 'POST', headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' } };
const INTERNAL_URL = 'http://mcp.internal/mcp';

/**
 * Runs one checked JSON-RPC request through a fresh server and the SDK's streamable HTTP transport
 * (the web-standard core that StreamableHTTPServerTransport wraps), stateless (no session id
 * generator: sessions are ours) with JSON responses. Returns the status and JSON text it answered.
 */
export async function dispatchRequest(mcp: McpServer, message: JSONRPCRequest): Promise<{ status: number; body: string }> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await mcp.connect(transport);
  try {
    const response = await transport.handleRequest(new Request(INTERNAL_URL, FORWARDED), { parsedBody: message });
    return { status: response.status, body: await response.text() };
  } finally {
    await mcp.close();
  }
}
