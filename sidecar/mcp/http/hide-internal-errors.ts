import type { Logger } from '../../logger.ts';
import { JsonRpcCode } from './mcp-http-error.ts';

/** The only text an internal error shows a client. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error';
/** Codes whose messages are our own words (JSON-RPC's and MCP's); anything else is an exception leaking out. */
const KNOWN_CODES = new Set<number>([-32700, -32600, -32601, -32602, -32002, -32001, -32000]);

/**
 * Replaces the message of an internal error in a JSON-RPC answer by a fixed text, and logs the
 * original: the SDK puts the text of any exception a handler throws into the response, and an
 * exception's text (a parser's message, a stack detail) must never reach a client.
 */
export function hideInternalErrors(body: string, logger: Logger): string {
  if (!body.includes('"error"')) return body;
  let answer: { error?: { code?: unknown; message?: unknown } };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return body;
  }
  const error = answer.error;
  if (!error || (typeof error.code === 'number' && KNOWN_CODES.has(error.code))) return body;
  logger.error('mcp.internal_error', { code: error.code, error: String(error.message).slice(0, 500) });
  return JSON.stringify({ ...answer, error: { code: JsonRpcCode.InternalError, message: INTERNAL_ERROR_MESSAGE } });
}
