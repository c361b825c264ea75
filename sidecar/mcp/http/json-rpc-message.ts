import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcCode, McpHttpError } from './mcp-http-error.ts';

export type IncomingJsonRpc = { kind: 'request'; message: JSONRPCRequest } | { kind: 'notification'; method: string } | { kind: 'response' };

/** Parses the body as JSON; anything else is a JSON-RPC parse error (-32700, HTTP 400). */
export function parseJsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new McpHttpError(400, JsonRpcCode.ParseError, 'Parse error: the request body is not valid JSON');
  }
}

/**
 * Sorts a parsed body into request, notification or response. Anything else, including a batch
 * (JSON-RPC batching was removed in MCP 2025-06-18), is an Invalid Request (-32600, HTTP 400).
 */
export function classifyJsonRpc(body: unknown): IncomingJsonRpc {
  if (Array.isArray(body)) {
    throw new McpHttpError(
      400,
      JsonRpcCode.InvalidRequest,
      'Invalid Request: batches are not supported (MCP 2025-06-18 removed JSON-RPC batching); send one message per POST',
    );
  }
  if (typeof body !== 'object' || body === null) {
    throw new McpHttpError(400, JsonRpcCode.InvalidRequest, 'Invalid Request: the body must be a JSON-RPC 2.0 object');
  }
  const request = JSONRPCRequestSchema.safeParse(body);
  if (request.success) return { kind: 'request', message: request.data };
  const notification = JSONRPCNotificationSchema.safeParse(body);
  if (notification.success) return { kind: 'notification', method: notification.data.method };
  if (JSONRPCResultResponseSchema.safeParse(body).success || JSONRPCErrorResponseSchema.safeParse(body).success) return { kind: 'response' };
  throw new McpHttpError(
    400,
    JsonRpcCode.InvalidRequest,
    'Invalid Request: expected a JSON-RPC 2.0 request {"jsonrpc":"2.0","id":<string|integer>,"method":<string>,"params":<object>}, ' +
      'a notification (the same without id) or a response, with no other members',
  );
}

/** Request schemas of the methods this server answers, to check params before dispatch. */
const PARAMS_SCHEMAS: ReadonlyMap<
  string,
  { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }
> = new Map(
  [
    InitializeRequestSchema,
    PingRequestSchema,
    ListToolsRequestSchema,
    CallToolRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
    ListPromptsRequestSchema,
    GetPromptRequestSchema,
    CompleteRequestSchema,
  ].map((schema) => [schema.shape.method.value, schema] as const),
);

/**
 * What is wrong with the params of a known method, or null. The SDK turns a params validation failure
 * inside its dispatcher into -32603 Internal Error; checking first lets us answer -32602 Invalid params.
 * Unknown methods are left to the SDK, which answers -32601.
 */
export function invalidParams(message: JSONRPCRequest): string | null {
  const schema = PARAMS_SCHEMAS.get(message.method);
  if (!schema) return null;
  const parsed = schema.safeParse({ method: message.method, params: message.params });
  if (parsed.success || !parsed.error) return null;
  const problems = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'params'}: ${i.message}`);
  return `Invalid params for ${message.method}: ${problems.join('; ')}`;
}
