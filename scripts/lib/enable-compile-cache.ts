/**
 * Node's compile cache (`module.enableCompileCache`) for every command that preloads `load-env.ts`: without it
 * each start strips the types of and compiles every TypeScript module of core/, site/ and scripts/ again (about
 * 0.4 s of a build's start, measured importing what the build imports: 630–1,050 ms without, 250–390 ms with), and
 * every worker thread and child build pays it again. Node keys each entry by the module's source, so an edited file
 * is compiled afresh.
 *
 * A cache entry is code that will run, so the folder must be one nobody else can write to: a real folder (not a
 * link planted in a shared temporary folder), owned by this user, not writable by group or others — else no cache.
 * `SHINGLE_COMPILE_CACHE` names another folder, or `off`.
 */
import { mkdirSync } from 'node:fs';
import { constants, enableCompileCache as enableNodeCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOwnFolderSync } from './is-own-folder.ts';

/** The folder the cache may use, or null (switched off, or not safely ours). */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.SHINGLE_COMPILE_CACHE ?? join(tmpdir(), 'shingle-compile-cache');
  if (dir === 'off' || dir === '') return null;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return isOwnFolderSync(dir) ? dir : null;
  } catch {
    return null; // a read-only file system, say: the command runs without the cache
  }
}

/**
 * Turns the cache on for this process and, through NODE_COMPILE_CACHE, for the Node processes it starts (the
 * sidecar's scheduled builds, the benches' builds). Returns the folder, or null when it stays off.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = compileCacheDir(env);
  if (dir === null) return null;
  const { status } = enableNodeCompileCache(dir);
  if (status === constants.compileCacheStatus.FAILED) return null;
  env.NODE_COMPILE_CACHE = dir;
  return dir;
}
