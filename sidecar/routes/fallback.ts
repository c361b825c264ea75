import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import type { SnapshotSource } from '../data/snapshot.ts';
import { HttpError, methodNotAllowed } from '../http/errors.ts';
import { safePath } from './static-pages.ts';

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
 * GET/HEAD; a browser asking for a missing page gets the site's 404 page (status 404); everything
 * else — API paths, clients that prefer JSON — a JSON 404.
 */
export function fallbackRoute(snapshots: SnapshotSource, serveStatic: boolean): RequestHandler {
  return (req, res, next) => {
    const dir = snapshots.current().distDir;
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (serveStatic && !read && isStaticFile(dir, req.path)) return next(methodNotAllowed(req.method, ['GET', 'HEAD', 'OPTIONS']));
    const missing = new HttpError(404, `No resource at ${req.path.slice(0, 200)}`);
    if (!serveStatic || !read || req.path.startsWith('/api/') || req.accepts(['application/json', 'text/html']) !== 'text/html') return next(missing);
    readFile(join(dir, '404.html')).then(
      (page) => {
        res.status(404).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': String(page.length) });
        res.end(req.method === 'HEAD' ? undefined : page);
      },
      () => next(missing),
    );
  };
}

function isStaticFile(dir: string, path: string): boolean {
  const relative = safePath(path);
  if (relative === null) return false;
  const file = join(dir, relative);
  try {
    const st = statSync(file);
    return st.isFile() || (st.isDirectory() && statSync(join(file, 'index.html')).isFile());
  } catch {
    return false;
  }
}
