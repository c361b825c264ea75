import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type BuildChanges, diffBuilds } from '../../core/build/build-changes.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

/** Every file under `dir` as a path relative to it (`/`-separated), with its size. */
async function listTree(dir: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  const walk = async (sub: string) => {
    for (const entry of await readdir(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile()) files.set(rel, (await stat(join(dir, rel))).size);
    }
  };
  await walk('');
  return files;
}

const hashOf = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/**
 * The files of the build in `next` that differ from the build in `previous` (null: no previous build).
 * Only files of equal size are read and hashed — a different size is a change already — so a rebuild
 * reads each unchanged file twice and nothing else.
 */
export async function diffDist(previous: string | null, next: string): Promise<BuildChanges> {
  const after = await listTree(next);
  const before = previous ? await listTree(previous).catch(() => null) : null;
  const current = new Map<string, string>();
  const prior = before ? new Map<string, string>() : null;
  for (const [path, size] of after) {
    const old = before?.get(path);
    if (old === undefined || old !== size) {
      current.set(path, `size ${size}`);
      if (old !== undefined) prior!.set(path, `size ${old}`);
      continue;
    }
    const [a, b] = await Promise.all([hashOf(join(next, path)), hashOf(join(previous!, path))]);
    current.set(path, a);
    prior!.set(path, b);
  }
  if (before && prior) for (const [path, size] of before) if (!after.has(path)) prior.set(path, `size ${size}`);
  return diffBuilds(prior, current);
}

/** Where a build of `outDir` reports its changes: beside it, `<parent>/<name>.changes.json`. */
export function changesFile(outDir: string): string {
  return join(dirname(outDir), `${basename(outDir)}.changes.json`);
}

/** Writes the report (temporary name, then rename). */
export function writeChanges(outDir: string, changes: BuildChanges): string {
  const file = changesFile(outDir);
  writeFileAtomic(file, `${JSON.stringify(changes, null, 2)}\n`);
  return file;
}
