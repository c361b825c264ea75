import { resolve } from 'node:path';
import type { RequestHandler } from 'express';
import { Router } from 'express';
import cron, { type ScheduledTask } from 'node-cron';
import { createApp, type SidecarApp } from './app.ts';
import { oneAtATime } from './build/one-at-a-time.ts';
import { scheduleRebuild } from './build/rebuild-schedule.ts';
import { distStaleness, PROJECT_ROOT, runBuild } from './build/run-build.ts';
import type { SidecarConfig } from './config.ts';
import { rejectBuild, type RejectedBuild } from './data/build-guard.ts';
import { loadSnapshot } from './data/load-snapshot.ts';
import { createSnapshotSource, type MutableSnapshotSource } from './data/snapshot-source.ts';
import { watchDist, type DistWatcher } from './data/watch-dist.ts';
import { createHub, type Hub, type HubDeps } from './hub/create-hub.ts';
import { silentLogger, type Logger } from './logger.ts';
import { createPullLoop, type PullLoop } from './pull/pull-loop.ts';
import { secretsOf } from '../core/import/pull/redact-secrets.ts';
import { pullChildEnv } from './pull/pull-child-env.ts';
import { runPullChild } from './pull/run-pull-child.ts';
import { createMcpHandler, type McpDeps } from './mcp/create-mcp-handler.ts';
import { startServer, type RunningServer } from './server.ts';
import { openStores, type Stores } from './storage/open-stores.ts';

/** What a caller may put in place of the defaults: tests inject clocks, resolvers, stubs; main.ts nothing but its logger. */
export interface SidecarOverrides {
  logger?: Logger;
  /** Monotonic clock of the app (rate-limit windows, durations). */
  now?: () => number;
  /** Seams of the hub (DNS resolver, wall clock, randomness, a store), or `false` for no hub (a stub router). */
  hub?: Partial<Pick<HubDeps, 'resolve' | 'clock' | 'random' | 'store'>> | false;
  /** Seams of MCP (wall clock of session ids), or a handler to mount instead of it. */
  mcp?: Partial<Pick<McpDeps, 'wallClock'>> | { handler: RequestHandler };
  /** Watch DIST_DIR for new builds (default: when WATCH_INTERVAL_MS > 0). */
  watch?: boolean;
  /** Extra environment of the PULL_CRON child (tests pass fake credentials; main.ts none: .env is already loaded). */
  pullEnv?: Record<string, string>;
}

/** A wired sidecar, not yet listening. */
export interface ComposedSidecar {
  config: SidecarConfig;
  logger: Logger;
  snapshots: MutableSnapshotSource;
  app: SidecarApp;
  hub: Pick<Hub, 'router' | 'onSnapshot' | 'publish' | 'close'>;
  watcher: DistWatcher | undefined;
  /** The PULL_CRON loop (pull → verify → build → publish), when scheduled. */
  pullLoop: PullLoop | undefined;
  /** Listens on HOST:PORT. */
  listen(): Promise<RunningServer>;
  /** Stops watching, scheduling and the hub (after the server, if any, has been shut down). */
  close(): Promise<void>;
}

/**
 * The one composition root: loads DIST_DIR, and wires the snapshot source, the dist watcher (which
 * refuses builds made for another BASE_URL), the WebSub hub, MCP, the HTTP app, the REBUILD_CRON
 * schedule and the PULL_CRON loop (sidecar/pull/). `sidecar/main.ts` and every test harness build the sidecar through it.
 */
