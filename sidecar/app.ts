/**
 * The HTTP application. Two paths, chosen per request in `listener`:
 *
 * 1. The fast path (before Express) answers GET and HEAD of
 *    - a prebuilt data document by its exact request target, no query string (/reviews.json,
 *      /insights.json, /api/feed.json, /feed.xml, /.well-known/openapi.json, since files of the window),
 *    - /api/reviews/search and /api/reviews/since/{date} (cached per build).
 *    These are the hot paths a CDN or poller hits: their bytes, ETags and every header (the common
 *    list of sidecar/http/common-headers.ts included) are precomputed per build, so a request costs a
 *    lookup and a write instead of the middleware chain. Over-long URLs (414) and, when enabled, rate
 *    limiting (429) are decided before either path.
 * 2. Express answers everything else: other methods (POST /mcp, the hub, OPTIONS preflights),
 *    documents with a query string, /healthz, the static pages, and every 404/405.
 *
 * Both paths send the same common headers for the same resource (tests/integration/sidecar-header-parity.test.ts).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import { DATA_CACHE_CONTROL } from '../core/build/render-headers-file.ts';
import { isTrustedHop, proxyTrustOf } from '../core/http/proxy-trust.ts';
import { DOCUMENT_PATHS, FIND_PATH, HUB_PATH, JSON_CONTENT_TYPE, MCP_PATH, SEARCH_PATH, SINCE_PREFIX } from '../core/model/published-paths.ts';
import type { SidecarConfig } from './config.ts';
import type { RejectedBuild } from './data/build-guard.ts';
import type { Snapshot, SnapshotSource } from './data/snapshot.ts';
import type { Hub } from './hub/create-hub.ts';
import { createBoundedCompressor } from './http/bounded-compressor.ts';
import { commonHeaders } from './http/common-headers.ts';
import { cors } from './http/cors.ts';
import { createDynamicAdmission, isDynamicRequest } from './http/dynamic-admission.ts';
import { DynamicResponses } from './http/dynamic-responses.ts';
import { HttpError, errorHandler } from './http/errors.ts';
import { asMiddleware, sendFastError } from './http/fast-handler.ts';
import { createFixedWindowLimiter, type RequestRateLimiter } from './http/rate-limit.ts';
import { logRequest } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { Logger } from './logger.ts';
import { createDataDocuments } from './routes/data-documents.ts';
import { findRoute } from './routes/find.ts';
import { fallbackRoute, malformedUrlGuard } from './routes/fallback.ts';
import { healthzRoute } from './routes/healthz.ts';
import type { StoreHealth } from './storage/open-stores.ts';
import type { PullHealth } from './pull/pull-health.ts';
import { searchRoute } from './routes/search.ts';
import { sinceRoute } from './routes/since.ts';
import { staticPagesRoute } from './routes/static-pages.ts';
import { trailingSlashRoute } from './routes/trailing-slash.ts';

const SINCE_BASE = SINCE_PREFIX.slice(0, -1);

export interface AppDeps {
  snapshots: SnapshotSource;
  config: SidecarConfig;
  logger: Logger;
  /** Router of the MCP endpoint, mounted at /mcp. */
  mcpHandler: RequestHandler;
  /** The WebSub hub: its router is mounted at /api/websub/hub, and it hears of every new build. */
  hub: Pick<Hub, 'router' | 'onSnapshot'>;
  /** Store kind and reachability for /healthz (sidecar/storage/open-stores.ts); absent in tests without state. */
  storeHealth?: () => Promise<StoreHealth>;
  /** Monotonic clock in milliseconds (durations, rate-limit windows). */
  now?: () => number;
  /** The newest build the sidecar refused to serve, for /healthz (see data/build-guard.ts). */
  refusedBuild?: () => RejectedBuild | null;
  /** The PULL_CRON loop's last runs per source, for /healthz (sidecar/pull/pull-loop.ts); absent when off. */
  pullHealth?: () => PullHealth;
}

export interface SidecarApp {
  /** The request listener to give http.createServer: the fast path, then Express. */
  listener: RequestListener;
  express: Express;
  /** Stops listening to snapshot changes. */
  close(): void;
}

/**
 * The whole HTTP application, without a socket: data documents (fast path), search, since,
 * healthz, MCP, the hub, the static pages, and the hygiene around them (CORS, security headers,
 * limits, rate limiting, JSON errors, one log line per request).
 */
