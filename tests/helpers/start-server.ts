import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { Client } from 'undici';
import type { SidecarApp } from '../../sidecar/app.ts';
import { composeSidecar, type ComposedSidecar, type SidecarOverrides } from '../../sidecar/compose-sidecar.ts';
import { loadConfig, type SidecarConfig } from '../../sidecar/config.ts';
import type { MutableSnapshotSource } from '../../sidecar/data/snapshot-source.ts';
import type { DistWatcher } from '../../sidecar/data/watch-dist.ts';
import type { Snapshot } from '../../sidecar/data/snapshot.ts';
import { silentLogger, type Logger } from '../../sidecar/logger.ts';
import type { RunningServer } from '../../sidecar/server.ts';
import { httpRequest, type TestResponse } from './http-client.ts';

/** Settings every test sidecar (in process, or `node sidecar/main.ts`) starts from: a free loopback port, quiet, nothing built or on disk. */
export const TEST_SIDECAR_ENV: Record<string, string> = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_REQUESTS: 'false',
  BUILD_ON_START: 'never',
  WATCH_INTERVAL_MS: '0',
  MCP_SESSION_REVOCATION_DB: 'memory',
};

export interface TestSidecarOptions {
  distDir: string;
  /** BASE_URL of the build (default: the build's default). */
  baseUrl?: string;
  /** Environment-style settings (strings), validated by the real config schema. */
  env?: Record<string, string>;
  logger?: Logger;
  /** Mount this instead of the real MCP endpoint. */
  mcpHandler?: RequestHandler;
  /** Wall clock of MCP session ids (expiry tests). */
  mcpWallClock?: () => number;
  /** Hub seams; default: no hub (a stub router answering 501). */
  hub?: Exclude<SidecarOverrides['hub'], undefined>;
  /** Poll dist/ for new builds every this many ms (default: no watcher). */
  watchIntervalMs?: number;
  now?: () => number;
  /** Extra environment of the PULL_CRON child (fake credentials). */
  pullEnv?: Record<string, string>;
}

export interface TestSidecar {
  /** http://127.0.0.1:PORT */
  url: string;
  /** http://localhost:PORT (the conformance runner's DNS-rebinding scenario needs a name). */
  origin: string;
  mcpUrl: string;
  config: SidecarConfig;
  snapshots: MutableSnapshotSource;
  snapshot: Snapshot;
  app: SidecarApp;
  hub: ComposedSidecar['hub'];
  server: RunningServer;
  watcher?: DistWatcher;
  pullLoop?: ComposedSidecar['pullLoop'];
  /** One keep-alive client for the test's requests. */
  client: Client;
  request(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<TestResponse>;
  close(): Promise<void>;
}

/** The real sidecar, wired by composeSidecar (as sidecar/main.ts wires it), on 127.0.0.1 and a free port. */
export async function startSidecar(options: TestSidecarOptions): Promise<TestSidecar> {
  const env: Record<string, string> = { ...TEST_SIDECAR_ENV, DIST_DIR: options.distDir, ...(options.baseUrl && { BASE_URL: options.baseUrl }) };
  if (options.watchIntervalMs) env.WATCH_INTERVAL_MS = String(options.watchIntervalMs);
  const config = loadConfig({ ...env, ...options.env });
  const sidecar = await composeSidecar(config, {
    logger: options.logger ?? silentLogger,
    hub: options.hub ?? false,
    ...(options.mcpHandler ? { mcp: { handler: options.mcpHandler } } : options.mcpWallClock ? { mcp: { wallClock: options.mcpWallClock } } : {}),
    ...(options.now && { now: options.now }),
    ...(options.pullEnv && { pullEnv: options.pullEnv }),
  });
  const server = await sidecar.listen();
  const { port } = server.server.address() as AddressInfo;
  const client = new Client(server.url, { pipelining: 0 });
  return {
    url: server.url,
    origin: `http://localhost:${port}`,
    mcpUrl: `http://localhost:${port}/mcp`,
    config,
    snapshots: sidecar.snapshots,
    snapshot: sidecar.snapshots.current(),
    app: sidecar.app,
    hub: sidecar.hub,
    server,
    ...(sidecar.watcher && { watcher: sidecar.watcher }),
    ...(sidecar.pullLoop && { pullLoop: sidecar.pullLoop }),
    client,
    request: (path, init) => httpRequest(client, path, init),
    async close() {
      sidecar.watcher?.close();
      await client.close();
      await server.shutdown(1000);
      await sidecar.close();
    },
  };
}
