import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type BuildChanges, diffBuilds } from '../../core/build/build-changes.ts';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
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
 * The SHA-256 of every document file a build's manifest lists (each encoding), so the largest files (reviews.json,
 * the since files) are not read again: the manifest's hashes were taken from the bytes written, and check-dist
 * verified them. Empty when there is no readable manifest.
 */
async function manifestHashes(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  try {
    const manifest = JSON.parse(await readFile(join(dir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest;
    for (const doc of manifest.documents) for (const f of [doc.identity, doc.gzip, doc.br]) hashes.set(f.file, f.sha256);
  } catch {
    // No manifest (an interrupted or foreign folder): every file is hashed.
  }
  return hashes;
}

/**
 * The files of the build in `next` that differ from the build in `previous` (null: no previous build).
 * Only files of equal size are compared — a different size is a change already — and the documents by the
 * hashes in the two manifests, so a rebuild reads each unchanged page twice and nothing else.
 */
export async function diffDist(previous: string | null, next: string): Promise<BuildChanges> {
  const after = await listTree(next);
  const before = previous ? await listTree(previous).catch(() => null) : null;
  const current = new Map<string, string>();
  const prior = before ? new Map<string, string>() : null;
  const [known, knownBefore] = await Promise.all([manifestHashes(next), previous ? manifestHashes(previous) : new Map<string, string>()]);
  for (const [path, size] of after) {
    const old = before?.get(path);
    if (old === undefined || old !== size) {
      current.set(path, `size ${size}`);
      if (old !== undefined) prior!.set(path, `size ${old}`);
      continue;
    }
    const [a, b] = await Promise.all([known.get(path) ?? hashOf(join(next, path)), knownBefore.get(path) ?? hashOf(join(previous!, path))]);
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
