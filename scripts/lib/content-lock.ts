import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { CONTENT_LOCK_PREFIX } from '../../core/content/content-lock-name.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isLockOwnerRunning, processStartOf } from './is-running.ts';

/** The commands that change a content folder's files: one of them at a time per folder. */
export type ContentCommand = 'pull' | 'import' | 'verify' | 'moderate';

/** Another command holds the content folder's lock: this one did nothing. */
export class ContentLockedError extends Error {
  override name = 'ContentLockedError';
}

/**
 * One command that changes a content folder at a time: `pull` (the sidecar's schedule, the nightly job, a hand-run
 * one), `import`, `verify` and `moderate`. Each reads the review files, works out the new ones and writes them back
 * whole, so two at once each wrote what they had read, and the one that finished last erased the other's reviews (two
 * imports of 30,000 rows both said "30000 new"; the folder kept one batch). The lock is an exclusive file holding the
 * owner's pid and, where the system says it, when that process started. A lock whose process is gone, or whose pid another process took since
 * (after a restart, pids start again from low numbers), is taken over.
 *
 * Atomic at each step, as several commands may start in the same millisecond: the lock appears whole (written to a
 * temporary name, then hard-linked into place, which fails when one is there), a stale one is moved aside by
 * rename before it is judged again (so two takers cannot both remove it, nor one remove a fresh lock), and release
 * removes the lock only while it is still this process's. Returns the release function.
 *
 * Where the lock lives: in the content folder itself, so every process that changes it finds the same lock whatever
 * its temp folder (a sidecar under systemd's PrivateTmp, or started with another TMPDIR, took its own lock in its own
 * /tmp, and a hand-run import beside it lost a batch). Its name starts with a dot and CONTENT_LOCK_PREFIX: the build's
 * inputs hash and git leave it out. The system's temp folder for a folder that does not exist (yet), cannot be written
 * or has no hard links; `dir` (tests) names another folder.
 */
export function acquireContentLock(contentDir: string, command: ContentCommand, dir?: string): () => void {
  if (dir !== undefined) return lockAt(join(dir, hashedName(contentDir)), contentDir, command);
  const real = realFolder(contentDir);
  if (!existsSync(real)) return lockAt(join(tmpdir(), hashedName(contentDir)), contentDir, command);
  try {
    // One name in the folder: the same lock however the folder is reached (a link, a bind mount, another spelling).
    return lockAt(join(real, `${CONTENT_LOCK_PREFIX}folder`), contentDir, command);
  } catch (e) {
    // A folder nobody may write (read-only: verify with its queue elsewhere, a pull that finds nothing new), or a file
    // system without hard links: the system's temp folder, as before the lock moved into the folder.
    if (!NO_LOCK_HERE.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    return lockAt(join(tmpdir(), hashedName(contentDir)), contentDir, command);
  }
}

/** Errors that say the content folder cannot hold the lock (as opposed to a lock being there). */
const NO_LOCK_HERE: ReadonlySet<string> = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP']);

/** A lock name outside the folder: by the folder's real path (through a symbolic link, the same folder got a second lock). */
function hashedName(contentDir: string): string {
  return `${CONTENT_LOCK_PREFIX}${createHash('sha256').update(realFolder(contentDir)).digest('hex').slice(0, 16)}`;
}

/** Takes the lock file at `path` (see acquireContentLock), or throws ContentLockedError naming who holds it. */
function lockAt(path: string, contentDir: string, command: ContentCommand): () => void {
  const start = processStartOf(process.pid);
  const mine = start === null ? String(process.pid) : `${process.pid} ${start}`;
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, mine, { mode: 0o644 });
  try {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      try {
        linkSync(temp, path);
        return () => {
          if (readIfThere(path) === mine) rmSync(path, { force: true });
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const lock = readIfThere(path);
      if (lock === null) continue; // released meanwhile: try again
      if (isLockOwnerRunning(lock))
        throw new ContentLockedError(
          `another command is changing ${contentDir} (a pull, import, verify or moderate: pid ${lock.trim().split(/\s+/)[0]}); this ${command} did nothing — run it again when that one has finished`,
        );
      takeOverStale(path, lock);
    }
  } finally {
    rmSync(temp, { force: true });
  }
  throw new ContentLockedError(`could not take the lock of ${contentDir}; this ${command} did nothing — run it again`);
}

/** The folder's real path (links resolved), or its absolute path when it does not exist (yet). */
function realFolder(contentDir: string): string {
  try {
    return realpathSync(resolve(contentDir));
  } catch {
    return resolve(contentDir);
  }
}

/** Tries before giving up: each round is taken by another command starting at the same moment. */
const MAX_TRIES = 5;

/**
 * Removes the stale lock `seen` from `path`: moved aside under a name of its own, it is removed if it is still that
 * lock; if a fresh lock was moved instead (another command took over first), it is put back, or left to its owner.
 */
function takeOverStale(path: string, seen: string): void {
  const aside = `${path}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // gone already: another command took it over
  }
  if (readIfThere(aside) !== seen) {
    try {
      linkSync(aside, path); // a fresh lock: back where its owner will look for it
    } catch {
      // another lock is there now: the next round finds it
    }
  }
  rmSync(aside, { force: true });
}

function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Runs `body` holding the content folder's lock (acquireContentLock), released whatever happens. */
export async function withContentLock<T>(contentDir: string, command: ContentCommand, body: () => T | Promise<T>): Promise<T> {
  const release = acquireContentLock(contentDir, command);
  try {
    return await body();
  } finally {
    release();
  }
}
