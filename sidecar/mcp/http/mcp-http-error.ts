import type { Response } from 'express';
import { writeJsonError } from '../../http/errors.ts';

/** JSON-RPC error codes used at the HTTP layer (JSON-RPC 2.0 §5.1; -32000/-32001 as the SDK uses them). */
export const JsonRpcCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerError: -32000,
  SessionNotFound: -32001,
} as const;

/**
 * A request refused before it reaches the MCP server: an HTTP status plus a JSON-RPC error body with
 * `id: null` (the request's id is unknown or unusable at this point). `toJSON` is what the client sees.
 */
export class McpHttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  toJSON(): { jsonrpc: '2.0'; error: { code: number; message: string }; id: null } {
    return { jsonrpc: '2.0', error: { code: this.code, message: this.message }, id: null };
  }
}

/** Writes the refusal: its status and headers, then the JSON-RPC error body (none to a HEAD). */
export function sendMcpHttpError(res: Response, error: McpHttpError): void {
  writeJsonError(res, error.status, error, Object.entries(error.headers), res.req.method === 'HEAD');
}
