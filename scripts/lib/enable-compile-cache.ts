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
import { chmodSync, mkdirSync } from 'node:fs';
import { constants, enableCompileCache as enableNodeCompileCache, getCompileCacheDir } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isOwnFolderSync } from './is-own-folder.ts';

/** The folder the cache may use, made readable by this user alone, or null (switched off, or not safely ours). */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const named = env.SHINGLE_COMPILE_CACHE ?? join(tmpdir(), 'shingle-compile-cache');
  if (named === 'off' || named === '') return null;
  const dir = resolve(named); // handed on to processes that may start elsewhere
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_MODE });
    if (!isOwnFolderSync(dir)) return null;
    // Node makes a folder per Node version inside with the umask (group-writable under 002): nobody else may enter.
    chmodSync(dir, PRIVATE_MODE);
    return dir;
  } catch {
    return null; // a read-only file system, say: the command runs without the cache
  }
}

/** Only this user may list, enter or write the cache folder. */
const PRIVATE_MODE = 0o700;

/**
 * Turns the cache on for this process and, through NODE_COMPILE_CACHE, for the Node processes it starts (the
 * sidecar's scheduled builds, the benches' builds). Returns the folder, or null when it stays off.
 *
 * A NODE_COMPILE_CACHE this process was started with has already turned Node's cache on, before any module ran:
 * it is kept (and handed on) when its folder passes the same check, else it is not handed on and a warning says
 * so — this process cannot turn it off any more.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): string | null {
  if (getCompileCacheDir() !== undefined) {
    const inherited = env.NODE_COMPILE_CACHE;
    if (inherited === undefined) return null; // turned on by other code of this process: nothing to hand on
    const dir = compileCacheDir({ SHINGLE_COMPILE_CACHE: inherited });
    if (dir !== null) {
      env.NODE_COMPILE_CACHE = dir;
      return dir;
    }
    delete env.NODE_COMPILE_CACHE;
    process.stderr.write(`warning: NODE_COMPILE_CACHE (${inherited}) is not a folder of this user alone; not handed on\n`);
    return null;
  }
  const dir = compileCacheDir(env);
  if (dir === null) return null;
  const { status } = enableNodeCompileCache(dir);
  if (status === constants.compileCacheStatus.FAILED) return null;
  env.NODE_COMPILE_CACHE = dir;
  return dir;
}
