/**
 * `npm start`: the process entry. Validates the config (logged whole with LOG_LEVEL=debug), builds dist/ when it is missing
 * or stale, composes the sidecar (composeSidecar: data documents, search, since, MCP, the WebSub
 * hub, the static pages, the dist watcher and the rebuild schedule), listens, and stops gracefully
 * on SIGTERM.
 */
import { distStaleness, runBuild } from './build/run-build.ts';
import { composeSidecar } from './compose-sidecar.ts';
import { parseConfig, redactConfig } from './config.ts';
import { createBatchedWriter } from './log-writer.ts';
import { clickableUrl, createLogger } from './logger.ts';

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
  // The whole config is about 2 KB of JSON: kept for LOG_LEVEL=debug, not the first thing a person sees.
  if (config.LOG_LEVEL === 'debug') logger.debug('config', redactConfig(config));

  const staleness = config.BUILD_ON_START === 'never' ? null : config.BUILD_ON_START === 'always' ? 'forced' : distStaleness(config);
  if (staleness) {
    logger.info('build_needed', { reason: staleness, distDir: config.DIST_DIR, contentDir: config.CONTENT_DIR });
    const started = performance.now();
    await runBuild(config);
    logger.info('build_finished', { seconds: Math.round(performance.now() - started) / 1000 });
  }
  const sidecar = await composeSidecar(config, { logger });
  const first = sidecar.snapshots.current().manifest;
  logger.info('snapshot_loaded', {
    distDir: sidecar.snapshots.current().distDir,
    reviews: first.reviewCount,
    updated: first.updated,
    inputsHash: first.inputsHash,
  });
  const running = await sidecar.listen();
  logger.info('listening', { url: running.url, baseUrl: config.BASE_URL, serveStatic: config.SERVE_STATIC });
  // One short line for the person at the terminal (stderr: stdout stays one JSON object per line).
  process.stderr.write(`Shingle is serving ${first.reviewCount} reviews at ${clickableUrl(running.url)} (Ctrl+C stops it)\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutdown_started', { signal });
    sidecar.watcher?.close();
    const { forced } = await running.shutdown(config.SHUTDOWN_TIMEOUT_MS);
    await sidecar.close().catch((e: unknown) => logger.error('shutdown_failed', { error: String(e) }));
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
