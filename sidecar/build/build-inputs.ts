import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { CONTENT_LOCK_PREFIX } from '../../core/content/content-lock-name.ts';
import type { BuildOptions } from '../../core/build/build-options.ts';
import { BUILD_CODE_PATHS, hashBuildInputs, type BuildInputFile } from '../../core/build/inputs-hash.ts';

function listFiles(path: string): string[] {
  let st;
  try {
    st = statSync(path);
  } catch {
    return [];
  }
  if (st.isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

/** Prefix of the inputs hash of a build whose content changed while it ran: it matches no content, so it is stale. */
export const CHANGED_DURING_BUILD = 'changed-during-build:';

/**
 * Every content file's path, size, modification time and inode (a stat each, nothing read): what the build compares
 * before and after to tell that the content changed while it ran. The lock files of running commands are left out.
 */
export function contentFingerprint(contentDir: string): string {
  return listFiles(contentDir)
    .filter((file) => !basename(file).startsWith(CONTENT_LOCK_PREFIX))
    .map((file) => {
      const st = statSync(file, { bigint: true });
      return `${relative(contentDir, file)}\0${st.size}\0${st.mtimeNs}\0${st.ino}`;
    })
    .join('\n');
}

/**
 * Code files are named relative to the project, content files relative to the content folder (under a
 * `<content>/` prefix no project path has): the same content copied elsewhere, or reached by another
 * CONTENT_DIR spelling, is the same input, so its dist/ stays current.
 */
function* readCode(root: string): Iterable<BuildInputFile> {
  for (const file of BUILD_CODE_PATHS.flatMap((p) => listFiles(join(root, p)))) yield { path: relative(root, file), bytes: readFileSync(file) };
}

/** Bytes of a file read at a time into one buffer. */
const CHUNK_BYTES = 1 << 20;

/**
 * A file's bytes as chunks, each valid until the next is read (the hash takes each at once): the content of 100k
 * reviews is hashed a megabyte at a time, not held whole (57 MB) beside a build that is near its memory peak.
 */
function* chunksOf(file: string): Iterable<Uint8Array> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) yield buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

function* readInputs(root: string, contentDir: string): Iterable<BuildInputFile> {
  yield* readCode(root);
  for (const file of listFiles(contentDir)) {
    if (basename(file).startsWith(CONTENT_LOCK_PREFIX)) continue; // a command's lock, there while it runs: no input
    yield { path: `<content>/${relative(contentDir, file)}`, bytes: chunksOf(file) };
  }
}

/**
 * The inputs hash of a build of `contentDir` with `settings`, from the files on disk: the one
 * function the build (for its manifest), the sidecar (is dist/ current?) and the tests call.
 */
export function computeInputsHash(root: string, contentDir: string, settings: BuildOptions): string {
  return hashBuildInputs(settings, readInputs(root, contentDir));
}

/**
 * The hash of the code that renders a build and its settings, without the content: the part of every page's
 * key (page reuse) that says which code rendered it. The runtime is part of that code: a page reused from a build
 * under another Node would keep that Node's date and number formatting (Intl, ICU, time zone data) beside pages
 * rendered under this one.
 */
export function computeCodeHash(root: string, settings: BuildOptions, versions: NodeJS.ProcessVersions = process.versions): string {
  const { node, icu, tz, unicode } = versions;
  const runtime = { path: '<runtime>', bytes: Buffer.from(`node ${node}|icu ${icu}|tz ${tz}|unicode ${unicode}`) };
  return hashBuildInputs(settings, [...readCode(root), runtime]);
}
