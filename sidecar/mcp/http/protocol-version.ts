import { JsonRpcCode, McpHttpError } from './mcp-http-error.ts';

/** Protocol versions this endpoint speaks, newest first: the spec's 2025-06-18 and the SDK's newest. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

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