export function createApp(deps: AppDeps): SidecarApp {
  const { snapshots, config, logger } = deps;
  const now = deps.now ?? (() => performance.now());
  const startedAt = now();
  const security = securityHeaders();
  const common = commonHeaders(security);
  const documents = createDataDocuments({ snapshots, baseUrl: config.BASE_URL, common });
  const responseCaches = new WeakMap<Snapshot, DynamicResponses>();
  const compressor = createBoundedCompressor(config.DYNAMIC_COMPRESS_MAX_BYTES);
  const responses = (snapshot: Snapshot): DynamicResponses => {
    let cache = responseCaches.get(snapshot);
    if (!cache) {
      const meta = { contentType: JSON_CONTENT_TYPE, cacheControl: DATA_CACHE_CONTROL, common };
      responseCaches.set(
        snapshot,
        (cache = new DynamicResponses(config.SEARCH_CACHE_ENTRIES, config.SEARCH_CACHE_MB * 1024 * 1024, meta, compressor)),
      );
    }
    return cache;
  };
  const trailingSlash = trailingSlashRoute(common);

  const search = searchRoute({ snapshots, responses, common });
  const find = findRoute({ snapshots, responses, common });
  const since = sinceRoute({ snapshots, responses, documents, common });

  /**
   * Before Express, for GET and HEAD only: prebuilt documents by exact request target, search and
   * since. They need no middleware (their CORS and security headers are precomputed), so the hot
   * paths skip the router; everything else, and every other method, goes through Express.
   */
  const fastPath = (req: IncomingMessage, res: ServerResponse): number | Promise<number> => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return 0;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if (q === -1) {
      const status = documents.serve(req, res, snapshots.current(), url);
      if (status !== 0) return status;
    }
    const path = q === -1 ? url : url.slice(0, q);
    const slash = trailingSlash(req, res, path);
    if (slash !== 0) return slash;
    if (path === SEARCH_PATH) return search(req, res);
    if (path === FIND_PATH) return find(req, res);
    if (path.startsWith(SINCE_BASE)) return since(req, res);
    return 0;
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // One rule for req.ip (the hub's subscribe limit) and the rate limiters: only the proxies TRUST_PROXY names.
  const trust = proxyTrustOf(config.TRUST_PROXY);
  app.set('trust proxy', (address: string, index: number) => isTrustedHop(trust, address, index));
  app.use(security);
  // MCP first: it answers its own preflight and checks Origin (DNS-rebinding protection), so the
  // public-data CORS below, which allows every origin, must not answer for it. It limits its own body.
  app.use(MCP_PATH, deps.mcpHandler);
  app.use(cors());
  app.use(bodySizeLimit(config.MAX_BODY_BYTES));
  app.use(HUB_PATH, deps.hub.router);
  app.all('/healthz', healthzRoute(snapshots, startedAt, now, deps.refusedBuild, deps.storeHealth, deps.pullHealth));
  app.all(Object.values(DOCUMENT_PATHS), documents.route);
  app.all(SEARCH_PATH, asMiddleware(search));
  app.all(FIND_PATH, asMiddleware(find));
  app.use(SINCE_BASE, asMiddleware(since));
  app.use(malformedUrlGuard);
  if (config.SERVE_STATIC) app.use(staticPagesRoute(snapshots));
  app.use(fallbackRoute(snapshots, config.SERVE_STATIC));
  app.use(errorHandler(logger));

  const unsubscribe = snapshots.onChange((next, previous) => deps.hub.onSnapshot(next, previous));
  const limiter = config.RATE_LIMIT_ENABLED
    ? createFixedWindowLimiter({ max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS, trust, now })
    : undefined;
  const dynamic = createDynamicAdmission({ limits: config, trust, now, common });
  const log = config.LOG_REQUESTS
    ? (req: IncomingMessage, status: number, started: number) => logRequest(logger, req, status, started, now())
    : () => {};

  const toExpress = (req: IncomingMessage, res: ServerResponse, started: number): void => {
    res.once('close', () => log(req, res.writableFinished ? res.statusCode : 499, started));
    app(req, res);
  };

  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    const started = now();
    const early = earlyRejection(req, res, config.MAX_URL_BYTES, limiter, common);
    if (early !== 0) return log(req, early, started);
    // Search, since and MCP wait their turn behind everything else (see http/dynamic-scheduler.ts).
    if (isDynamicRequest(req)) {
      const refused = dynamic.admit(req, res, () => handle(req, res, started));
      if (refused !== 0) log(req, refused, started);
      return;
    }
    handle(req, res, started);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, started: number): void => {
    let status: number | Promise<number>;
    try {
      status = fastPath(req, res);
    } catch (e) {
      return failed(req, res, e, started);
    }
    if (typeof status === 'number') return status === 0 ? toExpress(req, res, started) : log(req, status, started);
    status.then(
      (s) => (s === 0 ? toExpress(req, res, started) : log(req, s, started)),
      (e: unknown) => failed(req, res, e, started),
    );
  };

  /** An unexpected error on the fast path: logged with its stack, a generic JSON 500 to the client. */
  const failed = (req: IncomingMessage, res: ServerResponse, e: unknown, started: number): void => {
    logger.error('unhandled_error', {
      method: req.method,
      path: (req.url ?? '').split('?')[0]!.slice(0, 200),
      error: e instanceof Error ? e.stack : String(e),
    });
    if (res.headersSent) res.destroy();
    else sendFastError(res, new HttpError(500, 'Internal Server Error'), common, req.method === 'HEAD');
    log(req, 500, started);
  };
  return { listener, express: app, close: unsubscribe };
}

/** Requests refused before any routing: over-long URLs (414) and, when enabled, over the rate limit (429). */
function earlyRejection(
  req: IncomingMessage,
  res: ServerResponse,
  maxUrlBytes: number,
  limiter: RequestRateLimiter | undefined,
  common: readonly [string, string][],
): number {
  const url = req.url ?? '';
  let error: HttpError | undefined;
  if (url.length > maxUrlBytes) error = new HttpError(414, `URL longer than ${maxUrlBytes} bytes`);
  else if (limiter && !url.startsWith('/healthz')) {
    const decision = limiter(req, res);
    if (decision.limited) error = new HttpError(429, 'Too many requests; retry later', [], { 'Retry-After': String(decision.retryAfter) });
  }
  return error ? sendFastError(res, error, common, req.method === 'HEAD') : 0;
}

/** 413 for a declared body above the limit, before anything reads it (routers that parse bodies keep their own limits too). */
function bodySizeLimit(maxBytes: number): RequestHandler {
  return (req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > maxBytes) return next(new HttpError(413, `Request body larger than ${maxBytes} bytes`));
    next();
  };
}
