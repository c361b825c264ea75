import { chmod, lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { isOwn, isOwnFolder, WRITABLE_BY_OTHERS } from './is-own-folder.ts';

/** Finished builds kept beside the live one, so a server still on an older build can finish serving it. */
const KEEP_BUILDS = 3;

/** Where the finished builds of `outDir` live: `<parent>/.<name>.builds/<stamp>`. */
export function buildsFolder(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.builds`);
}

/**
 * Makes a finished staging folder the live build. `outDir` is a symbolic link to the newest build,
 * replaced with one rename(2) — atomic on POSIX — so a reader (the sidecar's static pages, a web
 * server) always finds the old build or the new one, never neither. Builds are never renamed once
 * live: a server that loaded one keeps reading the same folder. The oldest builds beyond
 * KEEP_BUILDS are removed. A real folder at `outDir` (an older layout) is moved aside first.
 */
export async function swapIn(staging: string, outDir: string): Promise<string> {
  const builds = buildsFolder(outDir);
  const name = `${Date.now().toString().padStart(15, '0')}-${process.pid}`;
  const target = join(builds, name);
  await rm(target, { recursive: true, force: true });
  await mkdir(builds, { recursive: true });
  // In a shared parent (a DIST_DIR under /tmp, say) somebody else may have made this folder first, and could then
  // replace the live build: the build refuses rather than publish from a folder others may write to. Its own
  // folders it makes writable by no one else (a umask of 002 leaves them group-writable), so that the next build
  // may reuse their pages (isOwnBuild in scripts/build.ts).
  await keepPrivate(builds);
  await keepPrivate(staging);
  await rename(staging, target);
  const existing = await lstat(outDir).catch(() => undefined);
  if (existing?.isDirectory()) await rename(outDir, join(builds, `${name}-previous`));
  const link = join(dirname(outDir), `.${basename(outDir)}.link-${process.pid}`);
  await rm(link, { force: true });
  await symlink(join(basename(builds), name), link);
  await rename(link, outDir);
  await pruneBuilds(outDir);
  return target;
}

/** Removes all but the newest KEEP_BUILDS builds (never the live one). */
async function pruneBuilds(outDir: string): Promise<void> {
  for (const old of await buildsBeyond(outDir, KEEP_BUILDS)) await rm(old, { recursive: true, force: true });
}

/** The builds of `outDir` other than the newest `keep` and the live one. */
async function buildsBeyond(outDir: string, keep: number): Promise<string[]> {
  const builds = buildsFolder(outDir);
  const live = basename(await readlink(outDir).catch(() => ''));
  const names = (await readdir(builds).catch(() => [] as string[])).sort().reverse();
  return names.slice(keep).flatMap((old) => (old === live ? [] : [join(builds, old)]));
}

/** A thread's code: removes the folders it is handed (rmSync: no JavaScript between the files). */
const REMOVE_FOLDERS =
  "const { workerData } = require('node:worker_threads'); const { rmSync } = require('node:fs'); for (const dir of workerData) rmSync(dir, { recursive: true, force: true });";

/**
 * Removes, on a worker thread while the build runs, the builds its swap would remove anyway: all but the newest
 * KEEP_BUILDS − 1 (the build adds one) and the live one. A 100k-review build is ~6,000 files and 290 MB; removing
 * one at the swap took 0.6–0.9 s of every nightly rebuild, mostly waiting on the disk. Called once the build's model
 * step has succeeded (content that fails to validate costs no build; a later failure may leave two old builds instead
 * of three), and awaited before its swap. Only in this user's own builds folder (swapIn refuses any other); never rejects: swapIn's
 * own pruning removes whatever is left, and fails the build where it cannot.
 */
export async function pruneBuildsAhead(outDir: string): Promise<void> {
  try {
    if (!(await isOwnFolder(buildsFolder(outDir)))) return;
    const old = await buildsBeyond(outDir, KEEP_BUILDS - 1);
    if (old.length === 0) return;
    await new Promise<void>((resolve) => {
      const worker = new Worker(REMOVE_FOLDERS, { eval: true, workerData: old });
      worker.once('exit', () => resolve());
      worker.once('error', () => undefined); // 'exit' follows; what is left is swapIn's to remove
    });
  } catch {
    // A folder that vanished or cannot be read: swapIn prunes (and reports) as before.
  }
}

/** Makes this user's folder `dir` writable by no one else; throws when it is a link or somebody else's. */
async function keepPrivate(dir: string): Promise<void> {
  const st = await lstat(dir);
  if (!st.isDirectory() || !isOwn(st.uid)) throw new Error(`${dir} is not a folder of this user: remove it, or build into another DIST_DIR`);
  if (st.mode & WRITABLE_BY_OTHERS) await chmod(dir, st.mode & 0o7777 & ~WRITABLE_BY_OTHERS);
}
