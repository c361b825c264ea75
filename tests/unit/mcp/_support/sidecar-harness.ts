import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Router } from 'express';
import { createApp } from '../../../../sidecar/app.ts';
import { parseConfig } from '../../../../sidecar/config.ts';
import { loadSnapshot } from '../../../../sidecar/data/load-snapshot.ts';
import { createSnapshotSource } from '../../../../sidecar/data/snapshot-source.ts';
import type { Snapshot } from '../../../../sidecar/data/snapshot.ts';
import { silentLogger } from '../../../../sidecar/logger.ts';
import { createMcpHandler } from '../../../../sidecar/mcp/create-mcp-handler.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

export interface RunningSidecar {
  /** http://localhost:PORT (a localhost URL: the conformance runner's DNS-rebinding scenario needs one). */
  origin: string;
  mcpUrl: string;
  snapshot: Snapshot;
  close(): Promise<void>;
}

/**
 * The real application (createApp with the real MCP router, the real snapshot of `distDir`) on a
 * free port of this process; the hub is a stub. `wallClock` drives session time (expiry tests).
 */
export async function startSidecar(opts: { distDir: string; baseUrl: string; env?: Record<string, string>; wallClock?: () => number }): Promise<RunningSidecar> {
  const parsed = parseConfig({ DIST_DIR: opts.distDir, BASE_URL: opts.baseUrl, LOG_REQUESTS: 'false', SERVE_STATIC: 'false', BUILD_ON_START: 'never', MCP_SESSION_REVOCATION_DB: 'memory', ...opts.env });
  if (!parsed.success) throw new Error(`config: ${parsed.error.message}`);
  const config = parsed.data;
  const snapshots = createSnapshotSource(await loadSnapshot(opts.distDir));
  const mcpHandler = createMcpHandler({ snapshots, config, logger: silentLogger, ...(opts.wallClock && { wallClock: opts.wallClock }) });
  const app = createApp({ snapshots, config, logger: silentLogger, mcpHandler, hub: { router: Router(), onSnapshot() {} } });
  const server: Server = createServer(app.listener);
  await new Promise<void>((done) => server.listen(0, done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    mcpUrl: `${origin}/mcp`,
    snapshot: snapshots.current(),
    close: () =>
      new Promise<void>((done) => {
        app.close();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

export interface SidecarProcess {
  mcpUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `node sidecar/main.ts` as a child process on a free port; resolves once it logs "listening". */
export async function spawnSidecar(env: Record<string, string>): Promise<SidecarProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'sidecar/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', BUILD_ON_START: 'never', WATCH_INTERVAL_MS: '0', LOG_REQUESTS: 'false', SERVE_STATIC: 'false', MCP_SESSION_REVOCATION_DB: 'memory', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => void (stderr += d.toString()));
  const url = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { event?: string; url?: string };
        if (entry.event === 'listening' && entry.url) done(entry.url);
      } catch {
        // not a log line
      }
    });
    child.once('exit', (code) => fail(new Error(`sidecar exited with ${code} before listening:\n${stderr}`)));
  });
  return {
    mcpUrl: `${url}/mcp`,
    child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
