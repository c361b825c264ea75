import { Router, type Request, type Response } from 'express';
import type { SnapshotSource } from '../data/snapshot.ts';
import type { Logger } from '../logger.ts';
import { handleDelete } from './http/handle-delete.ts';
import { handlePost } from './http/handle-post.ts';
import type { McpEndpoint } from './http/mcp-endpoint.ts';
import { JsonRpcCode, McpHttpError, sendMcpHttpError } from './http/mcp-http-error.ts';
import { ALLOWED_METHODS, originGuard } from './http/origin-policy.ts';
import { createCursorCodec } from './internal/cursor-codec.ts';
import { resolveMcpSettings, type McpConfig } from './mcp-config.ts';
import { createMemoryRevocationStore } from './session/revocation-store.ts';
import { loadOrCreateSessionSecret } from './session/session-secret-file.ts';
import { createSessionManager } from './session/session-manager.ts';
import type { RevocationStore } from './session/revocation-store.ts';
import { createSqliteRevocationStore } from './session/sqlite-revocation-store.ts';
import { StoreUnavailableError } from '../storage/hub-store.ts';
import { createToolCatalog } from './tools/register-tools.ts';

export interface McpDeps {
  snapshots: SnapshotSource;
  /** The sidecar's validated config; MCP reads its MCP_* keys and BASE_URL. */
  config: McpConfig & { BASE_URL: string };
  logger: Logger;
  /** Wall clock, ms since the epoch, for session ids (tests set it); defaults to Date.now. */
  wallClock?: () => number;
  /** Where ended sessions are kept (sidecar/storage/open-stores.ts); default: as MCP_SESSION_REVOCATION_DB says. */
  revocations?: RevocationStore;
}

const METHOD_NOT_ALLOWED = new McpHttpError(
  405,
  JsonRpcCode.ServerError,
  'Method Not Allowed: send JSON-RPC messages with POST, end a session with DELETE. This server offers no SSE stream (GET).',
  { Allow: ALLOWED_METHODS },
);

/**
 * Router mounted at /mcp: the MCP streamable HTTP endpoint (protocol 2025-06-18, also 2025-11-25).
 * Every request gets a fresh McpServer over the current snapshot; sessions are signed ids any replica
 * verifies (see session/session-manager.ts), so nothing ties a client to one process. Mount it before
 * any body parser or catch-all CORS handler: it reads its own body and answers its own preflight.
 */
export function createMcpHandler(deps: McpDeps): Router {
  const settings = resolveMcpSettings(withSessionSecret(deps.config, deps.logger));
  const wallClock = deps.wallClock ?? Date.now;
  const revocations =
    deps.revocations ?? (settings.revocationDbPath ? createSqliteRevocationStore(settings.revocationDbPath) : createMemoryRevocationStore());
  const endpoint: McpEndpoint = {
    settings,
    sessions: createSessionManager({ key: settings.sessionKey, idleSeconds: settings.idleSeconds, revocations, now: wallClock }),
    cursors: createCursorCodec(settings.sessionKey),
    catalog: createToolCatalog(),
    snapshots: deps.snapshots,
    logger: deps.logger,
  };

  // The app logs one line per request; only failures are logged here.
  const run = (handler: (req: Request, res: Response, endpoint: McpEndpoint) => Promise<unknown> | void) => async (req: Request, res: Response) => {
    try {
      await handler(req, res, endpoint);
    } catch (error) {
      if (error instanceof McpHttpError) return sendMcpHttpError(res, error);
      if (error instanceof StoreUnavailableError && !res.headersSent) {
        // Sessions cannot be checked against the revocations: refuse rather than accept an ended one.
        return sendMcpHttpError(
          res,
          new McpHttpError(503, JsonRpcCode.ServerError, 'Service Unavailable: the session store cannot be reached; retry later', {
            'Retry-After': '5',
          }),
        );
      }
      deps.logger.error('mcp.failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendMcpHttpError(res, new McpHttpError(500, JsonRpcCode.InternalError, 'Internal error'));
    }
  };

  const router = Router();
  // Every answer of /mcp belongs to one session and one moment: none may be stored by a cache.
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(originGuard(settings.allowedOrigins));
  router.post('/', run(handlePost));
  router.delete('/', run(handleDelete));
  router.options('/', (_req, res) => void res.status(204).set('Allow', ALLOWED_METHODS).end());
  router.all('/', (_req, res) => sendMcpHttpError(res, METHOD_NOT_ALLOWED));
  return router;
}

/**
 * The config with MCP_SESSION_SECRET filled in when it is unset: from MCP_SESSION_SECRET_FILE
 * (generated on first start), so that session ids are never signed with a key anyone can derive.
 */
function withSessionSecret<T extends McpConfig>(config: T, logger: Logger): T {
  if (config.MCP_SESSION_SECRET !== '') return config;
  const path = config.MCP_SESSION_SECRET_FILE || 'data/mcp-session-secret';
  const { secret, source, created } = loadOrCreateSessionSecret(path);
  if (created) logger.info('mcp.session_secret_created', { source, ...(source === 'file' && { path }) });
  return { ...config, MCP_SESSION_SECRET: secret };
}
