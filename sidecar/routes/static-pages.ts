import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import type { SnapshotSource } from '../data/snapshot.ts';

const WELL_KNOWN = '/.well-known/';
/**
 * Not pages: the manifest, the CDN headers file, precompressed siblings, and everything under
 * /api (its documents are served from memory; its folders are not pages to redirect to).
 */
const HIDDEN = /^\/(build-manifest\.json|_headers|nginx\.conf|api)$|^\/api\/|\.(gz|br)$/;

/**
 * The HTML pages and assets of dist/ (embedded deployment). Served from the folder of the build
 * currently loaded; hashed Astro assets are immutable, pages revalidate. serve-static resolves
 * paths inside that folder only (no `..`, no dotfiles).
 */
export function staticPagesRoute(snapshots: SnapshotSource): RequestHandler {
  const handlers = new Map<string, RequestHandler>();
  const handlerFor = (dir: string): RequestHandler => {
    let handler = handlers.get(dir);
    if (!handler) {
      handler = express.static(dir, {
        dotfiles: 'ignore',
        index: 'index.html',
        redirect: true,
        fallthrough: true,
        setHeaders(res, path) {
          res.setHeader('Cache-Control', path.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        },
      });
      handlers.set(dir, handler);
    }
    return handler;
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || HIDDEN.test(req.path)) return next();
    const dir = snapshots.current().distDir;
    // /.well-known/ is the one dot-folder that is public (RFC 8615); other dotfiles stay hidden.
    if (!req.path.startsWith(WELL_KNOWN)) return handlerFor(dir)(req, res, next);
    const url = req.url;
    req.url = url.slice(WELL_KNOWN.length - 1);
    handlerFor(join(dir, WELL_KNOWN))(req, res, (err?: unknown) => {
      req.url = url;
      next(err);
    });
  };
}
