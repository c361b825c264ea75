/**
 * A JSON-RPC error for the SDK's dispatcher to send as `{ code, message, data }`. Unlike the SDK's
 * McpError, it does not prefix "MCP error <code>:" to the message, so clients show our words once.
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** JSON-RPC 2.0 §5.1 codes, and MCP's -32002 for an unknown resource URI (2025-06-18, Resources §Error Handling). */
export const RpcCode = { InvalidParams: -32602, InternalError: -32603, ResourceNotFound: -32002 } as const;
