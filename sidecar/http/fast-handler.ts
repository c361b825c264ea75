import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { methodNotAllowed, sendError, type HttpError } from './errors.ts';

/**
 * A GET/HEAD handler that needs nothing from Express, so the app can call it before the router.
 * Returns the status it sent (a promise while it is still working), or 0 when the request is not
 * its to answer.
 */
export type FastHandler = (req: IncomingMessage, res: ServerResponse) => number | Promise<number>;

/** Sends a JSON error outside Express: the security and CORS headers Express would have set, then the body. */
export function sendFastError(res: ServerResponse, error: HttpError, common: readonly [string, string][], head: boolean): number {
  for (const [name, value] of common) res.setHeader(name, value);
  sendError(res, error, head);
  return error.status;
}

/** The same handler inside Express: 405 for other methods, next() when it declines, errors to the error handler. */
export function asMiddleware(handler: FastHandler): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(methodNotAllowed(req.method, ['GET', 'HEAD', 'OPTIONS']));
    try {
      const status = handler(req, res);
      if (status === 0) next();
      else if (status instanceof Promise) status.then((s) => s === 0 && next(), next);
    } catch (e) {
      next(e);
    }
  };
}
