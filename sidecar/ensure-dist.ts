import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILD_MANIFEST_FILE } from '../core/build/build-manifest-schema.ts';
import { computeInputsHash } from '../scripts/lib/build-inputs.ts';
import { buildOptionsFromEnv } from '../site/lib/build-options.ts';
import type { SidecarConfig } from './config.ts';
import type { Logger } from './logger.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** Why dist/ needs a build: missing, stale (its inputs hash differs from the current inputs), or null when current. */
export function distStaleness(config: Pick<SidecarConfig, 'DIST_DIR' | 'CONTENT_DIR' | 'BASE_URL' | 'SINCE_WINDOW_DAYS'>): 'missing' | 'stale' | null {
  let built: string;
  try {
    built = (JSON.parse(readFileSync(join(resolve(ROOT, config.DIST_DIR), BUILD_MANIFEST_FILE), 'utf8')) as { inputsHash: string }).inputsHash;
  } catch {
    return 'missing';
  }
  const settings = buildOptionsFromEnv({ BASE_URL: config.BASE_URL, SINCE_WINDOW_DAYS: String(config.SINCE_WINDOW_DAYS) });
  return built === computeInputsHash(ROOT, resolve(ROOT, config.CONTENT_DIR), settings) ? null : 'stale';
}

/**
 * Runs `node scripts/build.ts` as a child process with the sidecar's settings (same Node binary),
 * its output sent to our stderr so stdout stays one JSON line per event. Rejects when it fails.
 */
export function runBuild(config: Pick<SidecarConfig, 'DIST_DIR' | 'CONTENT_DIR' | 'BASE_URL' | 'SINCE_WINDOW_DAYS'>, logger: Logger): Promise<void> {
  const env = {
    ...process.env,
    DIST_DIR: config.DIST_DIR,
    CONTENT_DIR: config.CONTENT_DIR,
    BASE_URL: config.BASE_URL,
    SINCE_WINDOW_DAYS: String(config.SINCE_WINDOW_DAYS),
  };
  const started = performance.now();
  logger.info('build_started', { distDir: config.DIST_DIR, contentDir: config.CONTENT_DIR });
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'build.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(process.stderr);
    child.stderr.pipe(process.stderr);
    // Stopped while building: stop the build too (an unfinished staging folder is never swapped in).
    const stop = () => child.kill('SIGTERM');
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      if (code === 0) {
        logger.info('build_finished', { seconds: Math.round(performance.now() - started) / 1000 });
        resolvePromise();
      } else reject(new Error(`build failed (${signal ?? `exit code ${code}`}); see the output above`));
    });
  });
}
