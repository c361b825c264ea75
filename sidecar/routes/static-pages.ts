import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { RequestHandler } from 'express';
import { DEPLOY_ONLY_FILES } from '../../core/build/render-headers-file.ts';
import { ASSET_CACHE_CONTROL, ASSET_PREFIX, PAGE_CACHE_CONTROL } from '../../core/http/response-headers.ts';
import { computeEtag, etagForEncoding } from '../../core/http/compute-etag.ts';
import type { ContentCoding } from '../../core/http/negotiate-encoding.ts';
import type { SnapshotSource } from '../data/snapshot.ts';
import { LruCache } from '../http/lru-cache.ts';
import { notAcceptable } from '../http/not-acceptable.ts';
import { codingFor, makeVariant, sendVariant, type Variant } from '../http/representation.ts';

/**
 * Not pages: the manifest, the CDN headers file, the nginx config, precompressed siblings, and
 * everything under /api (its documents are served from memory; its folders are not pages).
 */
const HIDDEN = new RegExp(`^/(${[...DEPLOY_ONLY_FILES, 'api'].map((f) => f.replace(/\./g, '\\.')).join('|')})$|^/api/|\\.(gz|br)$`);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** What the page cache may hold: bodies of the builds being served (their folders never change). */
const CACHE_ENTRIES = 2_000;
const CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The HTML pages and assets of the loaded build (embedded deployment). Files are read from the
 * snapshot's own build folder — `dist/` is a link to it that a rebuild replaces atomically — so a
 * request during a rebuild gets the old build or the new one, never a 404. Each file has a strong
 * ETag from its bytes (unchanged pages keep theirs across builds), the build's precompressed `.br`
 * and `.gz` siblings are served when the client accepts them, and Range is ignored (RFC 9110
 * §14.2 lets a server send the whole representation). Dotfiles stay hidden except /.well-known/.
 */
export function staticPagesRoute(snapshots: SnapshotSource): RequestHandler {
  const cache = new LruCache<Variant>(CACHE_ENTRIES, CACHE_BYTES);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || HIDDEN.test(req.path)) return next();
    const relative = safePath(req.path);
    if (relative === null) return next();
    const dir = snapshots.current().distDir;
    const coding = codingFor(req);
    if (coding === null) return next(notAcceptable());
    resolveFile(dir, relative)
      .then(async (found) => {
        if (found === null) return next();
        if (found === 'directory') return res.redirect(301, `${req.path}/${req.url.slice(req.path.length)}`);
        const key = `${coding}:${found}`;
        let variant = cache.get(key);
        if (!variant) {
          variant = await loadVariant(found, coding);
          cache.set(key, variant, Buffer.isBuffer(variant.bytes) ? variant.bytes.length : 0);
        }
        sendVariant(req, res, variant);
      })
      .catch(next);
  };
}

/** The decoded, normalised path below the build folder, or null for what is never served (dotfiles, NUL, bad encoding). */
export function safePath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // normalize() of an absolute path cannot climb above "/", so the file stays inside the folder.
  const clean = normalize(`/${decoded}`);
  const hidden = clean.split('/').some((segment, i, all) => segment.startsWith('.') && !(i === 1 && segment === '.well-known' && all.length > 2));
  return hidden ? null : clean;
}

/** The file that answers `relative` (index.html for a folder path ending in "/"), 'directory' when a "/" is missing. */
async function resolveFile(dir: string, relative: string): Promise<string | 'directory' | null> {
  const file = relative.endsWith('/') ? join(dir, relative, 'index.html') : join(dir, relative);
  const st = await stat(file).catch(() => undefined);
  if (st?.isFile()) return file;
  if (st?.isDirectory() && (await stat(join(file, 'index.html')).catch(() => undefined))?.isFile()) return 'directory';
  return null;
}

async function loadVariant(file: string, coding: ContentCoding): Promise<Variant> {
  const identity = await readFile(file);
  const etag = computeEtag(identity);
  const meta = {
    contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    lastModified: null,
    cacheControl: file.includes(ASSET_PREFIX) ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL,
    // CORS and security headers were set by the middleware before this route.
    common: [],
  };
  if (coding !== 'identity') {
    const encoded = await readFile(`${file}.${coding === 'gzip' ? 'gz' : 'br'}`).catch(() => undefined);
    if (encoded) return makeVariant(encoded, etagForEncoding(etag, coding), coding, meta);
  }
  return makeVariant(identity, etag, 'identity', meta);
}