export async function composeSidecar(config: SidecarConfig, overrides: SidecarOverrides = {}): Promise<ComposedSidecar> {
  const logger = overrides.logger ?? silentLogger;
  const now = overrides.now ?? (() => performance.now());
  const distDir = resolve(PROJECT_ROOT, config.DIST_DIR);
  const first = await loadSnapshot(distDir);
  const mismatch = rejectBuild(first.manifest, config.BASE_URL);
  if (mismatch) throw new Error(`${distDir}: ${mismatch}`);
  const snapshots = createSnapshotSource(first, (e) => logger.error('snapshot_listener_failed', { error: String(e) }));

  let refused: RejectedBuild | null = null;
  let watcher: DistWatcher | undefined;
  // State (hub, MCP revocations): PostgreSQL with DATABASE_URL, else the SQLite files. A test that
  // injects its own hub store, or runs without a hub, opens none unless DATABASE_URL asks for it.
  const hubOverride = overrides.hub === false ? undefined : overrides.hub;
  const stores: Stores | null =
    config.DATABASE_URL !== '' || (overrides.hub !== false && !hubOverride?.store) ? await openStores(config, logger) : null;
  const hub: ComposedSidecar['hub'] =
    overrides.hub === false
      ? stubHub()
      : // Without an injected store, `stores` was opened just above: open-stores.ts is the hub's one opener.
        await createHub({
          snapshots,
          config,
          logger,
          ...hubOverride,
          store: hubOverride?.store ?? stores!.hub,
          refresh: async () => watcher?.check(),
        });
  const mcpOverride = overrides.mcp;
  const mcpHandler =
    mcpOverride && 'handler' in mcpOverride
      ? mcpOverride.handler
      : createMcpHandler({ snapshots, config, logger, ...(stores && { revocations: stores.revocations }), ...mcpOverride });
  const tasks: ScheduledTask[] = [];
  // A scheduled build still running when the sidecar closes is stopped and awaited, so it never writes
  // into a dist/ (or a test's folder) after close() returned.
  const stopBuilds = new AbortController();
  let running: Promise<unknown> | null = null;
  // Builds are deterministic (same inputs, byte-identical dist/), so a scheduled run whose inputs hash
  // (content, code, settings) matches the current dist/ would only burn a few seconds of CPU to write the
  // same bytes: it is skipped. A changed review, a deploy of new code or a new BASE_URL builds.
  const buildOnce = async (): Promise<'built' | 'unchanged'> => {
    if (distStaleness(config) === null) return 'unchanged';
    const build = runBuild(config, { onOutput: () => {}, signal: stopBuilds.signal });
    running = build.catch(() => undefined).finally(() => (running = null));
    await build;
    return 'built';
  };
  // One build at a time, whichever schedule asks (REBUILD_CRON, the pull loop's build): two into one DIST_DIR
  // would race for its swap. A build asked for while one runs waits for it, then finds nothing stale or builds.
  const rebuild = oneAtATime(buildOnce);
  // PULL_CRON: the loop runs in this process; its pull and build steps run in child processes.
  let pullLoop: PullLoop | undefined;
  let pullRunning: Promise<unknown> | null = null;
  const pullSchedule = config.PULL_CRON.trim();
  if (pullSchedule !== '' && pullSchedule !== 'off') {
    const pullEnv = pullChildEnv(config, overrides.pullEnv);
    pullLoop = createPullLoop({
      schedule: pullSchedule,
      logger,
      secrets: secretsOf(pullEnv),
      pull: () => runPullChild({ root: PROJECT_ROOT, env: pullEnv, signal: stopBuilds.signal }),
      rebuild: () => rebuild(),
      publish: async () => watcher?.check(),
    });
  }
  const app = createApp({
    snapshots,
    config,
    logger,
    mcpHandler,
    hub,
    now,
    refusedBuild: () => refused,
    ...(stores && { storeHealth: () => stores.health() }),
    ...(pullLoop && { pullHealth: pullLoop.health }),
  });
  if (overrides.watch ?? config.WATCH_INTERVAL_MS > 0) {
    watcher = watchDist(distDir, snapshots, {
      intervalMs: config.WATCH_INTERVAL_MS,
      logger,
      refuse: (next) => rejectBuild(next.manifest, config.BASE_URL),
      onRefused: (r) => (refused = r),
    });
  }
  if (config.REBUILD_CRON.trim() !== '' && config.REBUILD_CRON.trim() !== 'off') {
    tasks.push(scheduleRebuild(config.REBUILD_CRON, rebuild, logger));
  }
  if (pullLoop) {
    const loop = pullLoop;
    tasks.push(
      cron.schedule(
        pullSchedule,
        async () => {
          pullRunning = loop.run();
          await pullRunning;
        },
        { name: 'shingle-pull', noOverlap: true },
      ),
    );
  }
  return {
    config,
    logger,
    snapshots,
    app,
    hub,
    watcher,
    pullLoop,
    listen: () => startServer(app.listener, config, config.HOST, config.PORT, (e) => logger.error('server_error', { error: String(e) })),
    async close() {
      watcher?.close();
      for (const t of tasks) await t.destroy();
      stopBuilds.abort();
      await pullRunning;
      await running;
      app.close();
      await hub.close();
      await stores?.close();
    },
  };
}

/** No hub: a router that answers 501, for tests of other endpoints. */
function stubHub(): ComposedSidecar['hub'] {
  const router = Router();
  router.all('/', (_req, res) => void res.status(501).json({ error: 'no hub in this sidecar', issues: [] }));
  return { router, onSnapshot() {}, publish: async () => [], close: async () => {} };
}
