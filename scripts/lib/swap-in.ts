import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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
