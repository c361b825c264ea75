/**
 * `npm start`: the process entry. Validates and prints the config, builds dist/ when it is missing
 * or stale, loads it, and serves everything on one port (data documents, search, since, MCP, the
 * WebSub hub, and the static pages); watches dist/ for new builds; stops gracefully on SIGTERM.
 */
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { parseConfig, redactConfig } from './config.ts';
import { createSnapshotSource } from './data/snapshot-source.ts';
import { loadSnapshot } from './data/load-snapshot.ts';
import { watchDist } from './data/watch-dist.ts';
import { distStaleness, runBuild } from './ensure-dist.ts';
import { createHub } from './hub/create-hub.ts';
import { createBatchedWriter } from './log-writer.ts';
import { createLogger } from './logger.ts';
import { createMcpHandler } from './mcp/create-mcp-handler.ts';
import { startServer } from './server.ts';
import { openStores } from './storage/open-stores.ts';

const ROOT = resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  const output = createBatchedWriter((chunk) => process.stdout.write(chunk));
  const logger = createLogger(output.line);
  process.once('exit', output.flush);
  const parsed = parseConfig(process.env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`config: ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    process.exit(2);
  }
  const config = parsed.data;
  logger.info('config', redactConfig(config));

  const staleness = config.BUILD_ON_START === 'never' ? null : config.BUILD_ON_START === 'always' ? 'forced' : distStaleness(config);
  if (staleness) {
    logger.info('build_needed', { reason: staleness });
    await runBuild(config, logger);
  }
  const distDir = resolve(ROOT, config.DIST_DIR);
  const snapshots = createSnapshotSource(await loadSnapshot(distDir), (e) => logger.error('snapshot_listener_failed', { error: String(e) }));
  const first = snapshots.current().manifest;
  logger.info('snapshot_loaded', { distDir, reviews: first.reviewCount, updated: first.updated, inputsHash: first.inputsHash });
  if (first.baseUrl !== config.BASE_URL) logger.warn('base_url_mismatch', { built: first.baseUrl, configured: config.BASE_URL });

  const now = () => performance.now();
  // A publish ping can arrive before the next poll of dist/: the hub asks the watcher to look first.
  let watcher: ReturnType<typeof watchDist> | undefined;
  const stores = await openStores(config, logger);
  const hub = await createHub({ snapshots, config, logger, now, store: stores.hub, refresh: async () => watcher?.check() });
  const mcpHandler = createMcpHandler({ snapshots, config, logger, now, revocations: stores.revocations });
  const app = createApp({ snapshots, config, logger, mcpHandler, hub, now, storeHealth: () => stores.health() });
  watcher = watchDist(distDir, snapshots, { intervalMs: config.WATCH_INTERVAL_MS, logger });
  const running = await startServer(app.listener, config, config.HOST, config.PORT);
  logger.info('listening', { url: running.url, baseUrl: config.BASE_URL, serveStatic: config.SERVE_STATIC });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutdown_started', { signal });
    watcher?.close();
    app.close();
    const { forced } = await running.shutdown(config.SHUTDOWN_TIMEOUT_MS);
    await hub.close().catch((e: unknown) => logger.error('hub_close_failed', { error: String(e) }));
    await stores.close().catch((e: unknown) => logger.error('store_close_failed', { error: String(e) }));
    logger.info('shutdown_finished', { forced });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
