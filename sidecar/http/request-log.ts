import type { IncomingMessage } from 'node:http';
import type { Logger } from '../logger.ts';

/**
 * The one log line of a request: method, path (no query string: it may carry search text),
 * status, duration and bytes. No client address, no headers, no body.
 */
export function logRequest(
  logger: Logger,
  req: IncomingMessage,
  status: number,
  startedMs: number,
  nowMs: number,
  extra?: Record<string, unknown>,
): void {
  // A router mounted at /mcp or /api/websub/hub rewrites req.url to "/"; originalUrl keeps the target.
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).slice(0, 200);
  logger.info('request', { method: req.method, path, status, ms: Math.round((nowMs - startedMs) * 100) / 100, ...extra });
}
