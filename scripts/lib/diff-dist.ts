import { createHash } from 'node:crypto';
import { constants, readdirSync, statSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type BuildChanges, diffBuilds } from '../../core/build/build-changes.ts';
import { byCodePoint } from '../../core/text/by-code-point.ts';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { isPrivate } from './is-own-folder.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

/**
 * Every file under `dir` as a path relative to it (`/`-separated), in code-point order, with its size and modification
 * time. Synchronous calls: a 100k-review build has over 2,000 folders (a folder per listing page) and 6,250 files; read in
 * turn through promises they were most of the time a rebuild spent comparing, and all at once through the thread pool
 * they still cost twice what the calls themselves take.
 */
function listTree(dir: string): Map<string, { size: number; mtimeMs: number }> {
  const paths: string[] = [];
  const walk = (sub: string): void => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) paths.push(rel);
    }
  };
  walk('');
  paths.sort(byCodePoint);
  return new Map(
    paths.map((rel) => {
      const st = statSync(join(dir, rel));
      return [rel, { size: st.size, mtimeMs: st.mtimeMs }];
    }),
  );
}

/** listTree of the previous build, or null when it cannot be listed (removed meanwhile): then every file is new. */
function listTreeOrNull(dir: string): ReturnType<typeof listTree> | null {
  try {
    return listTree(dir);
  } catch {
    return null;
  }
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

/** A build's files as they were written: relative path → [size, mtimeMs, SHA-256]. */
export type FileRecord = Map<string, [size: number, mtimeMs: number, sha256: string]>;

const FILE_RECORD_VERSION = 1;

/** Where the record of the live build of `outDir` is kept: beside it, `<parent>/.<name>.files.json` (never inside dist/). */
export function fileRecordFile(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.files.json`);
}

/**
 * Writes the record of `build` (the folder dist/ now links to) beside `outDir` (temporary name, then rename).
 * `settings` names how its compressed variants were made (see compressPages): a variant is reused only under the same.
 */
export function writeFileRecord(
  outDir: string,
  build: string,
  files: FileRecord,
  settings = '',
  pages: ReadonlyMap<string, string> = new Map(),
): void {
  writeFileAtomic(
    fileRecordFile(outDir),
    JSON.stringify({
      version: FILE_RECORD_VERSION,
      build: basename(build),
      settings,
      files: Object.fromEntries(files),
      pages: Object.fromEntries([...pages].sort(([a], [b]) => (a < b ? -1 : 1))),
    }),
    { mode: RECORD_MODE },
  );
}

/** The record is writable by this user alone whatever the umask: readFileRecord refuses one anybody else may change. */
const RECORD_MODE = 0o644;

/** A build's record: its files, the settings its variants were made with, and the key of each page it rendered (page reuse). */
export interface BuildRecord {
  files: FileRecord;
  settings: string;
  pages: Map<string, string>;
}

/** A regular file of this user that no one else may write, as text; null otherwise (a link is not followed). */
async function readOwnFile(path: string): Promise<string | null> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const st = await handle.stat();
    return st.isFile() && isPrivate(st) ? await handle.readFile('utf8') : null;
  } finally {
    await handle.close();
  }
}

/**
 * The record of `build` kept beside `outDir`, or an empty one when there is none, it is unreadable, it is not this
 * user's own file writable by no one else (a shared parent, a umask of 002: somebody else could have written it),
 * or it describes another build (a build swapped in by an older version, a crash between swap and record). Read
 * through the handle it was checked on, so it cannot be swapped between the check and the read.
 */
export async function readFileRecord(outDir: string, build: string | null): Promise<BuildRecord> {
  const none: BuildRecord = { files: new Map(), settings: '', pages: new Map() };
  try {
    if (build === null) return none;
    const text = await readOwnFile(fileRecordFile(outDir));
    if (text === null) return none;
    const json = JSON.parse(text) as {
      version?: number;
      build?: string;
      settings?: unknown;
      files?: Record<string, unknown>;
      pages?: Record<string, unknown>;
    };
    if (json.version !== FILE_RECORD_VERSION || json.build !== basename(build) || typeof json.files !== 'object' || json.files === null) return none;
    const ok = (v: unknown): v is [number, number, string] =>
      Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number' && typeof v[2] === 'string' && /^[0-9a-f]{64}$/.test(v[2]);
    const files: FileRecord = new Map(Object.entries(json.files).filter((e): e is [string, [number, number, string]] => ok(e[1])));
    const pages = new Map(Object.entries(json.pages ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && files.has(e[0])));
    return { files, settings: typeof json.settings === 'string' ? json.settings : '', pages };
  } catch {
    return none;
  }
}

/**
 * The files of the build in `next` that differ from the build in `previous` (null: no previous build), and the
 * record of `next` for the next build's comparison. Each file of `next` is hashed once — from `known` (the hashes
 * of the bytes this build wrote: pages, their variants) or the manifest's document hashes where possible, else by
 * reading it. A file of `previous` is compared by its hash in `previousRecord` (what the previous build wrote)
 * when its size and modification time are still the recorded ones, else by its size, and only when the sizes
 * are equal by reading it: a nightly rebuild reads none of the previous build's files.
 */
export async function compareDist(
  previous: string | null,
  next: string,
  options: { known?: ReadonlyMap<string, string>; previousRecord?: FileRecord } = {},
): Promise<{ changes: BuildChanges; record: FileRecord }> {
  const after = listTree(next);
  const before = previous ? listTreeOrNull(previous) : null;
  const record: FileRecord = new Map();
  const current = new Map<string, string>();
  const prior = before ? new Map<string, string>() : null;
  const known = new Map([...(await manifestHashes(next)), ...(options.known ?? [])]);
  const knownBefore = previous ? await manifestHashes(previous) : new Map<string, string>();
  const stored = options.previousRecord ?? new Map();
  for (const [path, { size, mtimeMs }] of after) {
    const hash = known.get(path) ?? (await hashOf(join(next, path)));
    record.set(path, [size, mtimeMs, hash]);
    current.set(path, hash);
    const old = before?.get(path);
    if (old === undefined) continue;
    const kept = stored.get(path);
    if (kept && kept[0] === old.size && kept[1] === old.mtimeMs) prior!.set(path, kept[2]);
    else if (old.size !== size) prior!.set(path, `size ${old.size}`);
    else prior!.set(path, knownBefore.get(path) ?? (await hashOf(join(previous!, path))));
  }
  if (before && prior) for (const [path, { size }] of before) if (!after.has(path)) prior.set(path, `size ${size}`);
  return { changes: diffBuilds(prior, current), record };
}

/** The files of the build in `next` that differ from the build in `previous` (see compareDist). */
export async function diffDist(previous: string | null, next: string): Promise<BuildChanges> {
  return (await compareDist(previous, next)).changes;
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
