import { chmod, lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isOwn, WRITABLE_BY_OTHERS } from './is-own-folder.ts';

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
  const builds = buildsFolder(outDir);
  const live = basename(await readlink(outDir).catch(() => ''));
  const names = (await readdir(builds).catch(() => [] as string[])).sort().reverse();
  for (const old of names.slice(KEEP_BUILDS)) if (old !== live) await rm(join(builds, old), { recursive: true, force: true });
}

/** Makes this user's folder `dir` writable by no one else; throws when it is a link or somebody else's. */
async function keepPrivate(dir: string): Promise<void> {
  const st = await lstat(dir);
  if (!st.isDirectory() || !isOwn(st.uid)) throw new Error(`${dir} is not a folder of this user: remove it, or build into another DIST_DIR`);
  if (st.mode & WRITABLE_BY_OTHERS) await chmod(dir, st.mode & 0o7777 & ~WRITABLE_BY_OTHERS);
}
