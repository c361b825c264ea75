import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../../../core/mcp/protocol-versions.ts';
import { JsonRpcCode, McpHttpError } from './mcp-http-error.ts';

/**
 * The version to answer an initialize with: the client's if we speak it, else our newest, and the
 * client decides whether to continue (MCP 2025-06-18, Lifecycle §Version Negotiation).
 */
export function negotiateProtocolVersion(requested: string): string {
  return (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
}

/**
 * After initialize, an MCP-Protocol-Version header with a version we do not speak is a 400
 * (MCP 2025-06-18, Transports §Protocol Version Header). A missing header is accepted.
 */
export function assertProtocolVersionHeader(value: string | undefined): void {
  if (value === undefined || (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(value)) return;
  throw new McpHttpError(
    400,
    JsonRpcCode.ServerError,
    `Bad Request: unsupported MCP-Protocol-Version "${value.slice(0, 50)}" (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
  );
}
