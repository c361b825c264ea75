import type { RequestHandler } from 'express';
import type { RejectedBuild } from '../data/build-guard.ts';
import type { SnapshotSource } from '../data/snapshot.ts';
import { methodNotAllowed } from '../http/errors.ts';
import type { StoreHealth } from '../storage/open-stores.ts';
import type { PullHealth } from '../pull/pull-health.ts';

/**
 * GET /healthz: 200 while a build is loaded (always, once the server listens), with what it serves
 * and the state store's kind and reachability. `status` is "degraded" while a newer build was
 * refused (e.g. built for another BASE_URL: the old build is still served, and `refusedBuild` says
 * why), or while the database cannot be reached (still 200: documents and search keep serving, only
 * the hub and MCP sessions answer 503). With PULL_CRON, `pull` shows the loop's last run and per source
 * the last pull's time, new/updated counts and last error (never a credential: errors are redacted
 * where they are made, and the sidecar never holds the credentials' values in its config).
 */
export function healthzRoute(
  snapshots: SnapshotSource,
  startedAt: number,
  now: () => number,
  refused: () => RejectedBuild | null = () => null,
  storeHealth?: () => Promise<StoreHealth>,
  pullHealth?: () => PullHealth,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(methodNotAllowed(req.method, ['GET', 'HEAD']));
    const { manifest } = snapshots.current();
    const refusedBuild = refused();
    const store = storeHealth ? await storeHealth() : undefined;
    const body = Buffer.from(
      JSON.stringify({
        status: refusedBuild || (store && !store.reachable) ? 'degraded' : 'ok',
        ...(refusedBuild && { refusedBuild }),
        ...(store && { store }),
        ...(pullHealth && { pull: pullHealth() }),
        build: { inputsHash: manifest.inputsHash, reviewCount: manifest.reviewCount, updated: manifest.updated, baseUrl: manifest.baseUrl },
        uptimeSeconds: Math.round((now() - startedAt) / 1000),
      }),
    );
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
