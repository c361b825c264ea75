import { statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { RequestHandler } from 'express';
import type { SnapshotSource } from '../data/snapshot.ts';
import { HttpError, methodNotAllowed } from '../http/errors.ts';

/** A path that decodes (the router and serve-static decode it); anything else is a malformed URL. */
export const malformedUrlGuard: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    next(new HttpError(400, 'Malformed URL', [{ path: '', code: 'invalid_encoding', message: 'the path is not valid percent-encoded UTF-8' }]));
  }
};

/**
 * After every route: 405 (with Allow) when the path names a static file but the method is not
 * GET/HEAD, otherwise a JSON 404.
 */
export function fallbackRoute(snapshots: SnapshotSource, serveStatic: boolean): RequestHandler {
  return (req, _res, next) => {
    if (serveStatic && req.method !== 'GET' && req.method !== 'HEAD' && isStaticFile(snapshots.current().distDir, req.path)) {
      return next(methodNotAllowed(req.method, ['GET', 'HEAD', 'OPTIONS']));
    }
    next(new HttpError(404, `No resource at ${req.path.slice(0, 200)}`));
  };
}

function isStaticFile(dir: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded.includes('\0')) return false;
  // normalize() of an absolute path cannot climb above "/", so the file stays inside dir.
  const file = join(dir, normalize(`/${decoded}`));
  try {
    const st = statSync(file);
    return st.isFile() || (st.isDirectory() && statSync(join(file, 'index.html')).isFile());
  } catch {
    return false;
  }
}
