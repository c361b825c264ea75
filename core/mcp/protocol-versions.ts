/**
 * The MCP protocol versions this project speaks: one list for the sidecar's negotiation and header check
 * (sidecar/mcp/http/protocol-version.ts), the OpenAPI description of /mcp and the /developers/ examples.
 */

/** The version the interface spec names (MCP 2025-06-18): the one documented and used in examples. */
export const SPEC_PROTOCOL_VERSION = '2025-06-18';

/** Protocol versions the /mcp endpoint speaks, newest first: the spec's and the SDK's newest. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', SPEC_PROTOCOL_VERSION] as const;

/** What an initialize with a version we do not speak is answered with. */
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];
