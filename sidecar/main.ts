/**
 * `npm start`: the process entry. Validates the config (logged whole with LOG_LEVEL=debug), builds dist/ when it is missing
 * or stale, composes the sidecar (composeSidecar: data documents, search, since, MCP, the WebSub
 * hub, the static pages, the dist watcher and the rebuild schedule), listens, and stops gracefully
 * on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BUILD_MANIFEST_FILE } from '../core/build/build-manifest-schema.ts';
import { foreignBuildReason, projectContentDir } from '../core/build/content-dir-guard.ts';
import { businessNameOf } from '../core/content/business-name.ts';
import { distStaleness, PROJECT_ROOT, runBuild } from './build/run-build.ts';
import { composeSidecar } from './compose-sidecar.ts';
import { parseConfig, redactConfig } from './config.ts';
import { createBatchedWriter } from './log-writer.ts';
import { clickableUrl, createLogger } from './logger.ts';

async function main(): Promise<void> {
  // A log that cannot be written must not end the service: stdout on a full disk (ENOSPC), or a pipe whose reader went
  // away (EPIPE: `npm start | head`, a log shipper restarting) emit 'error' at the next line, which is every request.
  // Those lines are lost; the requests are still answered.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  const output = createBatchedWriter((chunk) => process.stdout.write(chunk));
  const logger = createLogger(output.line);
  process.once('exit', output.flush);
  const parsed = parseConfig(process.env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`config: ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    process.exit(2);
  }
  const config = parsed.data;
  const contentDir = projectContentDir(relative(PROJECT_ROOT, resolve(PROJECT_ROOT, config.CONTENT_DIR)));
  // First line: which content folder and business this server is about (as every command prints).
  logger.info('content', { contentDir, business: readBusinessName(resolve(PROJECT_ROOT, config.CONTENT_DIR)) });
  // The whole config is about 2 KB of JSON: kept for LOG_LEVEL=debug, not the first thing a person sees.
  if (config.LOG_LEVEL === 'debug') logger.debug('config', redactConfig(config));

  const builtFrom = builtFromOf(resolve(PROJECT_ROOT, config.DIST_DIR));
  let current: ReturnType<typeof distStaleness> | undefined;
  const staleNow = () => (current === undefined ? (current = distStaleness(config)) : current);
  const foreign =
    builtFrom !== undefined && builtFrom !== contentDir
      ? foreignBuildReason({ builtFrom, contentDir, sameContent: staleNow() === null, distDir: config.DIST_DIR })
      : null;
  // BUILD_ON_START=never: the operator builds (a sidecar beside a CDN may have no content at all), so the
  // build is served as it is and the mismatch only logged; otherwise start refuses, loudly.
  if (foreign && config.BUILD_ON_START === 'never') logger.warn('foreign_build', { reason: foreign });
  else if (foreign) {
    logger.error('foreign_build', { reason: foreign });
    console.error(`npm start: ${foreign}`);
    process.exit(1);
  }
  const staleness = config.BUILD_ON_START === 'never' ? null : config.BUILD_ON_START === 'always' ? 'forced' : staleNow();
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

/** The business name in the content folder's business.json, or null (the build then says what is wrong). */
function readBusinessName(contentDir: string): string | null {
  try {
    return businessNameOf(readFileSync(join(contentDir, 'business.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** The content folder the build in `distDir` was made from, when its manifest records one. */
function builtFromOf(distDir: string): string | undefined {
  try {
    const recorded = (JSON.parse(readFileSync(join(distDir, BUILD_MANIFEST_FILE), 'utf8')) as { contentDir?: unknown }).contentDir;
    return typeof recorded === 'string' ? recorded : undefined;
  } catch {
    return undefined;
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
