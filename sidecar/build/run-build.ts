import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
import type { BuildOptions } from '../../core/build/build-options.ts';
import { computeInputsHash } from './build-inputs.ts';
import { withBuildProcessEnv } from '../../core/build/build-process-env.ts';

/** The project root: where scripts/build.ts, content/ and dist/ live. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/** Everything a build needs to know: where to read, where to write, and the build settings. */
export interface BuildTarget extends BuildOptions {
  DIST_DIR: string;
  CONTENT_DIR: string;
}

/** Why `DIST_DIR` needs a build: missing, stale (its inputs hash differs from the current inputs), or null when current. */
export function distStaleness(target: BuildTarget, root = PROJECT_ROOT): 'missing' | 'stale' | null {
  let built: string;
  try {
    built = (JSON.parse(readFileSync(join(resolve(root, target.DIST_DIR), BUILD_MANIFEST_FILE), 'utf8')) as { inputsHash: string }).inputsHash;
  } catch {
    return 'missing';
  }
  const settings = { BASE_URL: target.BASE_URL, SINCE_WINDOW_DAYS: target.SINCE_WINDOW_DAYS };
  return built === computeInputsHash(root, resolve(root, target.CONTENT_DIR), settings) ? null : 'stale';
}

export interface RunBuildOptions {
  /** Where the build's own output goes (default: our stderr, so stdout stays one JSON line per event). */
  onOutput?: (chunk: Buffer) => void;
  /** Extra environment for the child (e.g. SHINGLE_BUILD_STATS). */
  env?: Record<string, string>;
  /** Aborting stops the build (SIGTERM to the child); the promise then rejects with "build stopped". */
  signal?: AbortSignal;
}

/**
 * The one way to run a full build from code: `node scripts/build.ts` in a child process (same Node
 * binary) with exactly the given target, never the caller's BASE_URL by accident. Stopping this
 * process stops the build (an unfinished staging folder is never swapped in). Resolves with the
 * manifest written; rejects with the build's output when it fails.
 */
export function runBuild(target: BuildTarget, options: RunBuildOptions = {}, root = PROJECT_ROOT): Promise<BuildManifest> {
  const env = {
    ...withBuildProcessEnv(process.env),
    ...options.env,
    DIST_DIR: target.DIST_DIR,
    CONTENT_DIR: target.CONTENT_DIR,
    BASE_URL: target.BASE_URL,
    SINCE_WINDOW_DAYS: String(target.SINCE_WINDOW_DAYS),
  };
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'build.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = () => child.kill('SIGTERM');
    const unlisten = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      options.signal?.removeEventListener('abort', stop);
    };
    // First: a spawn that fails (EMFILE when a flood has taken every descriptor, EAGAIN) emits 'error' on the next
    // tick and leaves no pipes; heard by no one it would end the sidecar.
    child.once('error', (e) => {
      unlisten();
      reject(e);
    });
    let tail = '';
    const output = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-8000);
      (options.onOutput ?? ((c: Buffer) => process.stderr.write(c)))(chunk);
    };
    for (const pipe of [child.stdout, child.stderr]) {
      pipe?.on('data', output);
      pipe?.on('error', () => {}); // a read error ends the pipe; the exit below says how the build went
    }
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    options.signal?.addEventListener('abort', stop, { once: true });
    if (options.signal?.aborted) stop();
    child.once('exit', (code, signal) => {
      unlisten();
      if (options.signal?.aborted) return reject(new Error('build stopped'));
      if (code !== 0) return reject(new Error(`build failed (${signal ?? `exit code ${code}`}):\n${tail}`));
      // Inside an event handler a throw would be an uncaught exception that ends the process (a
      // scheduled rebuild whose dist/ was removed meanwhile): every failure is a rejection instead.
      try {
        const distDir = resolve(root, target.DIST_DIR);
        resolvePromise(JSON.parse(readFileSync(join(distDir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest);
      } catch (e) {
        reject(new Error(`build finished but its manifest could not be read: ${String(e)}`));
      }
    });
  });
}
