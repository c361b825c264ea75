import { createHash } from 'node:crypto';
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PullError } from './pull-error.ts';
import { isLockOwnerRunning, processStartOf } from './is-running.ts';

/**
 * One pull per content folder at a time (the sidecar's schedule, the nightly job and a hand-run pull):
 * an exclusive lock file named after the folder, outside it (a lock inside content/ would change the
 * build's inputs), holding the owner's pid and, where the system says it, when that process started. A lock whose
 * process is gone, or whose pid another process took since (after a restart, pids start again from low numbers), is
 * taken over.
 * Returns the release function.
 */
export function acquirePullLock(contentDir: string, dir = tmpdir()): () => void {
  const path = join(dir, `shingle-pull-${createHash('sha256').update(resolve(contentDir)).digest('hex').slice(0, 16)}.lock`);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(path, 'wx');
      const start = processStartOf(process.pid);
      writeSync(fd, start === null ? String(process.pid) : `${process.pid} ${start}`);
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const lock = readFileSync(path, 'utf8');
      if (isLockOwnerRunning(lock))
        throw new PullError('locked', `another pull of ${contentDir} is running (pid ${lock.trim().split(/\s+/)[0]}); this one was skipped`);
      rmSync(path, { force: true });
    }
  }
  throw new PullError('locked', `could not take the pull lock of ${contentDir}`);
}
