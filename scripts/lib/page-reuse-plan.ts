import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { copyFileSync, linkSync, lstatSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PageReusePlan } from '../../site/lib/page-reuse.ts';
import type { BuildRecord } from './diff-dist.ts';
import { isOwn } from './is-own-folder.ts';

/**
 * Page reuse (issue 27): the archive pages (/reviews/page/N/, /reviews/YYYY-MM/) of a 100k-review site are
 * about 2,000 pages, and a nightly rebuild changes two or three of them. The pages compute a key per page
 * (site/lib/page-reuse.ts: the rendering code's hash and everything the page reads) and leave out those whose
 * key the previous build recorded; the build links those files from the previous build instead.
 *
 * The plan offers only pages whose file in the previous build is still the one it wrote (this user's, size and
 * modification time as recorded: builds are never changed once live), so a planted or damaged file is rendered again.
 */
export async function planPageReuse(live: string | null, previous: BuildRecord, codeHash: string): Promise<PageReusePlan> {
  const intact = new Map<string, string>();
  if (live) {
    const entries = [...previous.pages];
    const stats = entries.map(([file]) => lstatOrNull(join(live, file)));
    entries.forEach(([file, key], i) => {
      const kept = previous.files.get(file);
      const st = stats[i];
      if (kept && st && isRecordedFile(st, kept)) intact.set(file, key);
    });
  }
  return { codeHash, previous: intact, keys: new Map(), reused: new Set() };
}

/** A reused page as linked into the new build: its SHA-256 and size, as the previous build recorded them. */
export interface LinkedPage {
  sha256: string;
  size: number;
}

/**
 * Links (or, across file systems, copies) every page the plan reused from the previous build `live` into
 * `staging`, where Astro did not write it. Returns each one's recorded hash and size, so compressing and
 * comparing need not read it again.
 *
 * The plan checked the previous build's files seconds earlier, before Astro ran; what is linked is checked again
 * (a link is the same file: its size and modification time must still be the recorded ones; a copy is hashed), so a
 * page replaced in the live build meanwhile is never published under the hash of the page it replaced: the promise
 * rejects, as when a page is gone, and the build renders every page (scripts/build.ts).
 */
export async function linkReusedPages(plan: PageReusePlan, live: string, staging: string, previous: BuildRecord): Promise<Map<string, LinkedPage>> {
  const linked = new Map<string, LinkedPage>();
  // The folders at once, on the thread pool (a folder's creation waits on the file system: one after another, 2,031 of
  // them took longer than all the rest); then the links one after another, with synchronous calls: the first failure is
  // reported with no link still being made (the build then removes the staging folder and renders again), and a link
  // and its check take half the time they took as promises through the pool (2026-11-27).
  const folders = new Set([...plan.reused].map((file) => dirname(join(staging, file))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  for (const file of plan.reused) {
    const to = join(staging, file);
    const kept = previous.files.get(file)!;
    if (!linkIntact(join(live, file), to, kept)) throw new Error(`page reuse: ${file} of the previous build changed while this build ran`);
    linked.set(file, { sha256: kept[2], size: kept[0] });
  }
  return linked;
}

/**
 * Links `from` to `to` (or copies it, across file systems) and tells whether what `to` now holds is the file the
 * record `kept` ([size, mtime, SHA-256]) describes: a link by its size and modification time, a copy (which gets
 * a new modification time) by its hash. Used wherever the build takes a file of the previous build; synchronous, as
 * the build's tail calls it thousands of times with nothing else for its thread to do.
 */
export function linkIntact(from: string, to: string, kept: readonly [number, number, string]): boolean {
  let copied = false;
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
    copied = true;
  }
  const st = lstatSync(to);
  if (!copied) return isRecordedFile(st, kept);
  if (!st.isFile() || st.size !== kept[0]) return false;
  return createHash('sha256').update(readFileSync(to)).digest('hex') === kept[2];
}

/** The file's lstat, or null when it cannot be had (gone, unreadable folder). */
function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

export function isRecordedFile(st: Stats, kept: readonly [number, number, string]): boolean {
  return st.isFile() && isOwn(st.uid) && st.size === kept[0] && st.mtimeMs === kept[1];
}
