import type { RequestHandler } from 'express';
import { Router } from 'express';
import { Client } from 'undici';
import { createApp, type SidecarApp } from '../../sidecar/app.ts';
import { parseConfig, type SidecarConfig } from '../../sidecar/config.ts';
import { loadSnapshot } from '../../sidecar/data/load-snapshot.ts';
import { createSnapshotSource, type MutableSnapshotSource } from '../../sidecar/data/snapshot-source.ts';
import { watchDist, type DistWatcher } from '../../sidecar/data/watch-dist.ts';
import type { Hub } from '../../sidecar/hub/create-hub.ts';
import { silentLogger, type Logger } from '../../sidecar/logger.ts';
import { startServer, type RunningServer } from '../../sidecar/server.ts';
import { httpRequest, type TestResponse } from './http-client.ts';

export interface TestSidecarOptions {
  distDir: string;
  /** Environment-style settings (strings), validated by the real config schema. */
  env?: Record<string, string>;
  logger?: Logger;
  mcpHandler?: RequestHandler;
  hub?: Pick<Hub, 'router' | 'onSnapshot'>;
  /** Poll dist/ for new builds every this many ms (default: no watcher). */
  watchIntervalMs?: number;
  now?: () => number;
}

export interface TestSidecar {
  url: string;
  config: SidecarConfig;
  snapshots: MutableSnapshotSource;
  app: SidecarApp;
  server: RunningServer;
  watcher?: DistWatcher;
  /** One keep-alive client for the test's requests. */
  client: Client;
  request(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<TestResponse>;
  close(): Promise<void>;
}

/** A stand-in MCP handler and hub that answer 501 (tests of other endpoints do not need them). */
export function placeholderDeps(): { mcpHandler: RequestHandler; hub: Pick<Hub, 'router' | 'onSnapshot'> } {
  const r = Router();
  r.all('/', (_req, res) => void res.status(501).json({ error: 'not in this test', issues: [] }));
  return { mcpHandler: r, hub: { router: r, onSnapshot() {} } };
}

/** Starts the real app on 127.0.0.1 and a free port, over a loaded dist/. */
export async function startSidecar(options: TestSidecarOptions): Promise<TestSidecar> {
  const parsed = parseConfig({ PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false', MCP_SESSION_REVOCATION_DB: 'memory', ...options.env });
  if (!parsed.success) throw new Error(`bad test config: ${parsed.error.message}`);
  const config = parsed.data;
  const logger = options.logger ?? silentLogger;
  const snapshots = createSnapshotSource(await loadSnapshot(options.distDir));
  const placeholders = placeholderDeps();
  const app = createApp({
    snapshots,
    config,
    logger,
    mcpHandler: options.mcpHandler ?? placeholders.mcpHandler,
    hub: options.hub ?? placeholders.hub,
    ...(options.now && { now: options.now }),
  });
  const server = await startServer(app.listener, config, config.HOST, config.PORT);
  const watcher = options.watchIntervalMs ? watchDist(options.distDir, snapshots, { intervalMs: options.watchIntervalMs, logger }) : undefined;
  const client = new Client(server.url, { pipelining: 0 });
  return {
    url: server.url,
    config,
    snapshots,
    app,
    server,
    ...(watcher && { watcher }),
    client,
    request: (path, init) => httpRequest(client, path, init),
    async close() {
      watcher?.close();
      app.close();
      await client.close();
      await server.shutdown(1000);
    },
  };
}
