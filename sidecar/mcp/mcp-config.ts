import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

const LOOPBACK_ORIGINS = 'http://localhost:*,http://127.0.0.1:*,http://[::1]:*';

/**
 * Environment settings of the MCP endpoint; merged into the sidecar config (sidecar/config.ts).
 * resolveMcpSettings turns the validated values into what the endpoint uses.
 */
export const McpConfigShape = {
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default(LOOPBACK_ORIGINS)
    .describe(
      'Comma-separated origins allowed to call /mcp from a browser (exact origins; a port may be "*"). ' +
        'The origin of BASE_URL is always allowed; requests without Origin are always allowed; any other Origin gets 403. ' +
        `Default: loopback origins only (${LOOPBACK_ORIGINS}).`,
    ),
  MCP_SESSION_SECRET: z
    .string()
    .default('')
    .refine((s) => s === '' || s.length >= 32, { message: 'must be at least 32 characters (or unset)' })
    .describe(
      'HMAC key that signs MCP session ids and cursors. Every replica must share it (set it when replicas do not share ' +
        'the data folder). If unset, a random secret is generated on first start and kept in MCP_SESSION_SECRET_FILE.',
    ),
  MCP_SESSION_SECRET_FILE: z
    .string()
    .default('data/mcp-session-secret')
    .describe(
      'Used when MCP_SESSION_SECRET is unset: file holding the session secret, created on first start with 256 random bits ' +
        'and mode 0600. "memory": a new random secret per process (sessions do not survive a restart).',
    ),
  MCP_SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(3600)
    .describe('A session ends after this many seconds without a request (renewed ids slide the window).'),
  MCP_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(65_536)
    .describe('Largest POST /mcp body accepted; larger bodies get 413.'),
  MCP_SESSION_REVOCATION_DB: z
    .string()
    .default('data/mcp-sessions.db')
    .describe(
      'SQLite file that records ended sessions (DELETE /mcp) so that restarts, and every process sharing the file, ' +
        'refuse them. "memory": ended sessions are remembered by the process that ended them only.',
    ),
};

export const McpConfigSchema = z.object(McpConfigShape);
export type McpConfig = z.infer<typeof McpConfigSchema>;

/** One allowed origin: exact scheme and host, and a port or any port. */
export interface OriginRule {
  protocol: string;
  hostname: string;
  /** '' for the scheme's default port, '*' for any port. */
  port: string;
}

/** What the endpoint runs with, derived once from the validated environment. */
export interface McpSettings {
  allowedOrigins: OriginRule[];
  /** HMAC key of session ids and cursors (a KeyObject: signing with it is ~10× cheaper than with a Buffer). */
  sessionKey: KeyObject;
  /** 'env' when MCP_SESSION_SECRET is set; 'derived' when the BASE_URL fallback is in use. */
  secretSource: 'env' | 'derived';
  idleSeconds: number;
  maxBodyBytes: number;
  revocationDbPath: string | null;
}

/** Parses one "scheme://host[:port|:*]" entry; throws with the entry in the message when malformed. */
export function parseOriginRule(entry: string): OriginRule {
  const wildcard = /^(https?:\/\/[^/]+):\*$/.exec(entry);
  const url = URL.canParse(wildcard ? `${wildcard[1]}:1` : entry) ? new URL(wildcard ? `${wildcard[1]}:1` : entry) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`MCP_ALLOWED_ORIGINS: "${entry}" is not an origin such as https://app.example or http://localhost:*`);
  }
  return { protocol: url.protocol, hostname: url.hostname, port: wildcard ? '*' : url.port };
}

/**
 * Resolves the MCP_* keys of the sidecar config (plus BASE_URL). createMcpHandler always fills
 * MCP_SESSION_SECRET first (from the environment or MCP_SESSION_SECRET_FILE); the key derived from
 * BASE_URL below is only the fallback of this pure function when called without one (unit tests).
 */
export function resolveMcpSettings(parsed: McpConfig & { BASE_URL: string }): McpSettings {
  const baseUrl = parsed.BASE_URL;
  const entries = parsed.MCP_ALLOWED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const allowedOrigins = [new URL(baseUrl).origin, ...entries].map(parseOriginRule);
  const secret = parsed.MCP_SESSION_SECRET || `shingle-mcp-derived-secret|${new URL(baseUrl).origin}`;
  return {
    allowedOrigins,
    sessionKey: createSecretKey(createHash('sha256').update(secret).digest()),
    secretSource: parsed.MCP_SESSION_SECRET ? 'env' : 'derived',
    idleSeconds: parsed.MCP_SESSION_IDLE_SECONDS,
    maxBodyBytes: parsed.MCP_MAX_BODY_BYTES,
    revocationDbPath: ['', 'memory'].includes(parsed.MCP_SESSION_REVOCATION_DB) ? null : parsed.MCP_SESSION_REVOCATION_DB,
  };
}
